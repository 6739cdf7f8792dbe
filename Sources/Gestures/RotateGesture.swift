import Foundation
import Motion

/// SwiftUI's `RotateGesture`: two fingers (or a touchpad rotation) turning.
/// `rotation` is the angle the fingers turned since the second one landed,
/// positive clockwise on screen as in SwiftUI's y-down space (rule 24: it
/// reports what the fingers did). Rebased when a finger joins or leaves.
public struct RotateGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Double
        public var rotation: Angle
        /// Angle per second.
        public var velocity: Angle
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) {
        self.minimumAngleDelta = minimumAngleDelta.radians.isFinite ? minimumAngleDelta : .degrees(1)
    }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        RotateRecognizer(minimumAngleDelta: abs(minimumAngleDelta.radians), context: context)
    }
    public var _traits: _GestureTraits {
        var t = _GestureTraits()
        t.handlesPinch = true
        return t
    }
}

final class RotateRecognizer: _Recognizer<RotateGesture.Value> {
    let minimumAngleDelta: Double
    let toLocal: Transform2D
    let size: CGSize
    private var pointers = TrackedPointers()
    private var base = 0.0
    private var referenceAngle = 0.0
    private var lastAngle = 0.0
    private var rotation = 0.0
    private var started = false
    private var startLocation = CGPoint.zero
    private var lastTime = 0.0

    init(minimumAngleDelta: Double, context: _GestureContext) {
        self.minimumAngleDelta = minimumAngleDelta
        toLocal = context.toLocal
        size = context.size
    }

    private func rebase() {
        base = rotation
        referenceAngle = pointers.angle
        lastAngle = referenceAngle
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        guard !phase.isTerminal else { return false }
        pointers.add(id, location)
        if pointers.count == 2 && !started {
            started = true
            startLocation = toLocal.apply(pointers.centroid)
            rotation = 0
            lastTime = time
        }
        if pointers.count >= 2 { rebase() }
        return true
    }

    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.update(at: i, location)
        guard pointers.count >= 2 else { return }
        // Accumulate the smallest turn since the last sample, so turning past
        // 180 degrees keeps counting instead of wrapping.
        var delta = pointers.angle - lastAngle
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        lastAngle = pointers.angle
        change(to: rotation + delta, time)
    }

    private func change(to r: Double, _ time: Double) {
        let dt = time - lastTime
        let velocity = dt > 0 ? (r - rotation) / dt : (value?.velocity.radians ?? 0)
        rotation = r
        lastTime = time
        if phase == .possible && abs(r) >= minimumAngleDelta { phase = .active }
        guard phase == .active else { return }
        let anchor = UnitPoint(x: size.width > 0 ? startLocation.x / size.width : 0,
                               y: size.height > 0 ? startLocation.y / size.height : 0)
        value = RotateGesture.Value(time: time, rotation: .radians(rotation), velocity: .radians(velocity),
                                    startAnchor: anchor, startLocation: startLocation)
        version &+= 1
    }

    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.remove(at: i)
        if pointers.count >= 2 { rebase(); return }
        if pointers.count == 1 && !started { return }
        phase = phase == .active ? .ended : .failed
    }

    override func indirect(_ input: IndirectInput) {
        guard !phase.isTerminal, pointers.isEmpty else { return }
        switch input.phase {
        case .began:
            started = true
            startLocation = toLocal.apply(input.location)
            rotation = 0
            lastTime = input.time
        case .changed:
            if started { change(to: input.rotation, input.time) }
        case .ended:
            phase = phase == .active ? .ended : .failed
        }
    }
}
