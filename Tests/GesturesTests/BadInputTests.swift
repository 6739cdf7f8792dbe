import Foundation
import XCTest
@testable import Gestures

/// Every kind of bad input is corrected or dropped, says which, and leaves
/// the engine consistent: the drag under way carries on as if it never came.
final class BadInputTests: XCTestCase {
    private func dragScene() -> (Touches, () -> [CGSize], () -> Int) {
        var changes: [CGSize] = []
        var ends = 0
        let n = square().gesture(DragGesture().onChanged { changes.append($0.translation) }.onEnded { _ in ends += 1 })
        return (Touches(window(n)), { changes }, { ends })
    }

    func testEventsOutOfTimeOrderAreRaisedToTheEngineClock() {
        let (touches, changes, ends) = dragScene()
        touches.down(1, 50, 50, at: 1)
        touches.move(1, 70, 50, at: 1.1)
        XCTAssertEqual(touches.move(1, 90, 50, at: 0.5),
                       .normalized("timestamp earlier than the engine's time raised to it"))
        XCTAssertEqual(touches.engine.time, 1.1)
        XCTAssertEqual(changes().last, CGSize(width: 40, height: 0))
        XCTAssertEqual(touches.move(1, 95, 50, at: .nan), .normalized("non-finite timestamp replaced by the engine's time"))
        touches.up(1, 100, 50, at: 1.2)
        XCTAssertEqual(ends(), 1)
        // advance(to:) backwards or to NaN does nothing.
        touches.engine.advance(to: 0)
        touches.engine.advance(to: .nan)
        XCTAssertEqual(touches.engine.time, 1.2)
    }

    func testUpForAFingerNeverDownIsRejected() {
        let (touches, _, ends) = dragScene()
        XCTAssertEqual(touches.up(7, 50, 50, at: 0), .rejected("up for a pointer that is not down"))
        XCTAssertEqual(touches.move(7, 50, 50, at: 0), .rejected("move for a pointer that is not down"))
        XCTAssertEqual(touches.cancel(7, at: 0), .rejected("cancel for a pointer that is not down"))
        XCTAssertEqual(ends(), 0)
        XCTAssertFalse(touches.engine.isBusy)
    }

    func testSecondDownForAFingerAlreadyDownIsAMove() {
        let (touches, changes, ends) = dragScene()
        touches.down(1, 50, 50, at: 0)
        XCTAssertEqual(touches.down(1, 80, 50, at: 0.1), .normalized("down for a pointer already down read as a move"))
        XCTAssertEqual(touches.engine.pointerCount, 1)
        XCTAssertEqual(changes().last, CGSize(width: 30, height: 0), "translation still from the first down")
        touches.up(1, 80, 50, at: 0.2)
        XCTAssertEqual(ends(), 1)
        XCTAssertFalse(touches.engine.isBusy)
    }

    func testNonFiniteCoordinates() {
        let (touches, changes, ends) = dragScene()
        XCTAssertEqual(touches.down(1, .nan, 50, at: 0), .rejected("down at a non-finite or out-of-range location"))
        XCTAssertEqual(touches.engine.pointerCount, 0)
        touches.down(1, 50, 50, at: 0)
        touches.move(1, 80, 50, at: 0.1)
        XCTAssertEqual(touches.move(1, .infinity, 50, at: 0.15), .rejected("move to a non-finite or out-of-range location"))
        XCTAssertEqual(touches.move(1, 90, -.infinity, at: 0.16), .rejected("move to a non-finite or out-of-range location"))
        XCTAssertEqual(touches.move(1, 1e300, 50, at: 0.17), .rejected("move to a non-finite or out-of-range location"))
        XCTAssertEqual(changes().last, CGSize(width: 30, height: 0))
        XCTAssertEqual(touches.up(1, CGFloat.nan, CGFloat.nan, at: 0.2),
                       .normalized("up at a non-finite or out-of-range location lifted at the last known location"))
        XCTAssertEqual(ends(), 1)
        XCTAssertTrue(changes().allSatisfy { $0.width.isFinite && $0.height.isFinite })
    }

    func testBadWheelAndPinchValuesAreRejected() {
        var ended = 0
        let n = square().gesture(MagnifyGesture().onEnded { _ in ended += 1 })
        let engine = GestureEngine(root: window(n))
        XCTAssertEqual(engine.handle(WheelEvent(location: CGPoint(x: CGFloat.nan, y: 1), dy: 1, modifiers: .control, timestamp: 0)),
                       .rejected("non-finite wheel event"))
        XCTAssertEqual(engine.handle(PinchEvent(phase: .changed, location: CGPoint(x: 10, y: 10), magnification: -1, timestamp: 0)),
                       .rejected("non-finite or non-positive pinch values"))
        XCTAssertEqual(engine.handle(PinchEvent(phase: .ended, location: CGPoint(x: 10, y: 10), timestamp: 0)),
                       .rejected("pinch end without a pinch"))
        engine.advance(to: 5)
        XCTAssertEqual(ended, 0)
        XCTAssertFalse(engine.isBusy)
    }

    func testInvalidGestureParametersAreClamped() {
        XCTAssertEqual(TapGesture(count: 0).count, 1)
        XCTAssertEqual(DragGesture(minimumDistance: -5).minimumDistance, 0)
        XCTAssertEqual(DragGesture(minimumDistance: .nan).minimumDistance, 10)
        XCTAssertEqual(LongPressGesture(minimumDuration: .infinity).minimumDuration, 0.5)
        XCTAssertEqual(MagnifyGesture(minimumScaleDelta: .nan).minimumScaleDelta, 0.01)
    }
}
