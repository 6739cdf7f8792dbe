/// Every sentence the app builds about trips and photos, in one place and
/// in the visitor's language: nights, months, date ranges, photo counts,
/// the page of a trip. The words come from `strings` (gettext's catalogues
/// in the app, English in tests).
public struct TripWording: Sendable {
    public let strings: Strings

    public init(strings: Strings) {
        self.strings = strings
    }

    static let shortMonthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Day trip", "1 night", "4 nights".
    public func nights(_ n: Int) -> String {
        n == 0 ? strings(.dayTrip) : strings.count(.nights, n)
    }

    /// "May 2024" ("mai 2024", "2024年5月").
    public func month(_ day: CalendarDay) -> String {
        let c = day.civil
        return strings(.monthAndYear, strings.monthName(c.month), String(c.year))
    }

    /// A group of loose photos is named by its dates: "12 May 2024",
    /// "12–18 May 2024", "30 May – 2 Jun 2024", "30 Dec 2024 – 2 Jan 2025".
    /// The name is made once, when the library is read, and stays English
    /// like a folder's name (it is the trip's name, not the app's words).
    public static func dateRange(_ first: CalendarDay, _ last: CalendarDay) -> String {
        let a = first.civil, b = last.civil
        if first == last { return "\(a.day) \(shortMonthNames[a.month - 1]) \(a.year)" }
        if a.year == b.year && a.month == b.month { return "\(a.day)–\(b.day) \(shortMonthNames[a.month - 1]) \(a.year)" }
        if a.year == b.year { return "\(a.day) \(shortMonthNames[a.month - 1]) – \(b.day) \(shortMonthNames[b.month - 1]) \(a.year)" }
        return "\(a.day) \(shortMonthNames[a.month - 1]) \(a.year) – \(b.day) \(shortMonthNames[b.month - 1]) \(b.year)"
    }

    /// "1 photo", "27 photos".
    public func photoCount(_ n: Int) -> String { strings.count(.photos, n) }

    /// The page shown under the city in the big photo: "3 / 27" (1-based).
    public func page(_ index: Int, of count: Int) -> String { strings(.page, String(index + 1), String(count)) }

    /// The big photo's accessibility value: "Photo 3 of 27".
    public func pageForAccessibility(_ index: Int, of count: Int) -> String {
        strings(.photoNumber, String(index + 1), String(count))
    }

    /// A row's second line: "May 2024 · 27 photos" (what is known of it).
    public func rowDetail(month: CalendarDay?, photos: Int) -> String {
        ([month.map(self.month)] + [photoCount(photos)]).compactMap { $0 }.joined(separator: " · ")
    }

    /// The attract loop's caption: "Lisbon · 4 nights".
    public static func caption(city: String, nights: String?) -> String {
        [city, nights].compactMap { $0 }.joined(separator: " · ")
    }
}
