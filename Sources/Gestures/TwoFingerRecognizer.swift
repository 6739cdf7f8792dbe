import Foundation

/// What magnify and rotate share: following two or more fingers (or a
/// touchpad session) from the moment the second finger lands, rebasing when
/// fingers join or leave so the value does not jump, ending when fewer than
/// two remain. Subclasses say what the fingers' geometry means.
class TwoFingerRecognizer<Value>: _Recognizer<Value> {
    let toLocal: Transform2D
    let size: CGSize
    /// Window points (the spread and angle do not depend on the node's transform).
    final var pointers = TrackedPointers()
    final var started = false
    final var startLocation = CGPoint.zero
    final var lastTime = 0.0

    init(context: _GestureContext) {
        toLocal = context.toLocal
        size = context.size
    }

    /// A pinch begins: reset the value to its neutral start.
    func restart() {}
    /// The set of fingers changed (two or more remain): keep the value, take
    /// the new geometry as its reference.
    func rebase() {}
    /// Two or more fingers moved.
    func fingersMoved(_ time: Double) {}
    /// A touchpad session changed.
    func indirectChanged(_ input: IndirectInput) {}

    final var startAnchor: UnitPoint {
        UnitPoint(x: size.width > 0 ? startLocation.x / size.width : 0,
                  y: size.height > 0 ? startLocation.y / size.height : 0)
    }

    private func begin(at window: CGPoint, _ time: Double) {
        started = true
        startLocation = toLocal.apply(window)
        lastTime = time
        restart()
    }

    override final func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        guard !phase.isTerminal else { return false }
        pointers.add(id, location)
        if pointers.count == 2 && !started { begin(at: pointers.centroid, time) }
        if pointers.count >= 2 { rebase() }
        return true
    }

    override final func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.update(at: i, location)
        if pointers.count >= 2 { fingersMoved(time) }
    }

    override final func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.remove(at: i)
        if pointers.count >= 2 { rebase(); return }
        if pointers.count == 1 && !started { return }
        // Below two fingers: the pinch is over.
        phase = phase == .active ? .ended : .failed
    }

    override final func indirect(_ input: IndirectInput) {
        guard !phase.isTerminal, pointers.isEmpty else { return }
        switch input.phase {
        case .began: begin(at: input.location, input.time)
        case .changed: if started { indirectChanged(input) }
        case .ended: phase = phase == .active ? .ended : .failed
        }
    }
}
