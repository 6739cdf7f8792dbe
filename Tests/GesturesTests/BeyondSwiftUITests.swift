import Foundation
import XCTest
import Motion
@testable import Gestures

/// docs/GESTURES.md, "Beyond SwiftUI" (rules 27-32): mouse, wheel and
/// pinch, velocity, focal point, replay.
final class BeyondSwiftUITests: XCTestCase {
    func testTheMouseIsOnePointer_doubleClickIsADoubleTap() {
        let log = Log()
        let n = square().onTapGesture(count: 2) { log("double") }.onTapGesture { log("single") }
            .gesture(DragGesture().onEnded { log("drag \(Int($0.translation.width))") })
        let engine = GestureEngine(root: window(n))
        engine.handle(.mouse(.move, x: 10, y: 10, at: 0))   // hover: no button, ignored
        engine.handle(.mouse(.down, x: 100, y: 100, at: 0.1))
        engine.handle(.mouse(.up, x: 100, y: 100, at: 0.15))
        engine.handle(.mouse(.down, x: 101, y: 100, at: 0.25))
        engine.handle(.mouse(.up, x: 101, y: 100, at: 0.3))
        engine.handle(.mouse(.down, x: 50, y: 50, at: 1))
        engine.handle(.mouse(.move, x: 90, y: 50, at: 1.1))
        engine.handle(.mouse(.up, x: 90, y: 50, at: 1.2))
        engine.advance(to: 3)
        XCTAssertEqual(log.entries, ["double", "drag 40"])
    }

    func testControlWheelZoomsAroundThePointer_plainWheelIsLeftToTheApp() {
        var values: [MagnifyGesture.Value] = []
        var ended: MagnifyGesture.Value?
        let n = square("photo", 100, 100, 400, 200).gesture(MagnifyGesture().onChanged { values.append($0) }.onEnded { ended = $0 })
        let engine = GestureEngine(root: window(n))
        XCTAssertEqual(engine.handle(WheelEvent(location: CGPoint(x: 200, y: 150), dy: 1, timestamp: 0)),
                       .rejected("wheel without Ctrl does not zoom"))
        engine.handle(WheelEvent(location: CGPoint(x: 200, y: 150), dy: 1, modifiers: .control, timestamp: 1))
        engine.handle(WheelEvent(location: CGPoint(x: 200, y: 150), dy: 1, modifiers: .control, timestamp: 1.05))
        XCTAssertEqual(values.last?.magnification ?? 0, 1.21, accuracy: 1e-9)
        XCTAssertEqual(values.last?.startLocation, CGPoint(x: 100, y: 50))
        XCTAssertEqual(values.last?.startAnchor, UnitPoint(x: 0.25, y: 0.25))
        XCTAssertNil(ended)
        engine.advance(to: 1.34)
        XCTAssertNil(ended, "a pause shorter than the idle time keeps the zoom going")
        engine.advance(to: 1.36)
        XCTAssertEqual(ended?.magnification ?? 0, 1.21, accuracy: 1e-9)
        XCTAssertFalse(engine.isBusy)
    }

    func testTouchpadPinchAndRotationEvents() {
        var magnification: CGFloat?
        var rotation: Angle?
        let n = square("photo", 0, 0, 400, 400)
            .gesture(MagnifyGesture().onEnded { magnification = $0.magnification }
                .simultaneously(with: RotateGesture().onEnded { rotation = $0.rotation }))
        let engine = GestureEngine(root: window(n))
        let at = CGPoint(x: 200, y: 200)
        engine.handle(PinchEvent(phase: .began, location: at, timestamp: 0))
        engine.handle(PinchEvent(phase: .changed, location: at, magnification: 1.5, rotation: 0.3, timestamp: 0.1))
        engine.handle(PinchEvent(phase: .changed, location: at, magnification: 2, rotation: 0.5, timestamp: 0.2))
        engine.handle(PinchEvent(phase: .ended, location: at, timestamp: 0.3))
        XCTAssertEqual(magnification, 2)
        XCTAssertEqual(rotation?.radians ?? 0, 0.5, accuracy: 1e-12)
    }

    func testVelocityIsALeastSquaresFitAndNoneIsLeftAfterAPause() {
        // A flick on the first square; on the second, a pause before the lift.
        let drags = TwoDrags(side: 400, gap: 100), touches = drags.touches!
        touches.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 350, y: 50), start: 0, duration: 0.25, lift: true)
        let flick = drags.first
        XCTAssertEqual(flick?.velocity.width ?? 0, 1200, accuracy: 1)
        XCTAssertEqual(flick?.predictedEndTranslation.width ?? 0, 300 + 0.25 * 1200, accuracy: 1)
        touches.drag(from: CGPoint(x: 550, y: 50), to: CGPoint(x: 850, y: 50), start: 1, duration: 0.25, lift: false)
        touches.up(1, 850, 50, at: 1.30)    // 50 ms without moving
        let paused = drags.second
        XCTAssertEqual(paused?.velocity, .zero)
        XCTAssertEqual(paused?.predictedEndTranslation, paused?.translation)
        // A lone jittery sample is not a velocity: two samples are not enough.
        var short: DragGesture.Value?
        let t2 = Touches(window(square().gesture(DragGesture(minimumDistance: 0).onEnded { short = $0 })))
        t2.down(1, 10, 10, at: 0)
        t2.up(1, 60, 10, at: 0.01)
        XCTAssertEqual(short?.velocity, .zero)
    }

    func testFocalPointDoesNotJumpWhenFingersJoinOrLeave() {
        var locations: [CGPoint] = []
        var magnifications: [CGFloat] = []
        let n = square("photo", 0, 0, 600, 600).gesture(
            DragGesture().onChanged { locations.append($0.location) }
                .simultaneously(with: MagnifyGesture().onChanged { magnifications.append($0.magnification) }))
        let touches = Touches(window(n))
        touches.down(1, 100, 100, at: 0)
        touches.move(1, 130, 100, at: 0.05)
        let beforeSecond = locations.last!
        touches.down(2, 300, 300, at: 0.1)        // centroid would jump to (215, 200)
        touches.move(2, 301, 300, at: 0.12)
        XCTAssertEqual(locations.last!.x, beforeSecond.x + 0.5, accuracy: 1e-9)
        XCTAssertEqual(locations.last!.y, beforeSecond.y, accuracy: 1e-9)
        touches.move(2, 400, 400, at: 0.2)         // spread: magnify starts
        let spread = magnifications.last!
        XCTAssertGreaterThan(spread, 1)
        touches.down(3, 500, 100, at: 0.25)        // a third finger lands
        touches.move(3, 500, 101, at: 0.27)
        XCTAssertEqual(magnifications.last!, spread, accuracy: 0.01, "no jump when a third finger lands")
        let beforeLift = locations.last!
        touches.up(3, 500, 101, at: 0.3)
        touches.move(1, 131, 100, at: 0.32)
        XCTAssertEqual(locations.last!.x, beforeLift.x + 0.5, accuracy: 1e-9, "no jump when a finger lifts")
    }

    func testRecordedStreamsReplayDeterministically() {
        func run() -> [String] {
            let scene = PropertyScene()
            let log = Log()
            scene.drag.onChange { v, _ in log("drag \(v)") }
            scene.pull.onReset { v, t in log("pull reset \(v) \(String(describing: t.animation))") }
            let engine = GestureEngine(root: scene.root)
            var rng = SeededRandom(seed: 42)
            var t = 0.0
            for _ in 0..<400 {
                t += rng.range(0, 0.05)
                let finger = 1 + rng.int(2)
                let phase: PointerPhase = [.down, .move, .move, .move, .up][rng.int(5)]
                engine.handle(.touch(finger, phase, x: rng.range(0, 600), y: rng.range(0, 400), at: t))
            }
            return log.entries
        }
        let first = run()
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(first, run())
    }

    func testTreeRebuiltBetweenTapsKeepsTheDoubleTap() {
        let log = Log()
        func tree() -> GestureNode {
            window(square("photo").onTapGesture(count: 2) { log("double") }.onTapGesture { log("single") })
        }
        let engine = GestureEngine(root: tree())
        engine.handle(.touch(1, .down, x: 50, y: 50, at: 0))
        engine.handle(.touch(1, .up, x: 50, y: 50, at: 0.05))
        engine.root = tree()                      // the app rebuilt its tree for the next frame
        engine.handle(.touch(1, .down, x: 52, y: 50, at: 0.2))
        engine.handle(.touch(1, .up, x: 52, y: 50, at: 0.25))
        engine.advance(to: 2)
        XCTAssertEqual(log.entries, ["double"])
    }

    func testStateWrittenBeforeRecognitionResetsWhenTheGestureLoses() {
        // A long press shows "pressing" from touch-down; a swipe that fails it
        // must put the state back, with no onEnded.
        let pressing = GestureState(wrappedValue: false, resetTransaction: Transaction(animation: .spring(duration: 0.2)))
        var resets: [Transaction] = []
        pressing.onReset { _, t in resets.append(t) }
        var ended = 0
        let n = square().gesture(LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture())
            .updating(pressing) { v, s, _ in if case .first(true) = v { s = true } }
            .onEnded { _ in ended += 1 })
        let touches = Touches(window(n))
        touches.down(1, 50, 50, at: 0)
        XCTAssertTrue(pressing.wrappedValue)
        touches.move(1, 80, 50, at: 0.1)
        XCTAssertFalse(pressing.wrappedValue)
        XCTAssertEqual(resets.map(\.animation), [.spring(duration: 0.2)])
        touches.up(1, 80, 50, at: 0.2)
        XCTAssertEqual(ended, 0)
    }
}
