/// One trip of the Overview: a city, how many nights, and its photo.
public struct Trip: Equatable, Sendable, Identifiable {
    /// Stable identifier (saved orders and replay snapshots refer to it).
    public var id: String
    public var city: String
    /// Nights stayed; nil for photos shown from a plain folder (`--photos`).
    public var nights: Int?
    /// Absolute path of the photo file.
    public var photoPath: String

    public init(id: String, city: String, nights: Int?, photoPath: String) {
        self.id = id
        self.city = city
        self.nights = nights
        self.photoPath = photoPath
    }

    /// The list row's second line in English ("4 nights", "1 night").
    public var nightsText: String? { nightsText(in: .english) }

    /// The list row's second line in the language of `strings`.
    public func nightsText(in strings: Strings) -> String? {
        nights.map { strings.count(.nights, $0) }
    }
}
