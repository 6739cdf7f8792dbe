import Foundation

/// Which finger (or the mouse) an event belongs to. Touch ids come from the
/// platform; the mouse is always the one pointer `PointerID.mouse`, so a mouse
/// press-drag-release is recognised exactly like a one-finger touch.
public struct PointerID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// The mouse (any button): one pointer, never two at once.
    public static let mouse = PointerID(-1)
    public var description: String { self == .mouse ? "mouse" : "pointer \(rawValue)" }
}

/// The four moments of a pointer's life, as every platform reports them.
public enum PointerPhase: Sendable, Hashable {
    case down, move, up
    /// The system took the touch (a system gesture, focus lost): gestures
    /// tracking it are cancelled, never ended.
    case cancel
}

public enum PointerKind: Sendable, Hashable { case touch, mouse }

/// One pointer sample. Locations are in window points (logical units, before
/// any HiDPI scale); `timestamp` is seconds on the caller's clock, taken from
/// the platform event, never from the wall clock here.
public struct PointerEvent: Sendable, Hashable {
    public var id: PointerID
    public var phase: PointerPhase
    public var location: CGPoint
    public var timestamp: Double
    public var kind: PointerKind

    public init(id: PointerID, phase: PointerPhase, location: CGPoint, timestamp: Double, kind: PointerKind = .touch) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.kind = kind
    }

    /// A touch event for finger `finger`.
    public static func touch(_ finger: Int, _ phase: PointerPhase, x: CGFloat, y: CGFloat, at time: Double) -> PointerEvent {
        PointerEvent(id: PointerID(finger), phase: phase, location: CGPoint(x: x, y: y), timestamp: time, kind: .touch)
    }

    /// A mouse event: the pressed mouse is the single pointer `.mouse`
    /// (`.down` on press, `.move` while pressed, `.up` on release).
    public static func mouse(_ phase: PointerPhase, x: CGFloat, y: CGFloat, at time: Double) -> PointerEvent {
        PointerEvent(id: .mouse, phase: phase, location: CGPoint(x: x, y: y), timestamp: time, kind: .mouse)
    }
}

/// Keyboard modifiers held during a wheel or pinch event.
public struct EventModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = EventModifiers(rawValue: 1)
    public static let control = EventModifiers(rawValue: 2)
    public static let option = EventModifiers(rawValue: 4)
    public static let command = EventModifiers(rawValue: 8)
}

/// A mouse wheel or two-finger touchpad scroll. With `.control` held it
/// zooms: `MagnifyGesture`s under `location` see a pinch around the pointer
/// (each unit of `dy` upwards multiplies the magnification by
/// `GestureEngine.Configuration.wheelZoomFactor`).
public struct WheelEvent: Sendable, Hashable {
    public var location: CGPoint
    /// Wheel units across (positive right).
    public var dx: CGFloat
    /// Wheel units along; positive is away from the user (scroll up, zoom in).
    public var dy: CGFloat
    public var modifiers: EventModifiers
    public var timestamp: Double
    public init(location: CGPoint, dx: CGFloat = 0, dy: CGFloat, modifiers: EventModifiers = [], timestamp: Double) {
        self.location = location
        self.dx = dx
        self.dy = dy
        self.modifiers = modifiers
        self.timestamp = timestamp
    }
}

/// A touchpad pinch or rotation the platform recognised itself (it reports
/// no fingers, only a cumulative scale and angle). Drives `MagnifyGesture`
/// and `RotateGesture` under `location` without touches.
public struct PinchEvent: Sendable, Hashable {
    public enum Phase: Sendable, Hashable { case began, changed, ended, cancelled }
    public var phase: Phase
    public var location: CGPoint
    /// Scale since `.began` (1 at the start).
    public var magnification: CGFloat
    /// Rotation since `.began`, in radians, clockwise positive on the
    /// y-down screen, as two fingers turning would report it (rule 24).
    public var rotation: Double
    public var modifiers: EventModifiers
    public var timestamp: Double
    public init(phase: Phase, location: CGPoint, magnification: CGFloat = 1, rotation: Double = 0,
                modifiers: EventModifiers = [], timestamp: Double) {
        self.phase = phase
        self.location = location
        self.magnification = magnification
        self.rotation = rotation
        self.modifiers = modifiers
        self.timestamp = timestamp
    }
}

/// What the engine did with an event: bad input is never fatal, it is either
/// corrected or dropped, and the answer says which (tests and `--record`
/// diagnostics read it).
public enum InputDisposition: Sendable, Hashable {
    case accepted
    /// Used, after a correction (a timestamp earlier than the engine's clock
    /// was raised to it; a non-finite `up` location was replaced by the last
    /// known one; a `down` for a finger already down was read as a `move`).
    case normalized(String)
    /// Dropped (an event for a finger that is not down, a `down` at a
    /// non-finite location, a `move` to a non-finite location).
    case rejected(String)
}

/// Pinch input after normalisation, handed down the recognizer tree.
struct IndirectInput {
    enum Phase { case began, changed, ended }
    var phase: Phase
    var location: CGPoint
    var magnification: CGFloat
    var rotation: Double
    var time: Double
}
