import Foundation

/// Something that happened in the app, at the model's time: what a replay
/// prints as an event line and what a test of the model can check, without
/// the model knowing how either writes it.
public struct AppEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A trip's photo grew into the big photo (its id).
        case open(trip: String)
        /// The big photo went back into its slot.
        case close(trip: String)
        /// The big photo's zoom was set (double tap, keys, a pinch's end).
        case zoom(CGFloat)
        /// The big photo turned to another photo of its trip (0-based).
        case page(trip: String, index: Int)
        /// The big photo showed its whole picture (true) or filled its card again.
        case wholePhoto(Bool)
        /// The window went fullscreen (true) or back to a window.
        case fullscreen(Bool)
        /// The photo shown went to the trash (Delete), or came back (Ctrl+Z).
        case trashed(path: String)
        case restored(path: String)
        /// The photo shown was deleted for good (Shift+Delete, confirmed).
        case deleted(path: String)
        /// The photo shown was turned and saved (Ctrl+R): its pictures are stale.
        case turned(path: String, kept: Int)
        /// Ctrl+C: the platform puts this photo on the clipboard and says
        /// how it went (`AppDriver.copyEnded`).
        case copy(path: String)
        /// Folders or photos were dropped on the window, to be read off the
        /// loop's thread (a live app's `PathOpener.inBackground`); the
        /// platform hands back what they open (`AppDriver.opened`).
        case openAsked(paths: [String])
        /// Folders or photos dropped on the window were opened: this many trips now.
        case opened(trips: Int)
        /// A message the toast shows: why something could not be done.
        case notice(String)
        /// The trips were put in a new order (their ids, in order).
        case reorder(order: [String])
        /// The playground was put back.
        case reset
        /// The idle timeout took the app back to its start.
        case idle
        /// The kiosk's attract loop began (after `idle`), or a visitor ended it.
        case attract
        case attractEnd
        /// The kiosk fell asleep (`--awake`, SIGUSR2, a touch's time ran
        /// out) or woke: the screen goes out or comes back.
        case asleep
        case awake
        /// A new list of trips was taken (the library changed): the
        /// textures follow it. A replay has no library to follow.
        case tripsChanged(TripCatalog)
        /// A remote command the model cannot carry out itself: the session
        /// reads the library again, or takes a screenshot.
        case remoteAsked(RemoteCommand)
        /// A remote command or setting was refused (the words name the value).
        case remoteRefused(String)
        /// The fleet's settings changed what the kiosk does (the log line's words).
        case settingsChanged(String)
    }

    /// Seconds on the model's clock.
    public var time: Double
    public var kind: Kind

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
