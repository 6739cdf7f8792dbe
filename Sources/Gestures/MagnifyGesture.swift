import Foundation

/// SwiftUI's `MagnifyGesture`: two or more fingers (or a touchpad pinch, or
/// Ctrl+wheel) spreading apart or closing. `magnification` is 1 when the
/// second finger lands and 2 when the fingers are twice as far apart; every
/// pinch starts again at 1 (rule 23). A third finger landing or one of three
/// lifting rebases the spread so the value does not jump; dropping below two
/// fingers ends it.
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
    public init(minimumScaleDelta: CGFloat = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta.isFinite ? max(0, minimumScaleDelta) : 0.01
    }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        MagnifyRecognizer(minimumScaleDelta: minimumScaleDelta, context: context)
    }
    public var _traits: _GestureTraits {
        var t = _GestureTraits()
        t.handlesPinch = true
        return t
    }
}

/// Fingers closer than this are read as this far apart, so a pinch that
/// starts with two touches on one spot does not divide by zero.
let minimumSpan: CGFloat = 1

final class MagnifyRecognizer: _Recognizer<MagnifyGesture.Value> {
    let minimumScaleDelta: CGFloat
    let toLocal: Transform2D
    let size: CGSize
    private var pointers = TrackedPointers()
    private var base: CGFloat = 1
    private var referenceSpan: CGFloat = minimumSpan
    private var magnification: CGFloat = 1
    private var started = false
    private var startLocation = CGPoint.zero
    private var lastTime = 0.0

    init(minimumScaleDelta: CGFloat, context: _GestureContext) {
        self.minimumScaleDelta = minimumScaleDelta
        toLocal = context.toLocal
        size = context.size
    }

    private func begin(at local: CGPoint, _ time: Double) {
        started = true
        startLocation = local
        base = 1
        magnification = 1
        lastTime = time
    }

    private func rebase() {
        base = magnification
        referenceSpan = max(pointers.span, minimumSpan)
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        guard !phase.isTerminal else { return false }
        pointers.add(id, location)
        if pointers.count == 2 && !started { begin(at: toLocal.apply(pointers.centroid), time) }
        if pointers.count >= 2 { rebase() }
        return true
    }

    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.update(at: i, location)
        guard pointers.count >= 2 else { return }
        change(to: base * max(pointers.span, minimumSpan) / referenceSpan, time)
    }

    private func change(to m: CGFloat, _ time: Double) {
        let dt = time - lastTime
        let velocity = dt > 0 ? (m - magnification) / CGFloat(dt) : (value?.velocity ?? 0)
        magnification = m
        lastTime = time
        if phase == .possible && abs(m - 1) >= minimumScaleDelta { phase = .active }
        if phase == .active { publish(time, velocity) }
    }

    private func publish(_ time: Double, _ velocity: CGFloat) {
        let anchor = UnitPoint(x: size.width > 0 ? startLocation.x / size.width : 0,
                               y: size.height > 0 ? startLocation.y / size.height : 0)
        value = MagnifyGesture.Value(time: time, magnification: magnification, velocity: velocity,
                                     startAnchor: anchor, startLocation: startLocation)
        version &+= 1
    }

    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.remove(at: i)
        if pointers.count >= 2 { rebase(); return }
        if pointers.count == 1 && !started { return }
        // Below two fingers: the pinch is over.
        phase = phase == .active ? .ended : .failed
    }

    override func indirect(_ input: IndirectInput) {
        guard !phase.isTerminal, pointers.isEmpty else { return }
        switch input.phase {
        case .began:
            begin(at: toLocal.apply(input.location), input.time)
            base = 1
        case .changed:
            if started { change(to: input.magnification, input.time) }
        case .ended:
            phase = phase == .active ? .ended : .failed
        }
    }
}
