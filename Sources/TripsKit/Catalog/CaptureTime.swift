import Foundation
import PhotoFile

/// When a photo was taken: the moment (to order photos and find the gaps
/// between trips) and the wall clock where it was taken (to count a trip's
/// calendar days and name its month), from EXIF (a clip's container) or
/// else the file's modification time.
public struct CaptureTime: Equatable, Sendable {
    /// Seconds since 1970 UTC.
    public var instant: Double
    /// Seconds since 1970 on the local wall clock of the place and time.
    public var wall: Double

    /// The calendar day on the wall clock.
    public var day: CalendarDay { CalendarDay(daysSince1970: Int((wall / 86400).rounded(.down))) }
}

/// The two readings of a capture time, in an extension so that the
/// memberwise `init(instant:wall:)` stays the compiler's.
extension CaptureTime {
    /// EXIF's wall clock; its offset when the camera wrote one, else the
    /// offset `timeZone` had then (the camera is taken to be set to it).
    public init(exif: ExifCaptureTime, timeZone: TimeZone) {
        let wall = Double(exif.wallSeconds)
        let offset = exif.offsetSeconds ?? timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        self.init(instant: wall - Double(offset), wall: wall)
    }

    /// A file's modification time, on the wall clock of `timeZone`.
    public init(modified: Double, timeZone: TimeZone) {
        self.init(utc: modified, timeZone: timeZone)
    }

    /// A moment in UTC (a clip's creation time), on the wall clock of `timeZone`.
    public init(utc seconds: Double, timeZone: TimeZone) {
        self.init(instant: seconds, wall: seconds + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))))
    }
}

/// A day of the Gregorian calendar, counted from 1970-01-01.
public struct CalendarDay: Equatable, Hashable, Sendable, Comparable {
    public var daysSince1970: Int
    public init(daysSince1970: Int) { self.daysSince1970 = daysSince1970 }

    /// Year, month (1-12) and day (1-31): Howard Hinnant's civil_from_days.
    public var civil: (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// The day of `year`, `month` (1-12) and `day`: Howard Hinnant's days_from_civil.
    public init(year: Int, month: Int, day: Int) {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        self.init(daysSince1970: era * 146097 + doe - 719468)
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.daysSince1970 < b.daysSince1970 }
}
