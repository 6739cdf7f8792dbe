import Foundation
import XCTest
import Motion
@testable import Gestures

/// An app model as TripsKit would write one.
final class PullModel {
    @GestureState(resetTransaction: Transaction(animation: .spring(duration: 0.4))) var pull = CGSize.zero
    var kept = CGSize.zero
    var updatingCalls = 0
    var resets: [(CGSize, Transaction)] = []
    var ended = 0

    init() {
        $pull.onReset { [unowned self] old, transaction in self.resets.append((old, transaction)) }
    }

    func attach(to node: GestureNode) {
        node.gesture(DragGesture()
            .updating($pull) { [unowned self] value, state, _ in
                self.updatingCalls += 1
                state = value.translation
            }
            .onChanged { [unowned self] in self.kept = $0.translation }
            .onEnded { [unowned self] _ in self.ended += 1 })
    }
}

/// The tests named testRuleN check rules 20-22 of docs/GESTURES.md: gesture state.
final class GestureStateRuleTests: XCTestCase {
    func testRule20_gestureStateIsWrittenByUpdatingAndResetsByItselfWithTheResetTransaction() {
        let model = PullModel()
        let n = square()
        model.attach(to: n)
        let touches = Touches(window(n))
        touches.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), start: 0, duration: 0.25, lift: false)
        XCTAssertEqual(model.pull, CGSize(width: 100, height: 0))
        let calls = model.updatingCalls
        XCTAssertGreaterThan(calls, 0)
        touches.up(1, 150, 50, at: 0.3)
        XCTAssertEqual(model.pull, .zero)
        XCTAssertEqual(model.updatingCalls, calls, "updating is not called for the reset")
        XCTAssertEqual(model.resets.count, 1)
        XCTAssertEqual(model.resets.first?.0, CGSize(width: 100, height: 0))
        XCTAssertEqual(model.resets.first?.1.animation, .spring(duration: 0.4), "the return animates")
    }

    func testRule21_plainStateStaysGestureStateGoesBack() {
        let model = PullModel()
        let n = square()
        model.attach(to: n)
        let touches = Touches(window(n))
        touches.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), start: 0, duration: 0.25)
        XCTAssertEqual(model.kept, CGSize(width: 100, height: 0))
        XCTAssertEqual(model.pull, .zero)
        XCTAssertEqual(model.ended, 1)
    }

    func testRule22_cancelRunsNoOnEndedAndStillResets() {
        for how in ["touch cancel", "focus lost"] {
            let model = PullModel()
            let n = square()
            model.attach(to: n)
            let touches = Touches(window(n))
            touches.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), start: 0, duration: 0.25, lift: false)
            XCTAssertEqual(model.pull.width, 100)
            if how == "touch cancel" { touches.cancel(1, at: 0.3) } else { touches.engine.cancelAll() }
            XCTAssertEqual(model.ended, 0, how)
            XCTAssertEqual(model.pull, .zero, how)
            XCTAssertEqual(model.resets.count, 1, how)
            // The finger is gone: its later events are dropped.
            XCTAssertEqual(touches.up(1, 150, 50, at: 0.4), .rejected("up for a pointer that is not down"))
            XCTAssertEqual(model.ended, 0)
        }
    }
}
