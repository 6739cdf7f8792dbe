import Foundation
import XCTest
import Motion
@testable import Gestures

/// A touchpad pinch the platform recognised is a source of its own (rule
/// 28): it drives MagnifyGesture and RotateGesture with no fingers, under the
/// same arena rules, and the trace names it.
final class TouchpadPinchTests: XCTestCase {
    private let at = CGPoint(x: 200, y: 100)

    private func pinch(_ engine: GestureEngine, _ phase: PinchEvent.Phase, _ scale: CGFloat = 1, degrees: Double = 0,
                       at time: Double, location: CGPoint? = nil) {
        engine.handle(PinchEvent(phase: phase, location: location ?? at, magnification: scale,
                                 rotation: degrees * .pi / 180, timestamp: time))
    }

    func testScaleAndRotationValuesFollowThePlatformsPinch() {
        var magnifications: [CGFloat] = []
        var rotations: [Double] = []
        var ended: (CGFloat, Double)?
        var start: MagnifyGesture.Value?
        let n = square("photo", 100, 50, 400, 200)
            .gesture(MagnifyGesture().onChanged { magnifications.append($0.magnification); start = start ?? $0 }
                .simultaneously(with: RotateGesture().onChanged { rotations.append($0.rotation.degrees) })
                .onEnded { v in ended = (v.first?.magnification ?? 0, v.second?.rotation.degrees ?? 0) })
        let engine = GestureEngine(root: window(n))
        pinch(engine, .began, at: 0)
        pinch(engine, .changed, 1.25, degrees: 30, at: 0.016)
        pinch(engine, .changed, 2.5, degrees: 90, at: 0.1)
        XCTAssertEqual(magnifications, [1.25, 2.5])
        XCTAssertEqual(rotations.count, 2)
        XCTAssertEqual(rotations.last ?? 0, 90, accuracy: 1e-9, "clockwise positive, as the platform reports it")
        XCTAssertEqual(start?.startLocation, CGPoint(x: 100, y: 50), "where the pointer was, in the node's space")
        XCTAssertEqual(start?.startAnchor, UnitPoint(x: 0.25, y: 0.25))
        XCTAssertNil(ended, "no onEnded before the platform's end")
        pinch(engine, .ended, at: 0.2)
        XCTAssertEqual(ended?.0, 2.5)
        XCTAssertEqual(ended?.1 ?? 0, 90, accuracy: 1e-9)
        XCTAssertFalse(engine.isBusy)
    }

    func testACancelledPinchRunsNoOnEndedAndItsStatesReset() {
        @GestureState var scale: CGFloat = 1
        var ended = false
        var resets = 0
        $scale.onReset { _, _ in resets += 1 }
        let n = square("photo", 0, 0, 400, 400)
            .gesture(MagnifyGesture().updating($scale) { v, s, _ in s = v.magnification }.onEnded { _ in ended = true })
        let engine = GestureEngine(root: window(n))
        pinch(engine, .began, at: 0)
        pinch(engine, .changed, 1.8, at: 0.05)
        XCTAssertEqual(scale, 1.8)
        pinch(engine, .cancelled, at: 0.1)
        XCTAssertFalse(ended)
        XCTAssertEqual(scale, 1, "the gesture state went back by itself")
        XCTAssertEqual(resets, 1)
        XCTAssertFalse(engine.isBusy)
        XCTAssertEqual(engine.handle(PinchEvent(phase: .cancelled, location: at, timestamp: 0.2)),
                       .rejected("pinch cancel without a pinch"))
    }

    func testAPinchThatStartsWhileAFingerIsOnTheTouchscreenLeavesTheFingersGestureAlone() {
        var heldMagnify: [CGFloat] = []
        var freeMagnify: [CGFloat] = []
        var drags: [CGFloat] = []
        let held = square("held", 0, 0, 300, 300)
            .gesture(DragGesture().onChanged { drags.append($0.translation.width) }
                .simultaneously(with: MagnifyGesture().onChanged { heldMagnify.append($0.magnification) }))
        let free = square("free", 400, 0, 300, 300).gesture(MagnifyGesture().onChanged { freeMagnify.append($0.magnification) })
        let touches = Touches(window(held, free))
        touches.down(1, 100, 100, at: 0)
        touches.move(1, 130, 100, at: 0.05)
        // The pointer over the node the finger holds: that attachment is the finger's.
        pinch(touches.engine, .began, at: 0.1, location: CGPoint(x: 150, y: 150))
        pinch(touches.engine, .changed, 2, at: 0.15, location: CGPoint(x: 150, y: 150))
        pinch(touches.engine, .ended, at: 0.2, location: CGPoint(x: 150, y: 150))
        XCTAssertEqual(heldMagnify, [], "no fake second finger joins the one on the glass")
        touches.move(1, 160, 100, at: 0.25)
        XCTAssertEqual(drags.last, 60, "the finger's drag carries on")
        // Over the other node, the touchpad drives it while the finger stays down.
        pinch(touches.engine, .began, at: 0.3, location: CGPoint(x: 500, y: 100))
        pinch(touches.engine, .changed, 1.5, at: 0.35, location: CGPoint(x: 500, y: 100))
        XCTAssertEqual(freeMagnify, [1.5])
        touches.up(1, 160, 100, at: 0.4)
        XCTAssertEqual(freeMagnify, [1.5], "a lift does not end the touchpad's pinch")
        // A finger that lands ends it; the platform's later updates are not a new pinch.
        touches.down(2, 600, 100, at: 0.45)
        pinch(touches.engine, .changed, 3, at: 0.5, location: CGPoint(x: 500, y: 100))
        XCTAssertEqual(freeMagnify, [1.5])
        touches.up(2, 600, 100, at: 0.55)
        pinch(touches.engine, .ended, at: 0.6, location: CGPoint(x: 500, y: 100))
        pinch(touches.engine, .began, at: 1, location: CGPoint(x: 500, y: 100))
        pinch(touches.engine, .changed, 1.2, at: 1.05, location: CGPoint(x: 500, y: 100))
        XCTAssertEqual(freeMagnify, [1.5, 1.2], "the next pinch starts afresh at 1")
    }

    func testTheTraceSaysATouchpadPinchWonAndWhy() {
        let engine = GestureEngine(root: window(square("photo", 0, 0, 400, 400)
            .gesture(MagnifyGesture(minimumScaleDelta: 0.3))
            .gesture(RotateGesture())))
        var verdicts: [String] = []
        engine.arenaTrace = { verdicts.append($0.description) }
        pinch(engine, .began, at: 0)
        pinch(engine, .changed, 1.1, degrees: 20, at: 0.05)
        XCTAssertEqual(verdicts, [
            "photo[1] RotateGesture won (touchpad pinch): recognised, nothing above it undecided",
            "photo[0] MagnifyGesture lost (touchpad pinch): beaten by photo[1] RotateGesture",
        ], "exclusive as for fingers: the rotation recognised first and took the pinch")
        verdicts.removeAll()
        pinch(engine, .ended, at: 0.1)
        XCTAssertEqual(verdicts, [])
    }
}
