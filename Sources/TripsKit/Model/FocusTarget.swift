/// What the keyboard focus is on. Arrows and Tab move it, Enter/Space act
/// on it; it is drawn as a ring so a keyboard user sees where they are.
public enum FocusTarget: Equatable, Sendable {
    case stripPhoto(trip: Int)
    case row(trip: Int)
    case bigPhoto
    case button(String)

    /// The name used in snapshots ("strip:lisbon", "row:lisbon", "big-photo", "button:playground").
    func name(trips: [Trip]) -> String {
        switch self {
        case .stripPhoto(let t): return "strip:" + (trips.indices.contains(t) ? trips[t].id : "?")
        case .row(let t): return "row:" + (trips.indices.contains(t) ? trips[t].id : "?")
        case .bigPhoto: return "big-photo"
        case .button(let id): return "button:" + id
        }
    }
}
