import Foundation

/// Two gestures recognised at once (rule 25): both see every event; the
/// value carries each side's latest value, nil for a side that has none.
/// Under way while either side is; ends when both are over and one succeeded.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        SimultaneousRecognizer<First, Second>(first._makeRecognizer(context), second._makeRecognizer(context))
    }
    public var _traits: _GestureTraits { first._traits | second._traits }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

final class SimultaneousRecognizer<First: Gesture, Second: Gesture>: _Recognizer<SimultaneousGesture<First, Second>.Value> {
    typealias Value = SimultaneousGesture<First, Second>.Value
    let a: _Recognizer<First.Value>
    let b: _Recognizer<Second.Value>
    private var seenA: UInt64 = 0
    private var seenB: UInt64 = 0

    init(_ a: _Recognizer<First.Value>, _ b: _Recognizer<Second.Value>) { self.a = a; self.b = b }

    private func sync() {
        let pa = a.phase, pb = b.phase
        if pa == .active || pb == .active {
            phase = .active
        } else if pa.isTerminal && pb.isTerminal {
            phase = pa == .ended || pb == .ended ? .ended : .failed
        } else if pa == .ended || pb == .ended {
            phase = .active
        } else {
            phase = .possible
        }
        if seenA != a.version || seenB != b.version {
            seenA = a.version
            seenB = b.version
            value = Value(first: a.value, second: b.value)
            version &+= 1
        }
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        let ta = a.offer(id, location, time)
        let tb = b.offer(id, location, time)
        sync()
        return ta || tb
    }
    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        a.move(id, location, time); b.move(id, location, time); sync()
    }
    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        a.lift(id, location, time); b.lift(id, location, time); sync()
    }
    override func advance(to time: Double) { a.advance(to: time); b.advance(to: time); sync() }
    override func indirect(_ input: IndirectInput) { a.indirect(input); b.indirect(input); sync() }
    override func markFailed() { a.markFailed(); b.markFailed(); sync() }
    override func deliver() { a.deliver(); b.deliver() }
    override var deadline: Double { min(a.deadline, b.deadline) }
    override var holdCount: Int { max(a.holdCount, b.holdCount) }
    override var claimTapCount: Int { a.claimTapCount == 0 || b.claimTapCount == 0 ? 0 : min(a.claimTapCount, b.claimTapCount) }
    override var wantsEventsAfterEnd: Bool { a.wantsEventsAfterEnd || b.wantsEventsAfterEnd }
    override var seeksPointer: Bool { a.seeksPointer || b.seeksPointer }
}

