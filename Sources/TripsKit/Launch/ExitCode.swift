/// How `trips` ends, as a shell script or systemd sees it: one place for
/// the numbers the usage text, the README and a kiosk's unit rely on.
public enum ExitCode: Int32, CaseIterable, Sendable {
    /// Done, also after SIGTERM/SIGINT.
    case done = 0
    /// Something unforeseen failed (the message says what).
    case failure = 1
    /// A bad command line, trips file or replay script (the message names it).
    case badInput = 2
    /// No Wayland or X11 display to open.
    case noDisplay = 3
    /// The display connection was lost (a compositor or X server died):
    /// distinct so that `Restart=on-failure` restarts a kiosk on it alone.
    case displayLost = 4

    /// What the code means, for the usage text; nil for the one a person
    /// need not look up.
    public var meaning: String? {
        switch self {
        case .done: return "done"
        case .failure: return nil
        case .badInput: return "bad input or usage"
        case .noDisplay: return "no display"
        case .displayLost: return "the display connection was lost"
        }
    }
}
