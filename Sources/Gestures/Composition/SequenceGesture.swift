import Foundation

/// One gesture, then another (rules 13-14): the second sees events only
/// after the first succeeded, starting from where the fingers are then.
/// Fails if the first fails. Once the first succeeded the sequence is under
/// way; it ends when the second ends, or with `.second(a, nil)` when the
/// second fails (a press released without dragging), as SwiftUI reports.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        SequenceRecognizer<First, Second>(first._makeRecognizer(context), second._makeRecognizer(context))
    }
    public var _traits: _GestureTraits {
        // Only the first stage can start a drag at the first movement.
        var t = first._traits | second._traits
        t.startsDragImmediately = first._traits.startsDragImmediately
        return t
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

final class SequenceRecognizer<First: Gesture, Second: Gesture>: _Recognizer<SequenceGesture<First, Second>.Value> {
    typealias Value = SequenceGesture<First, Second>.Value
    let a: _Recognizer<First.Value>
    let b: _Recognizer<Second.Value>
    private var inSecond = false
    private var seenA: UInt64 = 0
    private var seenB: UInt64 = 0
    /// Fingers down (window points), to hand to the second stage.
    private var down = TrackedPointers()

    init(_ a: _Recognizer<First.Value>, _ b: _Recognizer<Second.Value>) { self.a = a; self.b = b }

    private func sync(_ time: Double) {
        if !inSecond {
            switch a.phase {
            case .possible, .active:
                phase = a.phase
                if seenA != a.version, let v = a.value {
                    seenA = a.version
                    value = .first(v)
                    version &+= 1
                }
            case .failed:
                phase = .failed
            case .ended:
                guard let av = a.value else { phase = .failed; return }
                inSecond = true
                for i in 0..<down.count { _ = b.offer(down.ids[i], down.points[i], time) }
                seenB = b.version
                value = .second(av, b.value)
                version &+= 1
                syncSecond()
            }
        } else {
            syncSecond()
        }
    }

    private func syncSecond() {
        switch b.phase {
        case .possible, .active: phase = .active
        case .ended, .failed: phase = .ended
        }
        if seenB != b.version, let av = a.value {
            seenB = b.version
            value = .second(av, b.value)
            version &+= 1
        }
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        guard !phase.isTerminal else { return false }
        let taken = inSecond ? b.offer(id, location, time) : a.offer(id, location, time)
        if taken { down.add(id, location) }
        sync(time)
        return taken
    }
    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = down.index(of: id) else { return }
        down.update(at: i, location)
        if inSecond { b.move(id, location, time) } else { a.move(id, location, time) }
        sync(time)
    }
    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        guard !phase.isTerminal, let i = down.index(of: id) else { return }
        down.remove(at: i)
        if inSecond { b.lift(id, location, time) } else { a.lift(id, location, time) }
        sync(time)
    }
    override func advance(to time: Double) {
        guard !phase.isTerminal else { return }
        if inSecond { b.advance(to: time) } else { a.advance(to: time) }
        sync(time)
    }
    override func indirect(_ input: IndirectInput) {
        if inSecond { b.indirect(input) } else { a.indirect(input) }
        sync(input.time)
    }
    override func markFailed() {
        a.markFailed()
        b.markFailed()
        phase = .failed
    }
    override func deliver() { a.deliver(); b.deliver() }
    override var deadline: Double { phase.isTerminal ? .infinity : (inSecond ? b.deadline : a.deadline) }
    override var holdCount: Int { inSecond ? b.holdCount : a.holdCount }
    override var claimTapCount: Int { inSecond ? b.claimTapCount : a.claimTapCount }
    override var seeksPointer: Bool { !phase.isTerminal && (inSecond ? b.seeksPointer : a.seeksPointer) }
}
