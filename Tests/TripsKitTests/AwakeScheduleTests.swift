import XCTest
@testable import TripsKit

/// `--awake`'s hours read and reckoned on a calendar given to them: across
/// midnight, on days of the week, and at daylight saving changes in
/// several time zones (the edges stay on their wall-clock times).
final class AwakeScheduleTests: XCTestCase {
    private func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// `text` ("2026-03-29 00:30") as wall-clock time in `zone`.
    private func date(_ text: String, _ zone: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    /// `date` as wall-clock time in `zone`, as `date(_:_:)` reads it.
    private func wall(_ date: Date?, _ zone: String) -> String? {
        guard let date else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    func testARangeCrossingMidnightIsAwakeOnBothSidesOfIt() throws {
        let schedule = try AwakeSchedule(parsing: "18:00-02:00")
        let zone = "Europe/Paris", cal = calendar(zone)
        XCTAssertFalse(schedule.isAwake(at: date("2026-06-10 17:59", zone), calendar: cal))
        XCTAssertTrue(schedule.isAwake(at: date("2026-06-10 18:00", zone), calendar: cal))
        XCTAssertTrue(schedule.isAwake(at: date("2026-06-10 23:59", zone), calendar: cal))
        XCTAssertTrue(schedule.isAwake(at: date("2026-06-11 01:59", zone), calendar: cal), "after midnight: the range of the day before")
        XCTAssertFalse(schedule.isAwake(at: date("2026-06-11 02:00", zone), calendar: cal))
        XCTAssertEqual(wall(schedule.nextEdge(after: date("2026-06-10 23:00", zone), calendar: cal), zone), "2026-06-11 02:00")
        XCTAssertEqual(wall(schedule.nextEdge(after: date("2026-06-11 02:00", zone), calendar: cal), zone), "2026-06-11 18:00")
    }

    func testDaysOfTheWeekAndSeveralRanges() throws {
        // 2026-06-12 is a Friday, 13th a Saturday, 15th a Monday.
        let schedule = try AwakeSchedule(parsing: "mon-fri 08:00-18:00, sat 10:00-12:00 14:00-16:00")
        let zone = "America/New_York", cal = calendar(zone)
        XCTAssertTrue(schedule.isAwake(at: date("2026-06-12 17:00", zone), calendar: cal))
        XCTAssertFalse(schedule.isAwake(at: date("2026-06-13 09:00", zone), calendar: cal), "Saturday starts at ten")
        XCTAssertTrue(schedule.isAwake(at: date("2026-06-13 11:00", zone), calendar: cal))
        XCTAssertTrue(schedule.isAwake(at: date("2026-06-13 15:00", zone), calendar: cal), "a range with no days of its own: every day")
        XCTAssertFalse(schedule.isAwake(at: date("2026-06-13 13:00", zone), calendar: cal))
        XCTAssertFalse(schedule.isAwake(at: date("2026-06-15 07:59", zone), calendar: cal))
        // Saturday evening: Sunday 14:00 (the every-day range) comes first.
        XCTAssertEqual(wall(schedule.nextEdge(after: date("2026-06-13 18:00", zone), calendar: cal), zone), "2026-06-14 14:00")
        let weekend = try AwakeSchedule(parsing: "fri-mon 20:00-01:00")
        XCTAssertTrue(weekend.isAwake(at: date("2026-06-16 00:30", zone), calendar: cal), "Monday's range runs into Tuesday")
        XCTAssertFalse(weekend.isAwake(at: date("2026-06-16 20:30", zone), calendar: cal), "no range starts on Tuesday")
        XCTAssertEqual(wall(weekend.nextEdge(after: date("2026-06-16 02:00", zone), calendar: cal), zone), "2026-06-19 20:00")
    }

    func testTheEdgesStayOnTheirWallClockTimesAcrossDaylightSavingChanges() throws {
        let schedule = try AwakeSchedule(parsing: "07:00-22:00")
        // Lisbon goes from 01:00 to 02:00 on 2026-03-29 and back from 02:00 to 01:00 on 2026-10-25;
        // New York changes on 2026-03-08 and 2026-11-01; Auckland (southern) on 2026-04-05 and 2026-09-27.
        for (zone, day) in [("Europe/Lisbon", "2026-03-29"), ("Europe/Lisbon", "2026-10-25"), ("America/New_York", "2026-03-08"),
                            ("America/New_York", "2026-11-01"), ("Pacific/Auckland", "2026-04-05"), ("Pacific/Auckland", "2026-09-27"),
                            ("Asia/Tokyo", "2026-03-29")] {
            let cal = calendar(zone)
            let night = date(day + " 00:30", zone)
            XCTAssertFalse(schedule.isAwake(at: night, calendar: cal), zone)
            let wakes = schedule.nextEdge(after: night, calendar: cal)
            XCTAssertEqual(wall(wakes, zone), day + " 07:00", "\(zone) \(day)")
            XCTAssertEqual(wall(schedule.nextEdge(after: wakes!, calendar: cal), zone), day + " 22:00", "\(zone) \(day)")
        }
        // The night before Lisbon's spring change is an hour shorter, the autumn one an hour longer.
        let lisbon = calendar("Europe/Lisbon")
        let spring = date("2026-03-28 22:00", "Europe/Lisbon")
        XCTAssertEqual(schedule.nextEdge(after: spring, calendar: lisbon)!.timeIntervalSince(spring), 8 * 3600)
        let autumn = date("2026-10-24 22:00", "Europe/Lisbon")
        XCTAssertEqual(schedule.nextEdge(after: autumn, calendar: lisbon)!.timeIntervalSince(autumn), 10 * 3600)
    }

    func testARangeInTheSkippedHourOfLisbonsSpringChange() throws {
        // 01:00-01:30 does not exist on 2026-03-29 in Lisbon: that night has no waking, the next has its half hour.
        let schedule = try AwakeSchedule(parsing: "01:00-01:30")
        let zone = "Europe/Lisbon", cal = calendar(zone)
        let edge = schedule.nextEdge(after: date("2026-03-29 00:30", zone), calendar: cal)
        XCTAssertNotNil(edge)
        XCTAssertFalse(schedule.isAwake(at: date("2026-03-29 02:45", zone), calendar: cal))
        XCTAssertTrue(schedule.isAwake(at: date("2026-03-30 01:15", zone), calendar: cal))
    }

    func testAwakeAllDayAndEveryMinuteBoundary() throws {
        let schedule = try AwakeSchedule(parsing: "0:00-24:00")
        let zone = "UTC", cal = calendar(zone)
        XCTAssertTrue(schedule.isAwake(at: date("2026-01-01 00:00", zone), calendar: cal))
        XCTAssertTrue(schedule.isAwake(at: date("2026-01-01 23:59", zone), calendar: cal))
        let seconds = try AwakeSchedule(parsing: "08:00:00-08:00:05")
        XCTAssertTrue(seconds.isAwake(at: date("2026-01-01 08:00", zone).addingTimeInterval(4), calendar: cal))
        XCTAssertFalse(seconds.isAwake(at: date("2026-01-01 08:00", zone).addingTimeInterval(5), calendar: cal))
    }

    func testBadValuesAreNamed() {
        for (value, why) in [("25:00-07:00", "'25:00' is no time of day"), ("7-22", "'7' is no time of day"),
                             ("07:00", "'07:00' is no range"), ("07:60-08:00", "'07:60'"), ("mon-frx 07:00-08:00", "'mon-frx' is no day"),
                             ("mon", "days with no hours"), ("", "no range"), ("08:00-08:00", "starts where it ends")] {
            XCTAssertThrowsError(try AwakeSchedule(parsing: value), value) { error in
                let message = (error as? LaunchOptions.UsageError)?.message ?? ""
                XCTAssertTrue(message.contains("got '\(value)'"), message)
                XCTAssertTrue(message.contains(why), message)
            }
        }
    }
}
