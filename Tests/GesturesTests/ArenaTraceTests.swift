import Foundation
import XCTest
@testable import Gestures

/// The arena's trace says why each recognizer won, waited or lost.
final class ArenaTraceTests: XCTestCase {
    private func traced(_ node: GestureNode) -> (Touches, () -> [String]) {
        let touches = Touches(window(node))
        var verdicts: [String] = []
        touches.engine.arenaTrace = { verdicts.append($0.description) }
        return (touches, { defer { verdicts.removeAll() }; return verdicts })
    }

    func testATapWaitsForTheDoubleTapThenWinsWhenItsWindowCloses() {
        let (touches, verdicts) = traced(square("photo").onTapGesture(count: 2) {}.onTapGesture {})
        touches.tap(50, 50, at: 0)
        XCTAssertEqual(verdicts(), [
            "photo[1] _EndedGesture<TapGesture> waiting: recognised, but photo[0] _EndedGesture<TapGesture> may still get its taps",
        ])
        touches.at(1)
        XCTAssertEqual(verdicts(), [
            "photo[0] _EndedGesture<TapGesture> lost: failed by itself",
            "photo[1] _EndedGesture<TapGesture> won: recognised, nothing above it undecided",
        ])
        // Tapped twice, the double tap wins; the single taps of both
        // touches lose to it.
        touches.tap(50, 50, at: 2)
        touches.tap(50, 50, at: 2.2)
        XCTAssertEqual(verdicts(), [
            "photo[1] _EndedGesture<TapGesture> waiting: recognised, but photo[0] _EndedGesture<TapGesture> may still get its taps",
            "photo[0] _EndedGesture<TapGesture> won: recognised, nothing above it undecided",
            "photo[1] _EndedGesture<TapGesture> lost: beaten by photo[0] _EndedGesture<TapGesture>",
            "photo[1] _EndedGesture<TapGesture> lost: beaten by photo[0] _EndedGesture<TapGesture>",
        ])
    }

    func testADragBeatsATapAndASimultaneousGestureCompetesWithNone() {
        let (touches, verdicts) = traced(square("card")
            .onTapGesture {}
            .gesture(DragGesture())
            .simultaneousGesture(LongPressGesture(minimumDuration: 5, maximumDistance: 1000)))
        touches.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 120, y: 20), start: 0, duration: 0.1)
        let recorded = verdicts()
        XCTAssertEqual(recorded.first, "card[0] _EndedGesture<TapGesture> lost: failed by itself",
                       "the finger moved past the tap slop")
        XCTAssertEqual(recorded.dropFirst().first, "card[1] DragGesture won: recognised, nothing above it undecided")
        // The long press never recognised; it fails at the lift (too early).
        XCTAssertEqual(recorded.last, "card[2] LongPressGesture lost: failed by itself")
        XCTAssertEqual(recorded.count, 3, "\(recorded)")
    }

    func testARecognisedInnerTapWaitsForNothingAndBeatsItsContainer() {
        let inner = square("button", 0, 0, 100, 100).onTapGesture {}
        let outer = GestureNode("row", frame: CGRect(x: 0, y: 0, width: 300, height: 100), children: [inner])
            .onTapGesture {}
        let (touches, verdicts) = traced(outer)
        touches.tap(50, 50, at: 0)
        XCTAssertEqual(verdicts(), [
            "button[0] _EndedGesture<TapGesture> won: recognised, nothing above it undecided",
            "row[0] _EndedGesture<TapGesture> lost: beaten by button[0] _EndedGesture<TapGesture>",
        ])
    }

    func testACancelledTouchAndACancelAllSayCancelled() {
        let (touches, verdicts) = traced(square("photo").gesture(MagnifyGesture()).onTapGesture {})
        touches.down(1, 50, 50, at: 0)
        touches.cancel(1, at: 0.1)
        XCTAssertEqual(verdicts(), [
            "photo[0] MagnifyGesture lost: cancelled",
            "photo[1] _EndedGesture<TapGesture> lost: cancelled",
        ])
        touches.down(1, 50, 50, at: 1)
        touches.engine.cancelAll()
        XCTAssertEqual(verdicts().count, 2)
    }

    func testAWheelZoomWinsAtOnceOrFailsWhenItsSessionIdles() {
        let (touches, verdicts) = traced(square("photo").gesture(MagnifyGesture(minimumScaleDelta: 0.5))
            .simultaneousGesture(MagnifyGesture()))
        touches.engine.handle(WheelEvent(location: CGPoint(x: 50, y: 50), dy: 1, modifiers: .control, timestamp: 0))
        XCTAssertEqual(verdicts(), ["photo[1] MagnifyGesture won (Ctrl+wheel zoom): recognised, simultaneous: competes with none"])
        touches.at(1)          // 1.1x never reached the 0.5 delta
        XCTAssertEqual(verdicts(), ["photo[0] MagnifyGesture lost (Ctrl+wheel zoom): failed by itself"])
    }

    func testWithoutATraceNothingIsAsked() {
        // The trace is optional: an engine without one decides the same.
        var fired = 0
        let touches = Touches(window(square("photo").onTapGesture { fired += 1 }))
        XCTAssertNil(touches.engine.arenaTrace)
        touches.tap(50, 50, at: 0)
        XCTAssertEqual(fired, 1)
    }
}
