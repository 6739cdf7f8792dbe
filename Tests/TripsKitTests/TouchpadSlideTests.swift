import Foundation
import Motion
import XCTest
@testable import TripsKit

/// Two touchpad fingers as the strip and the big photo's pages both take them.
final class TouchpadSlideTests: XCTestCase {
    func testAScrollBeginsOnceTravelsAndEndsWithItsSpeed() throws {
        var slide = TouchpadSlide<Int>()
        var begun = 0
        for i in 0..<5 {
            let (travel, start) = slide.add(CGSize(width: 10, height: 0), at: Double(i) * 0.016) { begun += 1; return 7 }
            XCTAssertEqual(travel.width, CGFloat(10 * (i + 1)))
            XCTAssertEqual(start, 7)
        }
        XCTAssertEqual(begun, 1)
        XCTAssertEqual(try XCTUnwrap(slide.deadline), 0.064 + TouchpadScrollTrack.idleTime, accuracy: 1e-9)
        let stop = try XCTUnwrap(slide.stop(at: 0.07))
        XCTAssertEqual(stop.start, 7)
        XCTAssertGreaterThan(stop.velocity.width, 500, "about 625 points a second")
        XCTAssertNil(slide.stop(at: 0.08), "over")
        XCTAssertNil(slide.deadline)
    }

    func testAScrollWithoutAStopExpiresAtItsDeadline() {
        var slide = TouchpadSlide<String>()
        _ = slide.add(CGSize(width: 5, height: 0), at: 1) { "from" }
        XCTAssertNil(slide.expire(at: 1.2))
        XCTAssertEqual(slide.expire(at: 1.3), "from")
        XCTAssertNil(slide.deadline)
    }

    func testAHoldStopsWhatMovesAndItsReleaseSaysSoOnce() {
        let animator = Animator(rate: 120)
        _ = animator.advance(to: 0)
        let value = Animated<CGFloat>(0, animator: animator, restThreshold: 0.1)
        value.animate(to: 100, with: .spring(duration: 0.5))
        _ = animator.advance(to: 0.1)
        var slide = TouchpadSlide<CGFloat>()
        slide.hold(value)
        XCTAssertFalse(value.isAnimating, "caught where it was")
        XCTAssertTrue(slide.release())
        XCTAssertFalse(slide.release())
        slide.hold(value)
        XCTAssertFalse(slide.release(), "nothing moved: nothing to settle")
        value.animate(to: 0, with: .spring(duration: 0.5))
        slide.hold(value)
        _ = slide.add(CGSize(width: 1, height: 0), at: 0.2) { 0 }
        XCTAssertFalse(slide.release(), "a scroll took over what the fingers held")
    }
}
