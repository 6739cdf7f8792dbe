import Foundation

/// Either of two gestures, the first having precedence (rule 2): both see
/// the events, but the second may only be taken once the first failed, so
/// `TapGesture(count: 2).exclusively(before: TapGesture())` gives `.first`
/// for two taps and `.second` for one, after the double-tap window.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        ExclusiveRecognizer<First, Second>(first._makeRecognizer(context), second._makeRecognizer(context))
    }
    public var _traits: _GestureTraits { first._traits | second._traits }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

final class ExclusiveRecognizer<First: Gesture, Second: Gesture>: _Recognizer<ExclusiveGesture<First, Second>.Value> {
    typealias Value = ExclusiveGesture<First, Second>.Value
    let a: _Recognizer<First.Value>
    let b: _Recognizer<Second.Value>
    /// 0 undecided, 1 first taken, 2 second taken.
    private var taken = 0
    private var seen: UInt64 = 0

    init(_ a: _Recognizer<First.Value>, _ b: _Recognizer<Second.Value>) { self.a = a; self.b = b }

    private func sync() {
        if taken == 0 {
            if a.phase == .active || a.phase == .ended {
                taken = 1
                b.cancel()
            } else if a.phase == .failed {
                switch b.phase {
                case .active, .ended: taken = 2
                case .failed: phase = .failed
                case .possible: phase = .possible
                }
            } else {
                phase = .possible
            }
        }
        if taken == 1 {
            phase = a.phase
            if seen != a.version, let v = a.value { seen = a.version; value = .first(v); version &+= 1 }
        } else if taken == 2 {
            phase = b.phase
            if seen != b.version, let v = b.value { seen = b.version; value = .second(v); version &+= 1 }
        }
    }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        var took = false
        if taken != 2 { took = a.offer(id, location, time) || took }
        if taken != 1 { took = b.offer(id, location, time) || took }
        sync()
        return took
    }
    override func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        if taken != 2 { a.move(id, location, time) }
        if taken != 1 { b.move(id, location, time) }
        sync()
    }
    override func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {
        if taken != 2 { a.lift(id, location, time) }
        if taken != 1 { b.lift(id, location, time) }
        sync()
    }
    override func advance(to time: Double) {
        if taken != 2 { a.advance(to: time) }
        if taken != 1 { b.advance(to: time) }
        sync()
    }
    override func indirect(_ input: IndirectInput) {
        if taken != 2 { a.indirect(input) }
        if taken != 1 { b.indirect(input) }
        sync()
    }
    override func markFailed() {
        a.markFailed()
        b.markFailed()
        phase = .failed
    }
    override func deliver() {
        // The second side's callbacks wait until it is taken (or resets).
        if taken != 2 { a.deliver() }
        if taken != 0 || b.phase == .failed { b.deliver() }
    }
    override var deadline: Double {
        taken == 1 ? a.deadline : taken == 2 ? b.deadline : min(a.deadline, b.deadline)
    }
    override var holdCount: Int {
        taken == 1 ? a.holdCount : taken == 2 ? b.holdCount : max(a.holdCount, b.holdCount)
    }
    override var claimTapCount: Int { taken == 2 ? b.claimTapCount : a.claimTapCount }
    override var wantsEventsAfterEnd: Bool { a.wantsEventsAfterEnd || b.wantsEventsAfterEnd }
    override var seeksPointer: Bool {
        taken == 1 ? a.seeksPointer : taken == 2 ? b.seeksPointer : a.seeksPointer || b.seeksPointer
    }
}

extension Gesture {
    /// Both at once; the value has each side's value as an optional.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
    /// `other` starts only once this one succeeded.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(self, other)
    }
    /// Only one succeeds; this one has precedence.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}

/// A type-erased gesture, for storing gestures of different types alike.
public struct AnyGesture<Value>: Gesture {
    private let make: (_GestureContext) -> _Recognizer<Value>
    public let _traits: _GestureTraits
    public init<G: Gesture>(_ gesture: G) where G.Value == Value {
        make = gesture._makeRecognizer
        _traits = gesture._traits
    }
    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> { make(context) }
}
