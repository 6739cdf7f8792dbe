import Foundation
import Gestures

/// Input as the app model sees it, already out of SDL's hands: positions in
/// window points, times in seconds on the loop's clock (virtual in replay).
public enum InputEvent: Equatable, Sendable {
    /// The process was asked to end (SIGTERM/SIGINT, or the last window closed
    /// outside kiosk mode).
    case quit
    /// The window's close button or the compositor asked the window to close.
    case closeRequested
    case resized(CGSize)
    /// A key by SDL's name ("Escape", "Q", "Left", "+") with Ctrl held or not.
    case key(String, ctrl: Bool)
    /// The window lost input focus: touches in progress are cancelled.
    case focusLost
    /// A finger or the mouse (SDL's touch-synthesised mouse events are
    /// already dropped: each input arrives once).
    case pointer(PointerEvent)
    /// A wheel or two-finger scroll; with Ctrl it zooms at the pointer.
    case wheel(WheelEvent)
}
