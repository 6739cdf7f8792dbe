import XCTest
import Gestures
@testable import TripsKit

/// A kiosk asleep and awake on the model, its wall clock set by the test:
/// black and silent outside its hours, one wake-up at the next edge, a
/// touch that only wakes it for `--wake-for`, the signals, the reader.
final class SleepTests: XCTestCase {
    /// The wall clock the model reads; the test moves it with the model's time.
    private final class TestTime: @unchecked Sendable {
        var now: Date
        init(_ now: Date) { self.now = now }
    }

    private let catalog = TripCatalog(trips: (0..<3).map { Trip(id: "t\($0)", city: "C", nights: 1, photoPath: "/x") })
    /// 2026-06-10 21:59:50 UTC: ten seconds before a 07:00-22:00 day ends.
    private let start = Date(timeIntervalSince1970: 1_781_128_790)
    private var time: TestTime!
    private var app: AppModel!

    override func setUp() {
        time = TestTime(start)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let clock = WallClock(now: { [time] in time!.now }, calendar: utc)
        app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk, idleTimeout: 120,
                       wakefulness: Wakefulness(schedule: try! AwakeSchedule(parsing: "07:00-22:00"), wakeForSeconds: 30, clock: clock))
    }

    /// Model and wall clock both at `seconds` from the start.
    @discardableResult
    private func advance(to seconds: Double) -> Bool {
        time.now = start.addingTimeInterval(seconds)
        return app.advance(to: seconds)
    }

    /// The falling asleep and waking since the last call.
    private func kinds() -> [AppEvent.Kind] { app.takeEvents().map(\.kind).filter { $0 == .asleep || $0 == .awake } }

    func testAtTheEdgeItSleepsBlackWithOneWakeUpAtTheNextEdge() {
        advance(to: 1)
        XCTAssertFalse(app.isAsleep)
        XCTAssertEqual(app.nextDeadline, 10, "the edge at 22:00 is the loop's next wake-up")
        XCTAssertTrue(advance(to: 10), "falling asleep asks for the black frame")
        XCTAssertTrue(app.isAsleep)
        XCTAssertEqual(kinds(), [.asleep])
        let scene = app.scene()
        XCTAssertEqual(scene.background, RGBA(0, 0, 0))
        XCTAssertEqual(scene.commands, [], "nothing drawn, no photo asked for")
        XCTAssertEqual(app.accessibilityElements.map(\.label), ["Asleep: touch the screen to wake it"])
        XCTAssertFalse(app.isAnimating)
        XCTAssertEqual(app.nextDeadline, 10 + 9 * 3600, "one wake-up: 07:00, not the idle time")
        XCTAssertFalse(advance(to: 3600))
        XCTAssertTrue(advance(to: 10 + 9 * 3600), "the morning's edge wakes it for good")
        XCTAssertFalse(app.isAsleep)
        XCTAssertEqual(kinds(), [.awake])
        advance(to: 10 + 12 * 3600)
        XCTAssertFalse(app.isAsleep)
        XCTAssertEqual(kinds(), [])
    }

    func testTheFirstTouchOnlyWakesForWakeForAfterTheLastInput() {
        advance(to: 20)
        XCTAssertTrue(app.isAsleep)
        _ = kinds()
        // A tap on the first strip photo: it wakes, and opens nothing.
        let photo = app.layout.stripItem(0, offset: 0)
        let at = CGPoint(x: photo.midX, y: photo.midY)
        app.handle(.pointer(PointerEvent(id: PointerID(1), phase: .move, location: at, timestamp: 20)))
        XCTAssertTrue(app.isAsleep, "a move wakes nothing")
        app.handle(.pointer(PointerEvent(id: PointerID(1), phase: .down, location: at, timestamp: 20)))
        app.handle(.pointer(PointerEvent(id: PointerID(1), phase: .up, location: at, timestamp: 20.05)))
        advance(to: 21)
        XCTAssertFalse(app.isAsleep)
        XCTAssertEqual(kinds(), [.awake], "woken, nothing opened")
        XCTAssertNil(app.bigPhoto.trip)
        XCTAssertEqual(app.nextDeadline, 50, "asleep again 30 s after the touch")
        // A key 20 s later keeps it awake 30 s from then.
        advance(to: 40)
        app.handle(.key(.right, ctrl: false))
        XCTAssertFalse(advance(to: 60))
        XCTAssertFalse(app.isAsleep)
        XCTAssertTrue(advance(to: 70))
        XCTAssertTrue(app.isAsleep)
        XCTAssertEqual(kinds(), [.asleep])
    }

    func testSignalsWakeAndSleepUntilTheNextEdge() {
        advance(to: 1)
        app.handle(.power(.sleep))
        XCTAssertTrue(app.isAsleep, "SIGUSR2 puts it to sleep in its awake hours")
        XCTAssertEqual(kinds(), [.asleep])
        advance(to: 100)
        XCTAssertTrue(app.isAsleep)
        app.handle(.power(.wake))
        XCTAssertFalse(app.isAsleep, "SIGUSR1 wakes it")
        XCTAssertEqual(kinds(), [.awake])
        advance(to: 2 * 3600)
        XCTAssertFalse(app.isAsleep, "woken by a signal: no --wake-for, awake until the next edge (07:00)")
        advance(to: 10 + 9 * 3600 + 1)
        XCTAssertFalse(app.isAsleep)
        XCTAssertEqual(kinds(), [])
    }

    func testFallingAsleepPutsTheAppBackAtItsStartAndAReaderHearsIt() {
        advance(to: 1)
        app.open(1)
        XCTAssertNotNil(app.bigPhoto.trip)
        advance(to: 10)
        XCTAssertTrue(app.isAsleep)
        XCTAssertTrue(app.bigPhoto.phase == .closing || app.bigPhoto.trip == nil, "closing, as the idle reset closes it")
        XCTAssertEqual(app.accessibilityElements.map(\.id), ["asleep"])
        // A screen reader's click wakes it too, and acts on nothing.
        app.handle(.reader(.click(element: "asleep")))
        XCTAssertFalse(app.isAsleep)
    }

    func testWithoutAScheduleItNeverSleepsUnlessTold() {
        let plain = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk)
        plain.advance(to: 1000)
        XCTAssertFalse(plain.isAsleep)
        plain.handle(.power(.sleep))
        XCTAssertTrue(plain.isAsleep)
        XCTAssertNil(plain.nextDeadline, "no edge to wake for: a touch or SIGUSR1")
        plain.handle(.key(.space, ctrl: false))
        XCTAssertFalse(plain.isAsleep)
        plain.advance(to: 1299.9)
        XCTAssertFalse(plain.isAsleep, "woken for the default 300 s")
        plain.advance(to: 1300)
        XCTAssertTrue(plain.isAsleep, "back to the sleep SIGUSR2 asked for")
    }
}
