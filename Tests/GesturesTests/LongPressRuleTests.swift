import Foundation
import XCTest
@testable import Gestures

/// The tests named testRuleN check rules 11-14 of docs/GESTURES.md: long press, and long press then drag.
final class LongPressRuleTests: XCTestCase {
    private func pressNode(_ log: Log, minimumDuration: Double) -> GestureNode {
        square().onLongPressGesture(minimumDuration: minimumDuration, perform: { log("action") },
                                    onPressingChanged: { log("pressing \($0)") })
    }

    func testRule11_actionAfterTheWholeDurationWhileDown_pressingReportsTheFinger() {
        let short = Log()
        let t1 = Touches(window(pressNode(short, minimumDuration: 1)))
        t1.down(1, 100, 100, at: 0)
        XCTAssertEqual(short.entries, ["pressing true"])
        t1.up(1, 100, 100, at: 0.3)
        t1.at(3)
        XCTAssertEqual(short.entries, ["pressing true", "pressing false"])

        let long = Log()
        let t2 = Touches(window(pressNode(long, minimumDuration: 1)))
        t2.down(1, 100, 100, at: 0)
        t2.at(0.99)
        XCTAssertEqual(long.entries, ["pressing true"])
        t2.at(1.0)
        XCTAssertEqual(long.entries, ["pressing true", "action"], "runs at the deadline, finger still down")
        t2.up(1, 100, 100, at: 1.6)
        XCTAssertEqual(long.entries, ["pressing true", "action", "pressing false"])
    }

    func testRule12_liftingEarlyOrMovingTooFarFails() {
        var ended = 0
        let n = square().gesture(LongPressGesture(minimumDuration: 0.5, maximumDistance: 10).onEnded { _ in ended += 1 })
        let touches = Touches(window(n))
        touches.down(1, 100, 100, at: 0)
        touches.up(1, 100, 100, at: 0.2)
        touches.down(1, 100, 100, at: 1)
        touches.move(1, 115, 100, at: 1.1)
        touches.at(2)
        touches.up(1, 115, 100, at: 2)
        XCTAssertEqual(ended, 0)
        touches.down(1, 100, 100, at: 3)
        touches.move(1, 108, 100, at: 3.1)  // within 10 pt
        touches.at(3.6)
        XCTAssertEqual(ended, 1)
    }

    func testRule13_dragBeforeThePressSucceededFailsTheWholeSequence() {
        var ended = 0
        var changes: [String] = []
        let n = square().gesture(LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture())
            .onChanged { v in if case .second = v { changes.append("second") } }
            .onEnded { _ in ended += 1 })
        let touches = Touches(window(n))
        touches.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 160, y: 100), start: 0, duration: 0.3)
        touches.at(2)
        XCTAssertEqual(ended, 0)
        XCTAssertEqual(changes, [])
    }

    func testRule14_heldThenDraggedEndsWithSecondTrueAndTheDrag() {
        var result: SequenceGesture<LongPressGesture, DragGesture>.Value?
        var stages: [String] = []
        let n = square().gesture(LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture())
            .onChanged { v in
                switch v {
                case .first(let pressing): stages.append("first(\(pressing))")
                case .second(_, let drag): stages.append(drag == nil ? "second(nil)" : "second(drag)")
                }
            }
            .onEnded { result = $0 })
        let touches = Touches(window(n))
        touches.down(1, 50, 100, at: 0)
        touches.at(0.8)
        touches.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 150, y: 100), start: 0.8, duration: 0.3, touchDown: false)
        guard case .second(true, let drag?)? = result else { return XCTFail("got \(String(describing: result))") }
        XCTAssertEqual(drag.translation.width, 100, accuracy: 0.001)
        XCTAssertGreaterThan(drag.translation.width, 0)
        XCTAssertEqual(stages.first, "first(true)")
        XCTAssertTrue(stages.contains("second(nil)"))
        XCTAssertEqual(stages.last, "second(drag)")
    }
}
