import Foundation
import Gestures

/// Input as the app model sees it, already out of SDL's hands: positions in
/// window points, times in seconds on the loop's clock (virtual in replay),
/// each the time the input happened, not the time it was taken off a queue.
public enum InputEvent: Equatable, Sendable {
    /// The process was asked to end (SIGTERM/SIGINT, or the last window closed
    /// outside kiosk mode).
    case quit
    /// The window's close button or the compositor asked the window to close.
    case closeRequested
    case resized(CGSize)
    /// A key press with Ctrl, Shift and Alt held or not (carried in the
    /// event, as they were when the key went down).
    case key(Key, ctrl: Bool, shift: Bool = false, alt: Bool = false)
    /// The window lost input focus: touches in progress are cancelled.
    case focusLost
    /// A finger or the mouse (SDL's touch-synthesised mouse events are
    /// already dropped: each input arrives once).
    case pointer(PointerEvent)
    /// A wheel turn (or a two-finger scroll the platform does not tell
    /// apart from one); with Ctrl it zooms at the pointer.
    case wheel(WheelEvent)
    /// A touchpad pinch and rotation the compositor recognised (Wayland's
    /// pointer gestures): no fingers, a scale and an angle at the pointer.
    case pinch(PinchEvent)
    /// A touchpad's two-finger scroll, known as fingers (Wayland's
    /// `axis_source` finger): points to follow, and when the fingers lift.
    case scroll(TouchpadScroll)
    /// A screen reader's action on an element (AT-SPI), by the element's id.
    case reader(ReaderAction)
    /// A command from the kiosk's broker (MQTT), or the fleet's settings.
    case remote(RemoteCommand)
    /// Folders or photos dropped on the window (absolute paths, or relative
    /// to the working folder in a replay): opened as `trips PATH...` opens them.
    case drop([String])
    /// A script or the control asked the kiosk to wake (SIGUSR1) or to sleep
    /// (SIGUSR2) until its schedule's next edge.
    case power(PowerRequest)
}

/// What SIGUSR1 and SIGUSR2 ask of a kiosk's sleep.
public enum PowerRequest: String, Equatable, Sendable {
    case wake, sleep
}

/// A touchpad's two-finger scroll, with the moments a wheel has not: the
/// fingers lifting (Wayland's `axis_stop`: a fling may carry on) and resting
/// (a hold gesture: whatever is flinging stops).
public struct TouchpadScroll: Equatable, Sendable {
    public enum Phase: String, Equatable, Sendable, CaseIterable {
        /// The fingers moved by `delta`.
        case scroll
        /// The fingers lifted: what they scrolled carries on at their speed.
        case stop
        /// Fingers rest on the touchpad: a fling under way stops.
        case hold
        /// The resting fingers lifted (or began to move).
        case release
    }
    public var phase: Phase
    /// Points to scroll by, positive toward the content's right and bottom
    /// (the content moves left and up), as Wayland's axis values go.
    public var delta: CGSize
    /// The pointer, in window points.
    public var location: CGPoint
    /// Seconds on the loop's clock (the compositor's time of the event).
    public var timestamp: Double

    public init(phase: Phase, delta: CGSize = .zero, location: CGPoint, timestamp: Double) {
        self.phase = phase
        self.delta = delta
        self.location = location
        self.timestamp = timestamp
    }
}

/// A key the app acts on, or any other by its name. The names are the ones
/// replay scripts and recordings use (SDL's key names: "Escape",
/// "Keypad Enter"), so a recorded key replays as the same key.
public enum Key: Hashable, Sendable {
    case escape, tab, left, right, up, down
    /// Return, Space and the keypad's Enter activate what has the focus.
    case returnKey, space, keypadEnter
    /// "+", "=" (the unshifted "+" key) and the keypad's "+" zoom in.
    case plus, equals, keypadPlus
    case minus, keypadMinus
    case zero, keypadZero
    /// With Ctrl: quit (outside kiosk mode).
    case q
    /// The whole photo, or the filled card again.
    case f
    /// The first and last photo; the previous and next trip.
    case home, end, pageUp, pageDown
    /// The shortcuts overlay (F1, "?", Ctrl+?) and fullscreen (F11).
    case f1, question, f11
    /// Delete: the photo shown to the trash; with Ctrl, Z undoes it.
    case delete, z
    /// With Ctrl, R turns the photo shown (with Shift, the other way).
    case r
    /// The properties panel (also Alt+Return).
    case i
    /// With Ctrl, C copies the photo shown (or focused) to the clipboard.
    case c
    /// Plays or pauses the clip in the big photo.
    case k
    /// Move the clip in the big photo back or on.
    case j, l
    /// Turns the clip's sound on or off.
    case m
    /// Any other key, by its name.
    case other(String)

    private static let named: [(Key, String)] = [
        (.escape, "Escape"), (.tab, "Tab"), (.left, "Left"), (.right, "Right"), (.up, "Up"), (.down, "Down"),
        (.returnKey, "Return"), (.space, "Space"), (.keypadEnter, "Keypad Enter"),
        (.plus, "+"), (.equals, "="), (.keypadPlus, "Keypad +"), (.minus, "-"), (.keypadMinus, "Keypad -"),
        (.zero, "0"), (.keypadZero, "Keypad 0"), (.q, "Q"),
        (.f, "F"), (.home, "Home"), (.end, "End"), (.pageUp, "PageUp"), (.pageDown, "PageDown"),
        (.f1, "F1"), (.question, "?"), (.f11, "F11"), (.delete, "Delete"), (.z, "Z"), (.r, "R"), (.i, "I"), (.c, "C"), (.k, "K"), (.j, "J"), (.l, "L"), (.m, "M"),
    ]

    /// The key called `name` (as SDL and replay scripts name keys).
    public init(name: String) {
        self = Self.named.first { $0.1 == name }?.0 ?? .other(name)
    }

    /// The names of the keys the app acts on, for messages.
    public static var actedOnNames: [String] { named.map(\.1) }

    /// Whether `name` is one of the keys the app acts on (in any case, as
    /// SDL reads names) or a single character: what a replay script may
    /// name where SDL's own table is not at hand (the parser's tests).
    public static func isActedOnOrCharacter(_ name: String) -> Bool {
        name.count == 1 || named.contains { $0.1.lowercased() == name.lowercased() }
    }

    /// The name SDL gives the key a script calls `name`, as far as it can be
    /// told without SDL's table: a key the app acts on in any case, a
    /// single character in upper case, any other name as it is.
    public static func canonicalName(_ name: String) -> String {
        if let known = named.first(where: { $0.1.lowercased() == name.lowercased() }) { return known.1 }
        return name.count == 1 ? name.uppercased() : name
    }

    /// The name a replay script uses for this key.
    public var name: String {
        if case .other(let name) = self { return name }
        return Self.named.first { $0.0 == self }?.1 ?? ""
    }
}
