/// A key as AT-SPI's device-event controller takes it: NotifyListenersSync's
/// `(uinnisb)`, X11 keysym and keycode, so that Orca's key bindings, written
/// for X11, match. (The registry's introspection says `(uiuuisb)`, but
/// at-spi2-registryd 2.46 refuses that with InvalidArgs: tried on the bus.)
public struct ForwardedKey: Equatable, Sendable {
    public var pressed: Bool
    public var keysym: Int32
    public var keycode: UInt32
    /// X11's modifier mask (Shift 1, Control 4, Mod1 8).
    public var modifiers: UInt32
    /// Milliseconds.
    public var timestamp: Int32
    public var text: String

    public init(pressed: Bool, keysym: Int32, keycode: UInt32, modifiers: UInt32, timestamp: Int32, text: String) {
        self.pressed = pressed
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.timestamp = timestamp
        self.text = text
    }

    var argument: DBusValue {
        .structure([.uint32(pressed ? 0 : 1), .int32(keysym), .int16(Int16(truncatingIfNeeded: keycode)),
                    .int16(Int16(truncatingIfNeeded: modifiers)), .int32(timestamp),
                    .string(text), .bool(text.count == 1 && keysym < 0xff00)])
    }
}

/// Keys sent to the device-event controller and waiting for its verdict:
/// consumed (a screen reader's own shortcut) or not (the app acts on it).
/// Nothing waits: a key is held until its answer comes or its time runs out
/// (then it acts, as if no reader listened), on an injected clock.
public struct KeyForwarding: Sendable {
    public let timeout: Double
    private var waiting: [(serial: UInt32, token: Int, sent: Double)] = []

    public init(timeout: Double) { self.timeout = timeout }

    public var isWaiting: Bool { !waiting.isEmpty }

    public mutating func sent(serial: UInt32, token: Int, at time: Double) {
        waiting.append((serial, token, time))
    }

    /// The token of the key the answer `serial` is for, and when it was sent.
    public mutating func answered(serial: UInt32) -> (token: Int, sent: Double)? {
        guard let i = waiting.firstIndex(where: { $0.serial == serial }) else { return nil }
        let key = waiting.remove(at: i)
        return (key.token, key.sent)
    }

    /// The tokens whose time ran out by `time`, oldest first.
    public mutating func expired(at time: Double) -> [Int] {
        let late = waiting.filter { time - $0.sent >= timeout }.map(\.token)
        waiting.removeAll { time - $0.sent >= timeout }
        return late
    }
}
