import Foundation

/// Input as the app model sees it, already out of SDL's hands: positions in
/// window points, times in seconds from the event.
public enum InputEvent: Equatable, Sendable {
    /// The process was asked to end (SIGTERM/SIGINT, or the last window closed
    /// outside kiosk mode).
    case quit
    /// The window's close button or the compositor asked the window to close.
    case closeRequested
    case resized(CGSize)
    /// A key by SDL's name ("Escape", "Q", "Left") with Ctrl held or not.
    case key(String, ctrl: Bool)
    /// The window lost input focus: touches in progress are cancelled.
    case focusLost
}
