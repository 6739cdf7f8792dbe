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
///
/// The registry hands keys to the reader one at a time (at-spi2-registryd
/// sends the next only when the reader has answered the last), so a burst
/// (Shift, =, their releases) queues there: a key's time starts when the
/// key before it has its verdict, not when it was sent, and verdicts are
/// given in the order the keys were pressed, so they act in that order.
public struct KeyForwarding: Sendable {
    public let timeout: Double
    private var waiting: [(serial: UInt32, token: Int, sent: Double, consumed: Bool?)] = []
    /// When the last key left the queue (its verdict, or its time ran out).
    private var lastDone = -Double.infinity

    public init(timeout: Double) { self.timeout = timeout }

    public var isWaiting: Bool { !waiting.isEmpty }

    /// A verdict: the key's token, whether the reader consumed it, and how
    /// long after it was sent it came (nil: none came in time).
    public struct Verdict: Equatable, Sendable {
        public var token: Int
        public var consumed: Bool
        public var waited: Double?
    }

    public mutating func sent(serial: UInt32, token: Int, at time: Double) {
        waiting.append((serial, token, time, nil))
    }

    /// The reader's answer to `serial`; false if no key waits for it (an
    /// answer that came after the key's time ran out, or a second one,
    /// counts for nothing).
    @discardableResult
    public mutating func answered(serial: UInt32, consumed: Bool) -> Bool {
        guard let i = waiting.firstIndex(where: { $0.serial == serial }), waiting[i].consumed == nil else { return false }
        waiting[i].consumed = consumed
        return true
    }

    /// The verdicts given by `time`, in the order the keys were sent: those
    /// answered, and those whose time ran out (not consumed).
    public mutating func verdicts(at time: Double) -> [Verdict] {
        var out: [Verdict] = []
        while let key = waiting.first {
            let start = max(key.sent, lastDone)
            if let consumed = key.consumed {
                out.append(Verdict(token: key.token, consumed: consumed, waited: time - key.sent))
            } else if time - start >= timeout {
                out.append(Verdict(token: key.token, consumed: false, waited: nil))
            } else {
                break
            }
            waiting.removeFirst()
            lastDone = time
        }
        return out
    }
}
