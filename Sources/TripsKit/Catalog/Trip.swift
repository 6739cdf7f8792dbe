/// One trip of the Overview: a city, how many nights, and its photos.
public struct Trip: Equatable, Sendable, Identifiable {
    /// Stable identifier (saved orders and replay snapshots refer to it).
    public var id: String
    public var city: String
    /// Nights stayed; nil when not known.
    public var nights: Int?
    /// Absolute paths of the trip's photos, in capture order.
    public var photoPaths: [String]
    /// Which of `photoPaths` stands for the trip in the strip.
    public var coverIndex: Int
    /// The day of its first photo, when capture times are known.
    public var firstDay: CalendarDay?
    /// Why each of the last files of `photoPaths` is no photo to show, in
    /// their order: they are placeholders that say so, not counted, never the cover.
    public var unshownReasons: [UnshownReason]
    /// Each item's capture time, shape and kind as read from its file, in
    /// `photoPaths`' order; empty when not known (a trips file).
    public var photoShapes: [PhotoShape]

    public init(id: String, city: String, nights: Int?, photoPaths: [String], coverIndex: Int = 0, firstDay: CalendarDay? = nil,
                unshownReasons: [UnshownReason] = [], photoShapes: [PhotoShape] = []) {
        let unshown = unshownReasons.count
        precondition(!photoPaths.isEmpty && photoPaths.indices.contains(coverIndex), "a trip has at least one photo and its cover is one of them")
        precondition(unshown < photoPaths.count && coverIndex < photoPaths.count - unshown, "a trip shows a photo, its cover")
        self.unshownReasons = unshownReasons
        self.id = id
        self.city = city
        self.nights = nights
        self.photoPaths = photoPaths
        self.coverIndex = coverIndex
        self.firstDay = firstDay
        self.photoShapes = photoShapes.count == photoPaths.count ? photoShapes : []
    }

    public init(id: String, city: String, nights: Int?, photoPath: String) {
        self.init(id: id, city: city, nights: nights, photoPaths: [photoPath])
    }

    /// Absolute path of the cover photo.
    public var photoPath: String { photoPaths[coverIndex] }

    /// The list row's nights in English ("Day trip", "1 night", "4 nights").
    public var nightsText: String? { nightsText(in: .english) }

    /// The list row's nights in the language of `strings`.
    public func nightsText(in strings: Strings) -> String? {
        nights.map(TripWording(strings: strings).nights)
    }

    /// The list row's second line ("May 2024 · 27 photos") in the language
    /// of `strings`; nil for a lone photo with no date, which needs none.
    public func detailText(in strings: Strings = .english) -> String? {
        guard firstDay != nil || photoCount > 1 else { return nil }
        return TripWording(strings: strings).rowDetail(month: firstDay, photos: photoCount)
    }

    /// How many of `photoPaths`, the last ones, are files that are no photos to show.
    public var unshown: Int { unshownReasons.count }

    /// The photos it shows: the files that are no photos are not counted.
    public var photoCount: Int { photoPaths.count - unshown }

    /// What item `index` is (`PhotoShape`), or nil when not known (a trips file).
    public func shape(photo index: Int) -> PhotoShape? {
        photoShapes.indices.contains(index) ? photoShapes[index] : nil
    }

    /// Why photo `index` cannot be shown, or nil for a photo.
    public func unshownReason(photo index: Int) -> UnshownReason? {
        index >= photoCount && index < photoPaths.count ? unshownReasons[index - photoCount] : nil
    }
}
