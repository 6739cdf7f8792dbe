import XCTest
import Gestures
@testable import TripsKit

/// The idle timeout on the model's clock: once per quiet spell, re-armed by
/// input, and never a deadline in the past (an idle loop would spin on it).
final class IdleTimerTests: XCTestCase {
    func testFiresOnceAfterTheTimeoutSinceTheLastInput() {
        var idle = IdleTimer(timeout: 5)
        XCTAssertEqual(idle.deadline, 5, "armed from the start")
        idle.input(at: 3)
        XCTAssertEqual(idle.deadline, 8)
        XCTAssertFalse(idle.fire(at: 7.99))
        XCTAssertTrue(idle.fire(at: 8))
        XCTAssertNil(idle.deadline, "fired: nothing to wake for until the next input")
        XCTAssertFalse(idle.fire(at: 100))
        idle.input(at: 100)
        XCTAssertEqual(idle.deadline, 105)
    }

    func testZeroNegativeAndNonFiniteTimeoutsNeverFire() {
        for timeout in [nil, 0, -1, .infinity, .nan] as [Double?] {
            var idle = IdleTimer(timeout: timeout)
            XCTAssertNil(idle.deadline)
            XCTAssertFalse(idle.fire(at: 1e9))
        }
    }

    func testInputFromThePastDoesNotMoveTheQuietSpellBack() {
        var idle = IdleTimer(timeout: 2)
        idle.input(at: 10)
        idle.input(at: 4)
        XCTAssertEqual(idle.deadline, 12)
    }
}

/// The model's side: the idle deadline wakes a sleeping loop, and nothing a
/// visitor can do ends a kiosk.
final class KioskModelTests: XCTestCase {
    private let catalog = TripCatalog(trips: (0..<3).map { Trip(id: "t\($0)", city: "C", nights: 1, photoPath: "/x") })

    func testTheIdleDeadlineIsTheLoopsNextWakeUpAndGoesAwayOnceReset() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk, idleTimeout: 5)
        XCTAssertEqual(app.nextDeadline, 5)
        app.advance(to: 1)
        app.handle(.key(.right, ctrl: false))
        XCTAssertEqual(app.nextDeadline, 6)
        XCTAssertNotNil(app.focus)
        XCTAssertTrue(app.advance(to: 6), "the reset asks for a frame though it may move nothing")
        XCTAssertNil(app.focus)
        XCTAssertEqual(app.nextDeadline, 180, "nothing left to wake for but the burn-in guard's next place")
        XCTAssertEqual(app.takeEvents().filter { $0.kind == .idle }, [AppEvent(time: 6, kind: .idle)])
        XCTAssertFalse(app.advance(to: 60))
        XCTAssertEqual(app.takeEvents().filter { $0.kind == .idle }, [], "once per quiet spell")
    }

    func testNoKeyPointerWheelOrWindowActionEndsAKiosk() {
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .kiosk, idleTimeout: 1)
        let keys = ["Q", "W", "C", "F4", "Escape", "Return", "Space", "Tab", "Left", "Right", "Up", "Down", "+", "-", "0", "Backspace", "Delete"]
        var t = 0.0
        for key in keys {
            for ctrl in [false, true] {
                t += 0.1
                app.advance(to: t)
                app.handle(.key(Key(name: key), ctrl: ctrl))
            }
        }
        for event in [InputEvent.closeRequested, .focusLost, .resized(CGSize(width: 800, height: 600)),
                      .wheel(WheelEvent(location: CGPoint(x: 300, y: 500), dx: 0, dy: -1, modifiers: [.control], timestamp: t)),
                      .pointer(.mouse(.down, x: 300, y: 500, at: t)), .pointer(.mouse(.up, x: 300, y: 500, at: t))] {
            app.handle(event)
        }
        app.advance(to: t + 5)
        XCTAssertFalse(app.quitRequested)
        XCTAssertEqual(app.screen, .overview)
    }
}
