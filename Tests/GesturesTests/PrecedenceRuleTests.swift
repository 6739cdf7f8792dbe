import Foundation
import XCTest
@testable import Gestures

/// The tests named testRuleN check rules 5-8 of docs/GESTURES.md: a container and the views inside it.
final class PrecedenceRuleTests: XCTestCase {
    /// A 400 pt container (drawn) with a 100 pt inner view at (50, 50).
    private func scene(_ log: Log, container: (GestureNode) -> Void) -> GestureNode {
        let inner = GestureNode("inner", frame: CGRect(x: 50, y: 50, width: 100, height: 100), shape: .rectangle)
            .onTapGesture { log("inner") }
        let outer = GestureNode("container", frame: CGRect(x: 0, y: 0, width: 400, height: 400), shape: .rectangle,
                                children: [inner])
        container(outer)
        return window(outer)
    }

    private func tapInner(_ root: GestureNode) {
        let touches = Touches(root)
        touches.tap(100, 100, at: 0)
        touches.at(1)
    }

    func testRule05_containerGestureYieldsToInnerView() {
        let log = Log()
        let root = scene(log) { $0.onTapGesture { log("container") } }
        tapInner(root)
        XCTAssertEqual(log.entries, ["inner"])
        // Outside the inner view the container answers.
        let touches = Touches(root)
        touches.tap(300, 300, at: 0)
        touches.at(1)
        XCTAssertEqual(log.entries, ["inner", "container"])
    }

    func testRule06_highPriorityContainerGestureWins() {
        let log = Log()
        tapInner(scene(log) { $0.highPriorityGesture(TapGesture().onEnded { log("container") }) })
        XCTAssertEqual(log.entries, ["container"])
    }

    func testRule07_simultaneousContainerGestureRunsBothContainerFirst() {
        let log = Log()
        tapInner(scene(log) { $0.simultaneousGesture(TapGesture().onEnded { log("container") }) })
        XCTAssertEqual(log.entries, ["container", "inner"])
    }

    func testRule08_gestureMasks() {
        let expectations: [(GestureMask, [String])] = [
            (.all, ["inner"]),
            (.gesture, ["container"]),
            (.subviews, ["inner"]),
            (.none, []),
        ]
        for (mask, expected) in expectations {
            let log = Log()
            tapInner(scene(log) { $0.gesture(TapGesture().onEnded { log("container") }, including: mask) })
            XCTAssertEqual(log.entries, expected, "mask \(mask.rawValue)")
        }
        // `.subviews` turns the container's own gesture off everywhere.
        let log = Log()
        let root = scene(log) { $0.gesture(TapGesture().onEnded { log("container") }, including: .subviews) }
        let touches = Touches(root)
        touches.tap(300, 300, at: 0)
        touches.at(1)
        XCTAssertEqual(log.entries, [])
    }
}
