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
    /// A key press with Ctrl held or not (carried in the event, as it was
    /// when the key went down).
    case key(Key, ctrl: Bool)
    /// The window lost input focus: touches in progress are cancelled.
    case focusLost
    /// A finger or the mouse (SDL's touch-synthesised mouse events are
    /// already dropped: each input arrives once).
    case pointer(PointerEvent)
    /// A wheel or two-finger scroll; with Ctrl it zooms at the pointer.
    case wheel(WheelEvent)
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
    /// Any other key, by its name.
    case other(String)

    private static let named: [(Key, String)] = [
        (.escape, "Escape"), (.tab, "Tab"), (.left, "Left"), (.right, "Right"), (.up, "Up"), (.down, "Down"),
        (.returnKey, "Return"), (.space, "Space"), (.keypadEnter, "Keypad Enter"),
        (.plus, "+"), (.equals, "="), (.keypadPlus, "Keypad +"), (.minus, "-"), (.keypadMinus, "Keypad -"),
        (.zero, "0"), (.keypadZero, "Keypad 0"), (.q, "Q"),
    ]

    /// The key called `name` (as SDL and replay scripts name keys).
    public init(name: String) {
        self = Self.named.first { $0.1 == name }?.0 ?? .other(name)
    }

    /// The name a replay script uses for this key.
    public var name: String {
        if case .other(let name) = self { return name }
        return Self.named.first { $0.0 == self }?.1 ?? ""
    }
}
