import Foundation
import Motion

/// SwiftUI's `RotateGesture`: two fingers (or a touchpad rotation) turning.
/// `rotation` is the angle the fingers turned since the second one landed,
/// positive clockwise on screen as in SwiftUI's y-down space (rule 24: it
/// reports what the fingers did). Follows the first two fingers, rebased
/// when the pair changes; ends when the last finger lifts (rule 26).
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
    public init(minimumAngleDelta: Angle = GestureConstants.rotateMinimumAngleDelta) {
        self.minimumAngleDelta = minimumAngleDelta.radians.isFinite ? minimumAngleDelta
            : GestureConstants.rotateMinimumAngleDelta
    }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        RotateRecognizer(minimumAngleDelta: abs(minimumAngleDelta.radians), context: context)
    }
    public var _traits: _GestureTraits { _GestureTraits(handlesPinch: true) }
}

final class RotateRecognizer: TwoFingerRecognizer<RotateGesture.Value> {
    let minimumAngleDelta: Double
    private var lastAngle = 0.0
    private var rotation = 0.0

    init(minimumAngleDelta: Double, context: _GestureContext) {
        self.minimumAngleDelta = minimumAngleDelta
        super.init(context: context)
    }

    override func restart() { rotation = 0 }
    override func rebase() { lastAngle = pointers.angle }

    override func fingersMoved(_ time: Double) {
        // Accumulate the smallest turn since the last sample, so turning past
        // 180 degrees keeps counting instead of wrapping.
        let angle = pointers.angle
        var delta = angle - lastAngle
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        lastAngle = angle
        change(to: rotation + delta, time)
    }

    override func indirectChanged(_ input: IndirectInput) { change(to: input.rotation, input.time) }

    private func change(to r: Double, _ time: Double) {
        let dt = time - lastTime
        let velocity = dt > 0 ? (r - rotation) / dt : (value?.velocity.radians ?? 0)
        rotation = r
        lastTime = time
        if phase == .possible && abs(r) >= minimumAngleDelta { phase = .active }
        guard phase == .active else { return }
        value = RotateGesture.Value(time: time, rotation: .radians(rotation), velocity: .radians(velocity),
                                    startAnchor: startAnchor, startLocation: startLocation)
        version &+= 1
    }
}
