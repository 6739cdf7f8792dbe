/// How the platform's copy of a photo to the clipboard ended (Ctrl+C, the
/// model's `copy` event): handed back through the one door
/// (`AppDriver.copyEnded`), for the toast to say.
public enum CopyOutcome: Equatable, Sendable {
    /// On the clipboard, as a PNG and a file URI.
    case copied(path: String)
    /// Nothing put on the clipboard; `reason` says why (the decode's failure).
    case failed(path: String, reason: String)
}
