import Foundation
import XCTest
@testable import Gestures

/// The tests named testRuleN check rules 1-4 of docs/GESTURES.md: taps.
final class TapRuleTests: XCTestCase {
    private func node(singleFirst: Bool, _ log: Log) -> GestureNode {
        let n = square()
        if singleFirst {
            n.onTapGesture { log("single") }.onTapGesture(count: 2) { log("double") }
        } else {
            n.onTapGesture(count: 2) { log("double") }.onTapGesture { log("single") }
        }
        return n
    }

    func testRule01_doubleTapRunsOnlyTheDoubleActionInEitherOrder_singleRunsAfterTheWindow() {
        for singleFirst in [true, false] {
            let log = Log()
            let touches = Touches(window(node(singleFirst: singleFirst, log)))
            touches.tap(100, 100, at: 0)
            touches.tap(105, 98, at: 0.15)
            touches.at(2)
            XCTAssertEqual(log.entries, ["double"], "single first: \(singleFirst)")

            let once = Log()
            let t2 = Touches(window(node(singleFirst: singleFirst, once)))
            t2.tap(100, 100, at: 0)                 // lifts at 0.05
            XCTAssertEqual(once.entries, [], "a single tap never fires at lift")
            t2.at(0.34)
            XCTAssertEqual(once.entries, [], "not while a second tap could still follow")
            t2.at(0.36)
            XCTAssertEqual(once.entries, ["single"])
            t2.at(5)
            XCTAssertEqual(once.entries, ["single"])
        }
    }

    func testRule01_secondTapTooLateOrTooFarIsTwoSingles() {
        let log = Log()
        let touches = Touches(window(node(singleFirst: false, log)))
        touches.tap(100, 100, at: 0)
        touches.tap(100, 100, at: 0.5)      // after the 0.3 s window
        touches.at(2)
        XCTAssertEqual(log.entries, ["single", "single"])

        let far = Log()
        let t2 = Touches(window(node(singleFirst: false, far)))
        t2.tap(20, 20, at: 0)
        t2.tap(150, 150, at: 0.1)           // more than 40 pt away
        XCTAssertEqual(far.entries, ["single"], "the first single runs when the double tap fails")
        t2.at(2)
        XCTAssertEqual(far.entries, ["single", "single"])
    }

    func testRule02_exclusiveDoubleBeforeSingle() {
        var values: [String] = []
        let n = square().gesture(TapGesture(count: 2).exclusively(before: TapGesture()).onEnded { value in
            switch value {
            case .first: values.append("first")
            case .second: values.append("second")
            }
        })
        let touches = Touches(window(n))
        touches.tap(100, 100, at: 0)
        touches.tap(100, 100, at: 0.2)
        touches.at(1)
        XCTAssertEqual(values, ["first"])
        touches.tap(100, 100, at: 2)
        XCTAssertEqual(values, ["first"], "one tap waits for the window")
        touches.at(3)
        XCTAssertEqual(values, ["first", "second"])
    }

    func testRule03_twoPlainTapsRunTheFirstAttachedOnly() {
        let log = Log()
        let n = square().gesture(TapGesture().onEnded { log("first") }).gesture(TapGesture().onEnded { log("second") })
        let touches = Touches(window(n))
        touches.tap(100, 100, at: 0)
        touches.at(1)
        XCTAssertEqual(log.entries, ["first"])
    }

    func testRule04_buttonActionWinsOverAttachedTap_simultaneousRunsBothAttachedFirst() {
        let log = Log()
        let button = GestureNode.button("button", frame: CGRect(x: 0, y: 0, width: 120, height: 44)) { log("button") }
        button.onTapGesture { log("tap") }
        let touches = Touches(window(button))
        touches.tap(60, 22, at: 0)
        touches.at(1)
        XCTAssertEqual(log.entries, ["button"])

        let both = Log()
        let b2 = GestureNode.button("button", frame: CGRect(x: 0, y: 0, width: 120, height: 44)) { both("button") }
        b2.simultaneousGesture(TapGesture().onEnded { both("tap") })
        let t2 = Touches(window(b2))
        t2.tap(60, 22, at: 0)
        t2.at(1)
        XCTAssertEqual(both.entries, ["tap", "button"])
    }

    func testASecondFingerDuringATapIsNoTap() {
        let log = Log()
        let touches = Touches(window(square().onTapGesture { log("tap") }.onTapGesture(count: 2) { log("double") }))
        touches.down(1, 50, 50, at: 0)
        touches.down(2, 150, 50, at: 0.02)
        touches.up(2, 150, 50, at: 0.06)
        touches.up(1, 50, 50, at: 0.08)
        touches.at(2)
        XCTAssertEqual(log.entries, [])
    }
}
