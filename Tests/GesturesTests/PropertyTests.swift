import Foundation
import XCTest
import TestSupport
import Motion
@testable import Gestures

/// The shared seeded generator; `int(n)` is `below(n)`.
typealias SeededRandom = SplitMix64
extension SplitMix64 {
    mutating func int(_ n: Int) -> Int { below(n) }
}

/// Records every recognition (one recognizer instance) of the gestures it
/// wraps: which pointers it took and which callbacks ran, in order.
final class Recorder {
    /// A touch: a pointer id and which of its downs (ids are reused).
    struct Touch: Hashable { var id: PointerID; var serial: Int }
    struct Instance {
        var touches: Set<Touch> = []
        var changed = 0
        var ended = 0
        var changedAfterEnded = false
        /// Set when a touch it took was cancelled (or everything was) before it ended.
        var cancelled = false
        var endedAfterCancel = false
    }
    var instances: [Instance] = []
    var serials: [PointerID: Int] = [:]

    func touchBegan(_ id: PointerID) { serials[id, default: 0] += 1 }
    func took(_ i: Int, _ id: PointerID) { instances[i].touches.insert(Touch(id: id, serial: serials[id, default: 0])) }

    func make() -> Int {
        instances.append(Instance())
        return instances.count - 1
    }
    func changed(_ i: Int) {
        instances[i].changed += 1
        if instances[i].ended > 0 { instances[i].changedAfterEnded = true }
    }
    func ended(_ i: Int) {
        instances[i].ended += 1
        if instances[i].cancelled { instances[i].endedAfterCancel = true }
    }
    func cancelled(pointer: PointerID?) {
        for i in instances.indices where instances[i].ended == 0 {
            if let pointer, !instances[i].touches.contains(Touch(id: pointer, serial: serials[pointer, default: 0])) { continue }
            instances[i].cancelled = true
        }
    }
}

/// Wraps a gesture so each instantiation gets its own id in the recorder,
/// with the library's own `onChanged`/`onEnded` doing the reporting.
struct Probe<Content: Gesture>: Gesture {
    typealias Value = Content.Value
    let content: Content
    let recorder: Recorder
    func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        let id = recorder.make()
        let recorder = self.recorder
        let inner = content.onChanged { _ in recorder.changed(id) }.onEnded { _ in recorder.ended(id) }
        return ProbeRecognizer(inner._makeRecognizer(context)) { recorder.took(id, $0) }
    }
    var _traits: _GestureTraits { content._traits }
}

/// Notes which pointers the wrapped recognizer took.
final class ProbeRecognizer<Value>: PassThroughRecognizer<Value> {
    let took: (PointerID) -> Void
    init(_ child: _Recognizer<Value>, took: @escaping (PointerID) -> Void) {
        self.took = took
        super.init(child)
    }
    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        let taken = super.offer(id, location, time)
        if taken { took(id) }
        return taken
    }
}

extension Gesture {
    func probed(_ r: Recorder) -> Probe<Self> { Probe(content: self, recorder: r) }
}

/// A scene using every kind of gesture and attachment, with gesture states.
final class PropertyScene {
    let recorder = Recorder()
    let drag = GestureState(wrappedValue: CGSize.zero)
    let pinch = GestureState(wrappedValue: CGFloat(1))
    let press = GestureState(wrappedValue: false)
    let turn = GestureState(wrappedValue: Angle.zero)
    let pull = GestureState(wrappedValue: CGFloat(0), resetTransaction: Transaction(animation: .spring(duration: 0.4)))
    final class PressingBox { var value = false }
    let pressingBox: PressingBox
    var pressing: Bool { pressingBox.value }
    let root: GestureNode

    init() {
        let r = recorder
        let a = square("a", 0, 0, 200, 200)
            .onTapGesture {}
            .gesture(TapGesture(count: 2).probed(r))
            .gesture(TapGesture().probed(r))
            .gesture(MagnifyGesture().updating(pinch) { v, s, _ in s = v.magnification }
                .simultaneously(with: DragGesture().updating(drag) { v, s, _ in s = v.translation }).probed(r))
        let b = square("b", 250, 0, 200, 200)
            .gesture(LongPressGesture(minimumDuration: 0.3).updating(press) { v, s, _ in s = v }
                .sequenced(before: DragGesture(minimumDistance: 0)).probed(r))
        let pressingBox = PressingBox()
        b.onLongPressGesture(minimumDuration: 0.6, perform: {}, onPressingChanged: { pressingBox.value = $0 })
        self.pressingBox = pressingBox
        let card = square("card", 20, 240, 150, 120)
            .gesture(TapGesture(count: 2).exclusively(before: SpatialTapGesture()).probed(r))
            .simultaneousGesture(RotateGesture().updating(turn) { v, s, _ in s = v.rotation }.probed(r))
        let button = GestureNode.button("button", frame: CGRect(x: 450, y: 250, width: 100, height: 50)) {}
            .simultaneousGesture(TapGesture().probed(r))
        let puller = GestureNode("puller", frame: CGRect(x: 200, y: 240, width: 200, height: 120), shape: .circle)
            .contentShape(.rectangle)
            .highPriorityGesture(DragGesture().map { $0.translation.height }.updating(pull) { v, s, _ in s = v }.probed(r),
                                 including: .gesture)
        let scroll = GestureNode.scrollView("scroll", axis: .horizontal, frame: CGRect(x: 0, y: 220, width: 600, height: 180),
                                            children: [card, button, puller], onChanged: { _ in }, onEnded: { _ in })
        root = window(a, b, scroll)
        root.children[0].onTapGesture(count: 3) {}
        pull.onReset { _, transaction in XCTAssertEqual(transaction.animation, .spring(duration: 0.4)) }
    }

    var statesAtRest: Bool {
        drag.wrappedValue == .zero && pinch.wrappedValue == 1 && press.wrappedValue == false
            && turn.wrappedValue == .zero && pull.wrappedValue == 0 && !pressing
    }
}

final class PropertyTests: XCTestCase {
    static let streamCount = 10_000

    func testRandomTouchStreamsKeepTheInvariants() {
        var events = 0
        var recognitions = 0
        var ends = 0
        for seed in 0..<UInt64(Self.streamCount) {
            let scene = PropertyScene()
            let engine = GestureEngine(root: scene.root)
            var rng = SeededRandom(seed: seed)
            var down: [Int: CGPoint] = [:]
            var t = 0.0
            let length = 5 + rng.int(40)
            for _ in 0..<length {
                t += rng.unit() < 0.3 ? 0 : rng.range(0, 0.25)
                let roll = rng.unit()
                let finger = 1 + rng.int(3)
                if roll < 0.3 {
                    let p = CGPoint(x: rng.range(-20, 620), y: rng.range(-20, 420))
                    if down[finger] == nil { scene.recorder.touchBegan(PointerID(finger)) }
                    engine.handle(.touch(finger, .down, x: p.x, y: p.y, at: t))
                    down[finger] = p
                } else if roll < 0.7 {
                    guard let p = down[finger] else { continue }
                    let q = CGPoint(x: p.x + rng.range(-40, 40), y: p.y + rng.range(-40, 40))
                    engine.handle(.touch(finger, .move, x: q.x, y: q.y, at: t))
                    down[finger] = q
                } else if roll < 0.85 {
                    let p = down[finger] ?? .zero
                    engine.handle(.touch(finger, .up, x: p.x, y: p.y, at: t))
                    down[finger] = nil
                } else if roll < 0.89 {
                    if down[finger] != nil { scene.recorder.cancelled(pointer: PointerID(finger)) }
                    engine.handle(.touch(finger, .cancel, x: 0, y: 0, at: t))
                    down[finger] = nil
                } else if roll < 0.95 {
                    engine.advance(to: t + rng.range(0, 0.5))
                } else if roll < 0.96 {
                    scene.recorder.cancelled(pointer: nil)
                    engine.cancelAll()
                    down = [:]
                } else {
                    // Bad input: nothing may crash, nothing may be counted.
                    switch rng.int(5) {
                    case 0: engine.handle(.touch(finger, .move, x: .nan, y: 3, at: t))
                    case 1: engine.handle(.touch(9, .up, x: 1, y: 1, at: t))
                    case 2: engine.handle(.touch(finger, .move, x: 1, y: 1, at: t - 1))
                    case 3: engine.handle(.touch(finger, .down, x: .infinity, y: 1, at: .nan))
                    default: engine.handle(WheelEvent(location: CGPoint(x: 100, y: 100), dy: 1, modifiers: .control, timestamp: t))
                    }
                }
                events += 1
            }
            for (finger, p) in down { engine.handle(.touch(finger, .up, x: p.x, y: p.y, at: t + 0.01)) }
            engine.advance(to: t + 5)

            XCTAssertTrue(scene.statesAtRest, "seed \(seed): gesture states back at their initial values")
            XCTAssertFalse(engine.isBusy, "seed \(seed): nothing left running")
            for (i, instance) in scene.recorder.instances.enumerated() {
                XCTAssertLessThanOrEqual(instance.ended, 1, "seed \(seed) instance \(i): onEnded at most once")
                XCTAssertFalse(instance.changedAfterEnded, "seed \(seed) instance \(i): no onChanged after onEnded")
                XCTAssertFalse(instance.endedAfterCancel, "seed \(seed) instance \(i): cancel never runs onEnded")
                ends += instance.ended
            }
            recognitions += scene.recorder.instances.count
            if testRun?.failureCount ?? 0 > 20 { return }
        }
        // The streams must exercise the engine, not just feed it noise.
        XCTAssertGreaterThan(ends, Self.streamCount / 4)
        print("property streams: \(Self.streamCount), events \(events), recognizer instances \(recognitions), onEnded \(ends)")
    }
}
