import Foundation

/// The hours a kiosk is awake (`--awake`): local time ranges, each on some
/// days of the week or on all of them, a range whose end is not after its
/// start running past midnight into the next day. Outside them it sleeps.
/// Reckoned on the calendar it is asked with (its time zone), so a change
/// of daylight saving time moves no edge off its wall-clock time.
public struct AwakeSchedule: Equatable, Sendable, CustomStringConvertible {
    public struct Range: Equatable, Sendable {
        /// Days the range starts on, as `Calendar` numbers them (1 Sunday ... 7
        /// Saturday); all seven when no day was written.
        public var days: Set<Int>
        /// Seconds from midnight; `end` at or before `start` is on the next day.
        public var start: Int
        public var end: Int
    }

    public var ranges: [Range]
    /// As written, for messages.
    public let text: String

    public var description: String { text }

    /// Day names as written, each with its `Calendar` weekday number.
    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// What `--awake` accepts, for its message.
    static let expected = "--awake expects time ranges such as 07:00-22:00 or 'mon-fri 08:00-18:00, sat 10:00-16:00' (hours 0-24, minutes 00-59)"

    /// Reads ranges separated by commas or spaces; day names or a span of
    /// them (`mon-fri`, `sat sun`, `fri-mon`) before a range apply to it.
    /// Throws a `UsageError` naming the value and what is wrong with it.
    public init(parsing text: String) throws {
        self.text = text
        func refuse(_ why: String) -> LaunchOptions.UsageError {
            LaunchOptions.UsageError(message: "\(Self.expected), got '\(text)' (\(why))")
        }
        var ranges: [Range] = []
        var days: Set<Int> = []
        let tokens = text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " })
        for token in tokens {
            if token.contains(":") || token.first?.isNumber == true {
                let ends = token.split(separator: "-", omittingEmptySubsequences: false)
                guard ends.count == 2 else { throw refuse("'\(token)' is no range HH:MM-HH:MM") }
                guard let start = Self.seconds(ends[0]) else { throw refuse("'\(ends[0])' is no time of day HH:MM") }
                guard let end = Self.seconds(ends[1]) else { throw refuse("'\(ends[1])' is no time of day HH:MM") }
                guard start != end else { throw refuse("'\(token)' starts where it ends") }
                ranges.append(Range(days: days.isEmpty ? Set(1...7) : days, start: start, end: end))
                days = []
            } else {
                let span = token.split(separator: "-", omittingEmptySubsequences: false)
                let numbers = span.map { name in Self.dayNames.firstIndex(of: String(name)).map { $0 + 1 } }
                guard (1...2).contains(numbers.count), let first = numbers.first!, let last = numbers.last! else {
                    throw refuse("'\(token)' is no day or span of days such as mon or mon-fri")
                }
                var day = first
                while true {
                    days.insert(day)
                    if day == last { break }
                    day = day % 7 + 1
                }
            }
        }
        guard days.isEmpty else { throw refuse("days with no hours after them") }
        guard !ranges.isEmpty else { throw refuse("no range") }
        self.ranges = ranges
    }

    /// `H:MM` or `HH:MM` (or `HH:MM:SS`, which the tests use to end a
    /// range seconds from now), 0:00 to 24:00, in seconds.
    private static func seconds(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count), parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard (0...24).contains(numbers[0]), numbers.dropFirst().allSatisfy({ (0...59).contains($0) }) else { return nil }
        let total = numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
        return total <= Self.day ? total : nil
    }

    /// A day's seconds on the wall clock.
    static let day = 24 * 3600

    /// The awake stretches that touch the eight days from the day before
    /// `date`, merged where they meet or overlap, in order.
    private func stretches(around date: Date, calendar: Calendar) -> [(start: Date, end: Date)] {
        let today = calendar.startOfDay(for: date)
        var found: [(start: Date, end: Date)] = []
        for offset in -1...8 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
            let weekday = calendar.component(.weekday, from: day)
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            for range in ranges where range.days.contains(weekday) {
                guard let start = Self.wallClock(range.start, on: parts, calendar: calendar),
                      let end = Self.wallClock(range.end + (range.end <= range.start ? Self.day : 0), on: parts, calendar: calendar),
                      end > start else { continue }
                found.append((start, end))
            }
        }
        found.sort { $0.start < $1.start }
        var merged: [(start: Date, end: Date)] = []
        for stretch in found {
            if let last = merged.last, stretch.start <= last.end {
                merged[merged.count - 1].end = max(last.end, stretch.end)
            } else {
                merged.append(stretch)
            }
        }
        return merged
    }

    /// The wall-clock time `seconds` into the day `parts` (past 24 hours:
    /// the days after it), as `Calendar` places a time that a change of
    /// daylight saving time skips or repeats.
    private static func wallClock(_ seconds: Int, on parts: DateComponents, calendar: Calendar) -> Date? {
        var parts = parts
        parts.day! += seconds / day
        parts.hour = seconds % day / 3600
        parts.minute = seconds % 3600 / 60
        parts.second = seconds % 60
        return calendar.date(from: parts)
    }

    /// Whether the kiosk is awake at `date`, on `calendar`'s time zone.
    public func isAwake(at date: Date, calendar: Calendar) -> Bool {
        stretches(around: date, calendar: calendar).contains { $0.start <= date && date < $0.end }
    }

    /// The next moment after `date` the kiosk falls asleep or wakes.
    public func nextEdge(after date: Date, calendar: Calendar) -> Date? {
        stretches(around: date, calendar: calendar).flatMap { [$0.start, $0.end] }.filter { $0 > date }.min()
    }
}
