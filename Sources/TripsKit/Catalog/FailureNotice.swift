/// Says a failure that repeats (a save tried at each change) once, not at
/// each try, and says when it is mended, so a full disk is one line in
/// the journal and not one a reorder.
public struct FailureNotice: Sendable {
    public private(set) var failing = false

    public init() {}

    /// The line to log for this failure, or nil while it is already said.
    public mutating func failed(_ message: String) -> String? {
        defer { failing = true }
        return failing ? nil : message
    }

    /// The line to log now that it worked again, or nil if nothing was failing.
    public mutating func succeeded(_ message: String) -> String? {
        defer { failing = false }
        return failing ? message : nil
    }
}
