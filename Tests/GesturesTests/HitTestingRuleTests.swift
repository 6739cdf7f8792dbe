import Foundation
import XCTest
@testable import Gestures

/// The tests named testRuleN check rules 9-10 of docs/GESTURES.md: where a gesture answers.
final class HitTestingRuleTests: XCTestCase {
    /// An HStack 300 x 100: a text (0-100), a spacer (100-260), padding after.
    private func stack() -> GestureNode {
        let text = GestureNode("text", frame: CGRect(x: 0, y: 0, width: 100, height: 100), shape: .rectangle)
        let spacer = GestureNode("spacer", frame: CGRect(x: 100, y: 0, width: 160, height: 100))
        return GestureNode("stack", frame: CGRect(x: 0, y: 0, width: 300, height: 100), children: [text, spacer])
    }

    private func taps(_ root: GestureNode, at points: [CGPoint]) {
        let touches = Touches(root)
        var t = 0.0
        for p in points {
            touches.tap(p.x, p.y, at: t)
            t += 1
            touches.at(t)
        }
    }

    func testRule09_onlyDrawnRegionsAnswer() {
        let log = Log()
        let s = stack().onTapGesture { log("tap") }
        taps(window(s), at: [CGPoint(x: 50, y: 50), CGPoint(x: 200, y: 50), CGPoint(x: 290, y: 50)])
        XCTAssertEqual(log.entries, ["tap"], "the text answers; the spacer and padding do not")
    }

    func testRule10_contentShapeBeforeTheGestureMakesTheFrameAnswer_afterChangesNothing() {
        let before = Log()
        taps(window(stack().contentShape(.rectangle).onTapGesture { before("tap") }),
             at: [CGPoint(x: 50, y: 50), CGPoint(x: 200, y: 50), CGPoint(x: 290, y: 50)])
        XCTAssertEqual(before.count("tap"), 3)

        let after = Log()
        taps(window(stack().onTapGesture { after("tap") }.contentShape(.rectangle)),
             at: [CGPoint(x: 50, y: 50), CGPoint(x: 200, y: 50), CGPoint(x: 290, y: 50)])
        XCTAssertEqual(after.count("tap"), 1)
    }

    func testTransformsApplyToHitTesting() {
        // A 100 pt square scaled 2x about its centre and offset 100 right.
        let log = Log()
        let n = square("s", 0, 0, 100, 100).onTapGesture(coordinateSpace: .local) { p in log("\(Int(p.x)),\(Int(p.y))") }
        n.scale = CGSize(width: 2, height: 2)
        n.offset = CGSize(width: 100, height: 0)
        // Drawn area now spans x 50...250, y -50...150.
        taps(window(n), at: [CGPoint(x: 240, y: 140), CGPoint(x: 30, y: 50)])
        XCTAssertEqual(log.entries, ["95,95"])
        // Rotated 90 degrees: a 200 x 50 bar becomes 50 x 200 about its centre (100, 25).
        let bar = GestureNode("bar", frame: CGRect(x: 0, y: 0, width: 200, height: 50), shape: .rectangle)
        let rotated = Log()
        bar.rotation = .degrees(90)
        bar.onTapGesture { rotated("tap") }
        taps(window(bar), at: [CGPoint(x: 100, y: 110), CGPoint(x: 180, y: 25)])
        XCTAssertEqual(rotated.entries, ["tap"])
    }

    func testNamedCoordinateSpace() {
        var location: CGPoint?
        let inner = square("inner", 30, 40, 100, 100)
            .gesture(DragGesture(minimumDistance: 0, coordinateSpace: .named("card")).onEnded { location = $0.location })
        let card = GestureNode("card", frame: CGRect(x: 200, y: 100, width: 300, height: 300), children: [inner])
            .coordinateSpace(name: "card")
        let touches = Touches(window(card))
        touches.tap(250, 150, at: 0)
        XCTAssertEqual(location, CGPoint(x: 50, y: 50))
    }
}
