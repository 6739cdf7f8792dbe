import Foundation

/// What magnify and rotate share: following a pair of fingers (or a
/// touchpad session) from the moment the second finger lands. The pair is
/// the first two fingers down; a third waits as a spare and does not disturb
/// the value. Touch panels drop contacts for a moment, so a pinch outlives a
/// lost finger: while one finger stays down it keeps its value, and the next
/// finger to land (anywhere: the engine hands it over) rejoins it. Whenever
/// the pair changes, the value is rebased on the new pair so it does not
/// jump; the gesture ends when the last finger lifts (docs/GESTURES.md,
/// rule 26). Subclasses say what the pair's geometry means.
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
    /// The pair changed (a finger joined or left, two or more remain): keep
    /// the value, take the new pair's geometry as its reference.
    func rebase() {}
    /// A finger of the pair moved.
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
        if pointers.count >= 2 && i < 2 { fingersMoved(time) }
    }

    override final func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = pointers.index(of: id) else { return }
        pointers.remove(at: i)
        if pointers.count >= 2 { if i < 2 { rebase() }; return }
        // One finger left: a pinch not yet begun waits for its second, one
        // under way for a finger to rejoin.
        if pointers.count == 1 { return }
        phase = phase == .active ? .ended : .failed
    }

    override final var seeksPointer: Bool { started && pointers.count == 1 && !phase.isTerminal }

    override final func indirect(_ input: IndirectInput) {
        guard !phase.isTerminal, pointers.isEmpty else { return }
        switch input.phase {
        case .began: begin(at: input.location, input.time)
        case .changed: if started { indirectChanged(input) }
        case .ended: phase = phase == .active ? .ended : .failed
        }
    }
}
