import XCTest
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
