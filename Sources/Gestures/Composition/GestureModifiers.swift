import Foundation
import Motion

/// A recognizer wrapping one child: forwards every event, then `sync()`s
/// its phase and value from the child's. Modifiers add callbacks in
/// `deliver()`; `map` converts the value in `sync()`.
class WrappingRecognizer<Input, Value>: _Recognizer<Value> {
    let child: _Recognizer<Input>
    init(_ child: _Recognizer<Input>) { self.child = child }

    func sync() { phase = child.phase }

    override func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool {
        let taken = child.offer(id, location, time)
        sync()
        return taken
    }
    override final func move(_ id: PointerID, _ location: CGPoint, _ time: Double) { child.move(id, location, time); sync() }
    override final func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) { child.lift(id, location, time); sync() }
    override final func advance(to time: Double) { child.advance(to: time); sync() }
    override final func indirect(_ input: IndirectInput) { child.indirect(input); sync() }
    override final func markFailed() { child.markFailed(); sync() }
    override func deliver() { child.deliver() }
    override final var deadline: Double { child.deadline }
    override final var holdCount: Int { child.holdCount }
    override final var claimTapCount: Int { child.claimTapCount }
    override final var wantsEventsAfterEnd: Bool { child.wantsEventsAfterEnd }
    override final var seeksPointer: Bool { child.seeksPointer }
}

/// A wrapper with the child's own value.
class PassThroughRecognizer<Value>: WrappingRecognizer<Value, Value> {
    override final func sync() {
        phase = child.phase
        if version != child.version {
            version = child.version
            value = child.value
        }
    }
}

/// `onChanged`: runs while the value changes before the gesture ends (a
/// long press's `true` at touch-down included), never after `onEnded`.
public struct _ChangedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    let content: Content
    let action: (Value) -> Void
    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        ChangedRecognizer(content._makeRecognizer(context), action)
    }
    public var _traits: _GestureTraits { content._traits }
}

final class ChangedRecognizer<Value>: PassThroughRecognizer<Value> {
    let action: (Value) -> Void
    private var seen: UInt64 = 0
    init(_ child: _Recognizer<Value>, _ action: @escaping (Value) -> Void) {
        self.action = action
        super.init(child)
    }
    override func deliver() {
        child.deliver()
        guard seen != version else { return }
        seen = version
        if phase == .possible || phase == .active, let v = value { action(v) }
    }
}

/// `onEnded`: runs once, on success only (rule 22).
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    let content: Content
    let action: (Value) -> Void
    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        EndedRecognizer(content._makeRecognizer(context), action)
    }
    public var _traits: _GestureTraits { content._traits }
}

final class EndedRecognizer<Value>: PassThroughRecognizer<Value> {
    let action: (Value) -> Void
    private var fired = false
    init(_ child: _Recognizer<Value>, _ action: @escaping (Value) -> Void) {
        self.action = action
        super.init(child)
    }
    override func deliver() {
        child.deliver()
        if phase == .ended && !fired, let v = value {
            fired = true
            action(v)
        }
    }
}

/// `updating`: writes a `GestureState` while the gesture is under way; the
/// state goes back to its initial value by itself when the gesture ends or
/// is cancelled, without calling `body` (rules 20-22).
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    public var base: Base
    public var state: GestureState<State>
    public var body: (Value, inout State, inout Transaction) -> Void
    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        UpdatingRecognizer(base._makeRecognizer(context), state.storage, body)
    }
    public var _traits: _GestureTraits { base._traits }
}

final class UpdatingRecognizer<Value, State>: PassThroughRecognizer<Value> {
    let storage: GestureState<State>.Storage
    let body: (Value, inout State, inout Transaction) -> Void
    private var seen: UInt64 = 0
    private var wrote = false
    init(_ child: _Recognizer<Value>, _ storage: GestureState<State>.Storage,
         _ body: @escaping (Value, inout State, inout Transaction) -> Void) {
        self.storage = storage
        self.body = body
        super.init(child)
    }
    override func deliver() {
        child.deliver()
        switch phase {
        case .possible, .active:
            guard seen != version, let v = value else { return }
            seen = version
            var state = storage.value
            var transaction = Transaction()
            transaction.isContinuous = phase == .active
            body(v, &state, &transaction)
            wrote = true
            storage.update(state, transaction)
        case .ended, .failed:
            if wrote {
                wrote = false
                storage.reset()
            }
        }
    }
}

/// `map`: the same gesture with a transformed value.
public struct _MapGesture<Content: Gesture, Value>: Gesture {
    let content: Content
    let transform: (Content.Value) -> Value
    public func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value> {
        MapRecognizer(content._makeRecognizer(context), transform)
    }
    public var _traits: _GestureTraits { content._traits }
}

final class MapRecognizer<Input, Value>: WrappingRecognizer<Input, Value> {
    let transform: (Input) -> Value
    init(_ child: _Recognizer<Input>, _ transform: @escaping (Input) -> Value) {
        self.transform = transform
        super.init(child)
    }
    override func sync() {
        phase = child.phase
        if version != child.version {
            version = child.version
            value = child.value.map(transform)
        }
    }
}

extension Gesture {
    /// Runs `action` each time the value changes while the gesture is under way.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(content: self, action: action)
    }
    /// Runs `action` once when the gesture succeeds (never on cancel).
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
    /// Writes `state` through `body` while the gesture is under way; `state`
    /// returns to its initial value when the gesture ends or is cancelled.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
    /// The same gesture reporting `transform(value)`.
    public func map<T>(_ transform: @escaping (Value) -> T) -> _MapGesture<Self, T> {
        _MapGesture(content: self, transform: transform)
    }
}
