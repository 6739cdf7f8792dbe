/// A short message at the window's foot that goes by itself: what went
/// to the trash (a tap or Ctrl+Z undoes it), or why it could not.
public struct Toast: Equatable, Sendable {
    public let text: String
    /// A tap on it undoes what it tells.
    public let undoable: Bool
    /// When it goes, on the model's clock.
    public let until: Double
}
