/// Which thing on screen an element is, the same from frame to frame: the
/// layout walk names each element by it, and its touch node, its drawing,
/// its accessible element and the keyboard focus all go by that one id.
public enum ElementID: Hashable, Sendable {
    case title
    /// The Overview's "tap a photo" hint, where the hero would be.
    case hint
    /// A pill button: "playground" on the Overview, "back" and "reset" on the playground.
    case button(String)
    case hero
    /// The strip's scroll area, which holds the strip photos.
    case strip
    case stripPhoto(trip: Int)
    case row(trip: Int)
    case bigPhoto
    case focusRing
    case attractSlide
    case playgroundTitle
    case square
    case circle
    /// A sleeping kiosk's black screen, read as asleep.
    case asleep
    /// The shortcuts overlay (F1) and its rows, by their place in `Shortcut.all`.
    case shortcuts
    case shortcut(Int)
    /// The properties panel (Alt+Return) and its rows, by their place in it.
    case properties
    case property(Int)
    /// Shift+Delete's confirmation: the dialog and its words.
    case deleteDialog
    case deleteDetail
    /// The message at the window's foot (`Toast`).
    case toast
    /// The window's empty space, under everything (a double-click: fullscreen).
    case background

    /// The printed form, in snapshots, on the accessibility bus and as a
    /// gesture node's id ("strip:lisbon", "row:lisbon", "big-photo",
    /// "button:playground"); a trip by its catalog id.
    public func name(trips: [Trip]) -> String {
        func trip(_ t: Int) -> String { trips.indices.contains(t) ? trips[t].id : "?" }
        switch self {
        case .title: return "title"
        case .hint: return "hint"
        case .button(let id): return "button:" + id
        case .hero: return "hero"
        case .strip: return "strip"
        case .stripPhoto(let t): return "strip:" + trip(t)
        case .row(let t): return "row:" + trip(t)
        case .bigPhoto: return "big-photo"
        case .focusRing: return "focus-ring"
        case .attractSlide: return "attract"
        case .playgroundTitle: return "playground-title"
        case .square: return "square"
        case .circle: return "circle"
        case .asleep: return "asleep"
        case .shortcuts: return "shortcuts"
        case .shortcut(let i): return "shortcut:\(i)"
        case .properties: return "properties"
        case .property(let i): return "property:\(i)"
        case .deleteDialog: return "delete-dialog"
        case .deleteDetail: return "delete-detail"
        case .toast: return "toast"
        case .background: return "background"
        }
    }
}
