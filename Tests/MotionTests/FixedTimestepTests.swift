import XCTest
@testable import Motion

final class FixedTimestepTests: XCTestCase {
    func testFirstAdvanceOnlySetsTheReferenceTime() {
        var clock = FixedTimestep(rate: 120)
        XCTAssertEqual(clock.advance(to: 10).steps, 0)
        XCTAssertEqual(clock.lastTime, 10)
    }

    func testSixtyHertzFramesRunTwoStepsEach() {
        var clock = FixedTimestep(rate: 120)
        _ = clock.advance(to: 0)
        for i in 1...600 {
            let frame = clock.advance(to: Double(i) / 60)
            XCTAssertEqual(frame.steps, 2, "frame \(i)")
        }
        XCTAssertEqual(clock.accumulator, 0, accuracy: 1e-9)
    }

    func testRemainderBecomesAlpha() {
        var clock = FixedTimestep(rate: 100)
        let frame = clock.advance(by: 0.025)
        XCTAssertEqual(frame.steps, 2)
        XCTAssertEqual(frame.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(clock.advance(by: 0.005).steps, 1)
        XCTAssertEqual(clock.alpha, 0, accuracy: 1e-9)
    }

    func testStallIsClampedAgainstTheSpiralOfDeath() {
        var clock = FixedTimestep(rate: 120, maximumFrameTime: 0.25)
        _ = clock.advance(to: 0)
        let frame = clock.advance(to: 5)
        XCTAssertTrue(frame.clamped)
        XCTAssertEqual(frame.steps, 30, "a 5 s stall runs 0.25 s of steps, not 600")
    }

    func testTotalStepsMatchElapsedTimeAtAnyFrameRate() {
        for fps in [30.0, 60, 144, 240] {
            var clock = FixedTimestep(rate: 120)
            _ = clock.advance(to: 0)
            var total = 0
            for i in 1...Int(fps * 2) { total += clock.advance(to: Double(i) / fps).steps }
            XCTAssertEqual(total, 240, "two seconds at \(fps) fps")
        }
    }

    func testBackwardsAndNonFiniteTimesBankNothing() {
        var clock = FixedTimestep(rate: 120)
        _ = clock.advance(to: 1)
        XCTAssertEqual(clock.advance(to: 0.5).steps, 0)
        XCTAssertEqual(clock.advance(to: .nan).steps, 0)
        XCTAssertEqual(clock.advance(by: -3).steps, 0)
        XCTAssertEqual(clock.advance(by: .infinity).steps, 0)
        XCTAssertEqual(clock.lastTime, 1)
        XCTAssertEqual(clock.advance(to: 1 + 1.0 / 120).steps, 1)
    }

    func testResetForgetsIdleTime() {
        var clock = FixedTimestep(rate: 120)
        _ = clock.advance(to: 0)
        _ = clock.advance(to: 0.004)
        clock.reset()
        XCTAssertEqual(clock.advance(to: 100).steps, 0)
        XCTAssertEqual(clock.accumulator, 0)
    }

    func testDiscardingBankedTimeKeepsTheReferenceTime() {
        var clock = FixedTimestep(rate: 100)
        _ = clock.advance(to: 0)
        _ = clock.advance(to: 0.015)
        clock.discardBankedTime()
        XCTAssertEqual(clock.accumulator, 0)
        XCTAssertEqual(clock.lastTime, 0.015)
        XCTAssertEqual(clock.advance(to: 0.025).steps, 1)
    }
}
