import Foundation
import XCTest
import Motion
@testable import Gestures

/// The tests named testRuleN check rules 23-25 of docs/GESTURES.md: magnify and rotate.
final class MagnifyRotateRuleTests: XCTestCase {
    /// Two fingers `a` apart on a horizontal line; the second moves until
    /// they are `b` apart, one event per step.
    private func pinch(_ touches: Touches, from a: CGFloat, to b: CGFloat, start t: Double, steps: Int = 20) {
        touches.down(1, 100, 200, at: t)
        touches.down(2, 100 + a, 200, at: t + 0.01)
        for i in 1...steps {
            let s = a + (b - a) * CGFloat(i) / CGFloat(steps)
            touches.move(2, 100 + s, 200, at: t + 0.01 + 0.3 * Double(i) / Double(steps))
        }
        touches.up(1, 100, 200, at: t + 0.35)
        touches.up(2, 100 + b, 200, at: t + 0.36)
    }

    func testRule23_magnificationStartsAtOneEveryPinch_zoomTimesPinchPattern() {
        var zoom: CGFloat = 1
        var firstValues: [CGFloat] = []
        var lastValue: CGFloat = 0
        var fresh = true
        var drawn: [CGFloat] = []
        let n = square("photo", 0, 0, 400, 400).gesture(MagnifyGesture()
            .onChanged { v in
                if fresh { firstValues.append(v.magnification); fresh = false }
                lastValue = v.magnification
                drawn.append(zoom * v.magnification)
            }
            .onEnded { v in
                zoom = min(max(zoom * v.magnification, 1), 4)
                fresh = true
            })
        let touches = Touches(window(n))
        pinch(touches, from: 70, to: 300.3, start: 0)     // 300.3 / 70 = 4.29
        XCTAssertEqual(lastValue, 4.29, accuracy: 0.001)
        XCTAssertEqual(zoom, 4, "folded into zoom, clamped")
        pinch(touches, from: 100, to: 119, start: 1, steps: 1)  // spreads 19 %
        XCTAssertEqual(firstValues.count, 2)
        XCTAssertEqual(firstValues[1], 1.19, accuracy: 0.001, "the second pinch starts again from 1")
        XCTAssertEqual(drawn.last!, 4 * 1.19, accuracy: 0.001)
        XCTAssertEqual(firstValues[0], 1 + 230.3 / 20 / 70, accuracy: 0.001)
    }

    func testRule24_rotationIsWhatTheFingersTurned() {
        var rotation: Angle?
        var anchor: UnitPoint?
        let n = square("s", 0, 0, 400, 400).gesture(RotateGesture().onEnded { rotation = $0.rotation; anchor = $0.startAnchor })
        let touches = Touches(window(n))
        // A twist asked for 45 degrees that the fingers carried to 52.
        let r: CGFloat = 80
        touches.down(1, 200 - r, 200, at: 0)
        touches.down(2, 200 + r, 200, at: 0.01)
        for i in 1...20 {
            let a = 52.0 * Double.pi / 180 * Double(i) / 20
            let dx = r * CGFloat(cos(a)), dy = r * CGFloat(sin(a))
            touches.move(1, 200 - dx, 200 - dy, at: 0.01 + 0.015 * Double(i))
            touches.move(2, 200 + dx, 200 + dy, at: 0.01 + 0.015 * Double(i))
        }
        touches.up(1, 200 - r * CGFloat(cos(52 * Double.pi / 180)), 200 - r * CGFloat(sin(52 * Double.pi / 180)), at: 0.4)
        XCTAssertEqual(rotation?.degrees ?? 0, 52, accuracy: 0.01)
        XCTAssertEqual(anchor, .center)
    }

    func testRule25_dragAndMagnifySimultaneouslyEachUpdateTheirOwnState() {
        let pinchState = GestureState(wrappedValue: CGFloat(1))
        let dragState = GestureState(wrappedValue: CGSize.zero)
        var sawBoth = false
        var maxPinch: CGFloat = 1
        var maxDrag: CGFloat = 0
        let n = square("photo", 0, 0, 400, 400).gesture(
            MagnifyGesture().updating(pinchState) { v, s, _ in s = v.magnification }
                .simultaneously(with: DragGesture().updating(dragState) { v, s, _ in s = v.translation })
                .onChanged { v in
                    if v.first != nil && v.second != nil { sawBoth = true }
                    maxPinch = max(maxPinch, pinchState.wrappedValue)
                    maxDrag = max(maxDrag, dragState.wrappedValue.height)
                })
        let touches = Touches(window(n))
        // Two fingers spread apart while both move down 60 pt.
        touches.down(1, 150, 150, at: 0)
        touches.down(2, 250, 150, at: 0.01)
        for i in 1...20 {
            let f = CGFloat(i) / 20, t = 0.01 + 0.015 * Double(i)
            touches.move(1, 150 - 50 * f, 150 + 60 * f, at: t)
            touches.move(2, 250 + 50 * f, 150 + 60 * f, at: t)
        }
        XCTAssertTrue(sawBoth)
        XCTAssertEqual(pinchState.wrappedValue, 2, accuracy: 0.001)
        XCTAssertEqual(dragState.wrappedValue.height, 60, accuracy: 0.001)
        touches.up(1, 100, 210, at: 0.4)
        touches.up(2, 300, 210, at: 0.41)
        XCTAssertEqual(pinchState.wrappedValue, 1)
        XCTAssertEqual(dragState.wrappedValue, .zero)
        XCTAssertEqual(maxPinch, 2, accuracy: 0.001)
        XCTAssertEqual(maxDrag, 60, accuracy: 0.001)
    }
}
