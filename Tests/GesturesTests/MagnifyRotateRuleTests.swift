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
        // The rotation ends when its last finger lifts (rule 26).
        XCTAssertNil(rotation)
        touches.up(2, 200 + r * CGFloat(cos(52 * Double.pi / 180)), 200 + r * CGFloat(sin(52 * Double.pi / 180)), at: 0.41)
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
        touches.twoFingers((CGPoint(x: 150, y: 150), CGPoint(x: 100, y: 210)), (CGPoint(x: 250, y: 150), CGPoint(x: 300, y: 210)),
                           secondDownAt: 0.01, steps: 20, interval: 0.015)
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

    // MARK: Rule 26: a pinch survives a lost finger

    /// A 400 pt photo with a pinch that logs its values, and a button beside
    /// it (a finger that rejoins the pinch there must not press it).
    private final class PinchScene {
        let log = Log()
        var values: [CGFloat] = []
        var ended: [CGFloat] = []
        let state = GestureState(wrappedValue: CGFloat(1))
        let touches: Touches
        init() {
            let photo = square("photo", 0, 0, 400, 400)
            let button = GestureNode.button("button", frame: CGRect(x: 500, y: 0, width: 200, height: 200)) { [log] in log("button") }
            touches = Touches(window(photo, button))
            photo.gesture(MagnifyGesture()
                .updating(state) { v, s, _ in s = v.magnification }
                .onChanged { [unowned self] in values.append($0.magnification) }
                .onEnded { [unowned self] in ended.append($0.magnification) })
        }
        /// `onEnded` ran once, with `value`.
        func endedOnce(with value: CGFloat, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(ended.count, 1, "onEnded once", file: file, line: line)
            XCTAssertEqual(ended.first ?? 0, value, accuracy: 1e-9, file: file, line: line)
        }
        /// Fingers 1 and 2 land 100 pt apart and spread to 200: 2.
        func spreadToTwo() {
            touches.down(1, 100, 200, at: 0)
            touches.down(2, 200, 200, at: 0.01)
            touches.move(2, 300, 200, at: 0.05)
        }
    }

    func testRule26_aPinchKeepsGoingAcrossALostFingerAndEndsWithTheLast() {
        let scene = PinchScene()
        let touches = scene.touches
        touches.down(1, 100, 200, at: 0)
        touches.down(2, 200, 200, at: 0.01)
        touches.move(2, 250, 200, at: 0.05)                 // 150 apart: 1.5
        XCTAssertEqual(scene.values.last!, 1.5, accuracy: 1e-9)
        touches.up(2, 250, 200, at: 0.1)                    // the panel drops a contact
        XCTAssertEqual(scene.ended, [], "not over while a finger stays down")
        XCTAssertEqual(scene.state.wrappedValue, 1.5, accuracy: 1e-9)
        touches.move(1, 90, 200, at: 0.12)                  // one finger alone changes nothing
        XCTAssertEqual(scene.values.last!, 1.5, accuracy: 1e-9)
        // It touches again, on the button beside the photo: it rejoins the
        // pinch (the button does not fire), 510 pt from the other finger.
        touches.down(3, 600, 200, at: 0.15)
        touches.move(3, 601, 200, at: 0.17)
        XCTAssertEqual(scene.values.last!, 1.5 * 511 / 510, accuracy: 1e-9, "no jump: re-based on the new pair")
        touches.move(3, 1110, 200, at: 0.25)               // twice as far apart
        XCTAssertEqual(scene.values.last!, 3, accuracy: 1e-9)
        touches.up(1, 90, 200, at: 0.3)
        XCTAssertEqual(scene.ended, [])
        touches.up(3, 1110, 200, at: 0.32)
        scene.endedOnce(with: 3)          // when the last finger lifts
        XCTAssertEqual(scene.state.wrappedValue, 1, "the gesture state resets at the end")
        touches.at(1)
        XCTAssertEqual(scene.log.entries, [], "the rejoining finger belongs to the pinch")
        // The next pinch starts again from 1.
        touches.down(1, 100, 200, at: 2)
        touches.down(2, 200, 200, at: 2.01)
        touches.move(2, 220, 200, at: 2.05)
        XCTAssertEqual(scene.values.last!, 1.2, accuracy: 1e-9)
    }

    func testRule26_aThirdFingerDoesNotDisturbATwoFingerPinch() {
        let scene = PinchScene()
        let touches = scene.touches
        scene.spreadToTwo()
        touches.down(3, 150, 350, at: 0.1)
        touches.move(3, 50, 390, at: 0.12)                  // the spare wanders
        touches.move(3, 300, 10, at: 0.14)
        XCTAssertEqual(scene.values.last!, 2, accuracy: 1e-9)
        touches.move(2, 400, 200, at: 0.2)                  // the pair spreads to 300: 3
        XCTAssertEqual(scene.values.last!, 3, accuracy: 1e-9)
        touches.up(3, 300, 10, at: 0.25)
        XCTAssertEqual(scene.ended, [])
        touches.move(2, 500, 200, at: 0.3)
        XCTAssertEqual(scene.values.last!, 4, accuracy: 1e-9)
        touches.up(1, 100, 200, at: 0.35)
        touches.up(2, 500, 200, at: 0.36)
        scene.endedOnce(with: 4)
    }

    func testRule26_whenAFingerOfThePairLiftsTheSpareTakesItsPlaceWithoutAJump() {
        let scene = PinchScene()
        let touches = scene.touches
        scene.spreadToTwo()
        touches.down(3, 100, 300, at: 0.1)
        touches.up(2, 300, 200, at: 0.15)                   // the pair is now fingers 1 and 3, 100 apart
        XCTAssertEqual(scene.values.last!, 2, accuracy: 1e-9)
        touches.move(3, 100, 350, at: 0.2)                  // 150 apart: 2 x 1.5
        XCTAssertEqual(scene.values.last!, 3, accuracy: 1e-9)
        touches.up(1, 100, 200, at: 0.3)
        touches.up(3, 100, 350, at: 0.31)
        scene.endedOnce(with: 3)
    }

    func testRule26_aRotationKeepsItsAngleAcrossALostFinger() {
        var angles: [Double] = []
        var ended: [Double] = []
        let n = square("s", 0, 0, 400, 400).gesture(RotateGesture()
            .onChanged { angles.append($0.rotation.degrees) }.onEnded { ended.append($0.rotation.degrees) })
        let touches = Touches(window(n))
        touches.down(1, 100, 200, at: 0)
        touches.down(2, 300, 200, at: 0.01)
        touches.move(2, 300, 400, at: 0.05)                 // 45 degrees clockwise
        XCTAssertEqual(angles.last!, 45, accuracy: 1e-9)
        touches.up(2, 300, 400, at: 0.1)
        touches.down(2, 100, 300, at: 0.2)                  // lands again straight below: 90 degrees, re-based
        touches.move(2, 0, 200, at: 0.25)                   // turns on to 180: 90 more
        XCTAssertEqual(angles.last!, 135, accuracy: 1e-9)
        touches.up(1, 100, 200, at: 0.3)
        XCTAssertEqual(ended, [])
        touches.up(2, 0, 200, at: 0.31)
        XCTAssertEqual(ended.count, 1)
        XCTAssertEqual(ended.first ?? 0, 135, accuracy: 1e-9)
    }
}
