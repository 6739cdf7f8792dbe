/// When a kiosk left alone should go back to its start: `timeout` seconds
/// after the last input, on the model's own clock (virtual in a replay, so a
/// script of silence shows the reset exactly as a live kiosk would).
///
/// It fires once per quiet spell: after firing it has no deadline until the
/// next input, so an idle loop never wakes for a reset it has already done.
public struct IdleTimer: Equatable, Sendable {
    /// Seconds without input before the reset; nil never resets.
    public let timeout: Double?
    /// The model time of the last input (0 at start, so a kiosk started on
    /// the playground also goes back to the Overview when nobody comes).
    public private(set) var lastInput: Double = 0
    /// Whether the reset for the current quiet spell is still to come.
    public private(set) var armed: Bool

    public init(timeout: Double?) {
        self.timeout = timeout.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        armed = self.timeout != nil
    }

    /// When it fires next, in model seconds; nil when disabled or already fired.
    public var deadline: Double? {
        guard armed, let timeout else { return nil }
        return lastInput + timeout
    }

    /// Input arrived at `time`: the quiet spell starts again.
    public mutating func input(at time: Double) {
        lastInput = max(lastInput, time)
        armed = timeout != nil
    }

    /// True once when `time` has reached the deadline; then disarmed.
    public mutating func fire(at time: Double) -> Bool {
        guard let deadline, time >= deadline else { return false }
        armed = false
        return true
    }
}
