import Foundation
import Motion

/// SwiftUI's `@GestureState`: a value that only `updating` writes while its
/// gesture is under way, and that returns to its initial value by itself
/// when the gesture ends or is cancelled (rules 20-22).
///
/// Without SwiftUI's view graph the storage is a small shared box: copies of
/// the wrapper (the model's property, its `$projection` handed to
/// `updating`) all see the same value. The reset carries `resetTransaction`
/// (or what the `reset` closure makes of it) to the `onReset` observers, so
/// an animator can spring the value home instead of letting it jump.
@propertyWrapper
public struct GestureState<Value> {
    final class Storage {
        var value: Value
        let initial: Value
        let makeResetTransaction: (Value, inout Transaction) -> Void
        var changeObservers: [(Value, Transaction) -> Void] = []
        var resetObservers: [(Value, Transaction) -> Void] = []

        init(_ initial: Value, _ reset: @escaping (Value, inout Transaction) -> Void) {
            value = initial
            self.initial = initial
            makeResetTransaction = reset
        }

        func update(_ newValue: Value, _ transaction: Transaction) {
            value = newValue
            for observer in changeObservers { observer(newValue, transaction) }
        }

        func reset() {
            let previous = value
            var transaction = Transaction()
            makeResetTransaction(previous, &transaction)
            value = initial
            for observer in resetObservers { observer(previous, transaction) }
        }
    }

    let storage: Storage

    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue) { _, _ in }
    }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    /// Resets with `resetTransaction`, e.g. `Transaction(animation: .spring(duration: 0.4))`.
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        storage = Storage(wrappedValue) { _, transaction in transaction = resetTransaction }
    }
    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }

    /// Resets with the transaction `reset` makes from the value being left.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        storage = Storage(wrappedValue, reset)
    }
    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    public var wrappedValue: Value { storage.value }
    public var projectedValue: GestureState<Value> { self }
    /// The value it returns to.
    public var initialValue: Value { storage.initial }

    /// Calls `observer(newValue, transaction)` after each `updating` write.
    public func onChange(_ observer: @escaping (Value, Transaction) -> Void) {
        storage.changeObservers.append(observer)
    }
    /// Calls `observer(valueBeforeReset, resetTransaction)` after each reset,
    /// the value now being back at `initialValue`. Animate from the first
    /// argument to `initialValue` with the transaction's animation.
    public func onReset(_ observer: @escaping (Value, Transaction) -> Void) {
        storage.resetObservers.append(observer)
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    public init(resetTransaction: Transaction = Transaction()) {
        self.init(wrappedValue: nil, resetTransaction: resetTransaction)
    }
}
