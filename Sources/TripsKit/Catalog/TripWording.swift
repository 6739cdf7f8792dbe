/// Every sentence the app builds about trips and photos, in one place, so
/// that a translation can take them over together: nights, months, date
/// ranges, photo counts, the page of a trip.
public enum TripWording {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
    static let shortMonthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Day trip", "1 night", "4 nights".
    public static func nights(_ n: Int) -> String {
        switch n {
        case 0: return "Day trip"
        case 1: return "1 night"
        default: return "\(n) nights"
        }
    }

    /// "May 2024".
    public static func month(_ day: CalendarDay) -> String {
        let c = day.civil
        return "\(monthNames[c.month - 1]) \(c.year)"
    }

    /// "12 May 2024", "12–18 May 2024", "30 May – 2 Jun 2024", "30 Dec 2024 – 2 Jan 2025".
    public static func dateRange(_ first: CalendarDay, _ last: CalendarDay) -> String {
        let a = first.civil, b = last.civil
        if first == last { return "\(a.day) \(shortMonthNames[a.month - 1]) \(a.year)" }
        if a.year == b.year && a.month == b.month { return "\(a.day)–\(b.day) \(shortMonthNames[a.month - 1]) \(a.year)" }
        if a.year == b.year { return "\(a.day) \(shortMonthNames[a.month - 1]) – \(b.day) \(shortMonthNames[b.month - 1]) \(a.year)" }
        return "\(a.day) \(shortMonthNames[a.month - 1]) \(a.year) – \(b.day) \(shortMonthNames[b.month - 1]) \(b.year)"
    }

    /// "1 photo", "27 photos".
    public static func photoCount(_ n: Int) -> String { n == 1 ? "1 photo" : "\(n) photos" }

    /// The page shown under the city in the big photo: "3 / 27" (1-based).
    public static func page(_ index: Int, of count: Int) -> String { "\(index + 1) / \(count)" }

    /// The big photo's accessibility value: "Photo 3 of 27".
    public static func pageForAccessibility(_ index: Int, of count: Int) -> String { "Photo \(index + 1) of \(count)" }

    /// A row's second line: "May 2024 · 27 photos" (what is known of it).
    public static func rowDetail(month: CalendarDay?, photos: Int) -> String {
        ([month.map(Self.month)] + [photoCount(photos)]).compactMap { $0 }.joined(separator: " · ")
    }

    /// The attract loop's caption: "Lisbon · 4 nights".
    public static func caption(city: String, nights: String?) -> String {
        [city, nights].compactMap { $0 }.joined(separator: " · ")
    }
}
