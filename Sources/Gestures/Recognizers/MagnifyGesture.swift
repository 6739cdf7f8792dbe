import Foundation

/// SwiftUI's `MagnifyGesture`: two or more fingers (or a touchpad pinch, or
/// Ctrl+wheel) spreading apart or closing. `magnification` is 1 when the
/// second finger lands and 2 when the fingers are twice as far apart; every
/// pinch starts again at 1 (rule 23). It follows the first two fingers; a
/// finger that lifts and lands again continues from the value reached, and
/// the pinch ends when the last finger lifts (rule 26).
public struct MagnifyGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Double
        public var magnification: CGFloat
        /// Change of magnification per second.
        public var velocity: CGFloat
        /// Where the pinch began, as a fraction of the node's bounds.
        public var startAnchor: UnitPoint
        /// Where the pinch began (the fingers' centroid), in local coordinates.
        public var startLocation: CGPoint
    }
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = GestureConstants.magnifyMinimumScaleDelta) {
        self.minimumScaleDelta = minimumScaleDelta.isFinite ? max(0, minimumScaleDelta)
            : GestureConstants.magnifyMinimumScaleDelta
    }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        MagnifyRecognizer(minimumScaleDelta: minimumScaleDelta, context: context)
    }
    public var _traits: _GestureTraits { _GestureTraits(handlesPinch: true) }
}

final class MagnifyRecognizer: TwoFingerRecognizer<MagnifyGesture.Value> {
    let minimumScaleDelta: CGFloat
    private var base: CGFloat = 1
    private var referenceSpan = GestureConstants.minimumSpan
    private var magnification: CGFloat = 1

    init(minimumScaleDelta: CGFloat, context: _GestureContext) {
        self.minimumScaleDelta = minimumScaleDelta
        super.init(context: context)
    }

    override func restart() {
        base = 1
        magnification = 1
    }

    override func rebase() {
        base = magnification
        referenceSpan = max(pointers.pairSpan, GestureConstants.minimumSpan)
    }

    override func fingersMoved(_ time: Double) {
        change(to: base * max(pointers.pairSpan, GestureConstants.minimumSpan) / referenceSpan, time)
    }

    override func indirectChanged(_ input: IndirectInput) { change(to: input.magnification, input.time) }

    private func change(to m: CGFloat, _ time: Double) {
        let dt = time - lastTime
        let velocity = dt > 0 ? (m - magnification) / CGFloat(dt) : (value?.velocity ?? 0)
        magnification = m
        lastTime = time
        if phase == .possible && abs(m - 1) >= minimumScaleDelta { phase = .active }
        guard phase == .active else { return }
        value = MagnifyGesture.Value(time: time, magnification: magnification, velocity: velocity,
                                     startAnchor: startAnchor, startLocation: startLocation)
        version &+= 1
    }
}
