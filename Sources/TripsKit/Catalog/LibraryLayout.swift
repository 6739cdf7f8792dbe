import Foundation

/// What a folder of a library is, from its path alone (docs/PHOTOS.md,
/// "Libraries"): an album, whose photos are one trip, or part of a
/// camera's layout (a phone's DCIM, a `Camera` dump, a year/month/day
/// tree), whose photos are pooled with the loose ones and split by time.
public enum LibraryLayout {
    /// Folder names phones, cameras and sync apps give their dumps.
    static let cameraNames: Set<String> = ["camera", "dcim", "screenshots", "camera roll", "camera uploads", "camerauploads"]

    /// Whether the folder at `path` (from the library's root, "" for the
    /// root, components joined by "/") holds a camera's photos rather than
    /// an album: it or a folder above it is named like a camera's, or it
    /// ends in a year/month/day tree.
    public static func isCameraLayout(_ path: String) -> Bool {
        guard !path.isEmpty else { return true }
        let parts = path.split(separator: "/").map(String.init)
        if parts.contains(where: isCameraName) { return true }
        // A year, then only months, days or whole dates below it.
        for (k, part) in parts.enumerated() where isYear(part) {
            if parts[(k + 1)...].allSatisfy(isDatePart) { return true }
        }
        return false
    }

    /// `Camera`, `DCIM`, and the DCF folders inside DCIM: three digits from
    /// 100 and five letters, digits or underscores (`100APPLE`, `101_PANA`).
    static func isCameraName(_ name: String) -> Bool {
        if cameraNames.contains(name.lowercased()) { return true }
        let bytes = Array(name.utf8)
        guard bytes.count == 8, bytes[0] >= UInt8(ascii: "1"), bytes[0] <= UInt8(ascii: "9"),
              bytes[1...2].allSatisfy(isDigit) else { return false }
        return bytes[3...].allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
    }

    static func isYear(_ name: String) -> Bool {
        guard name.utf8.count == 4, name.utf8.allSatisfy(isDigit), let year = Int(name) else { return false }
        return (1900..<2200).contains(year)
    }

    /// "05", "5", "12", or a whole date that is nothing else ("2023-05-12").
    static func isDatePart(_ name: String) -> Bool {
        if (1...2).contains(name.utf8.count), name.utf8.allSatisfy(isDigit) { return true }
        guard let date = FolderDate(name: name) else { return false }
        return date.length == name.utf8.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    }
}

/// The date a folder's name begins with (`2021-12-24 Christmas`,
/// `2021-12 Porto`, `20211224_party`): its trip's date when its photos
/// know none of their own.
public struct FolderDate: Equatable, Sendable {
    public var year: Int
    public var month: Int
    /// 1 when the name gives only the month.
    public var day: Int
    /// How many bytes of the name the date takes.
    var length: Int

    public init?(name: String) {
        let b = Array(name.utf8.prefix(10))
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var value = 0
            for k in range {
                guard b[k] >= UInt8(ascii: "0"), b[k] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(b[k] - UInt8(ascii: "0"))
            }
            return value
        }
        func separator(_ k: Int) -> Bool { k < b.count && (b[k] == UInt8(ascii: "-") || b[k] == UInt8(ascii: "_") || b[k] == UInt8(ascii: ".")) }
        guard let year = number(0..<4), (1900..<2200).contains(year) else { return nil }
        var month: Int?, day = 1, length = 0
        if separator(4), let m = number(5..<7) {
            month = m
            length = 7
            if separator(7), let d = number(8..<10) { day = d; length = 10 }
        } else if let m = number(4..<6), let d = number(6..<8) {
            month = m
            day = d
            length = 8
        }
        guard let month, (1...12).contains(month), (1...31).contains(day) else { return nil }
        // The date must end the name or be followed by a break, not run into more digits.
        let rest = Array(name.utf8.dropFirst(length))
        if let next = rest.first, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.length = length
    }

    /// Noon of that day on the wall clock of `timeZone`: the time a photo
    /// without one of its own is given in the folder's trip.
    public func captureTime(timeZone: TimeZone) -> CaptureTime {
        let days = CalendarDay(year: year, month: month, day: day).daysSince1970
        let wall = Double(days) * 86400 + 12 * 3600
        return CaptureTime(instant: wall - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))), wall: wall)
    }
}
