import Foundation

/// What a screen reader asked of one of the app's accessible elements
/// (AT-SPI's doAction and GrabFocus), named by its id: an input of its own,
/// so `--record` writes it and a replay's `reader` command gives it back.
public enum ReaderAction: Equatable, Sendable {
    /// The element's action: what a tap on its centre does.
    case click(element: String)
    /// The keyboard focus onto the element, as if Tab had reached it.
    case focus(element: String)

    /// The script's word for it.
    public var verb: String {
        switch self {
        case .click: "click"
        case .focus: "focus"
        }
    }

    public var element: String {
        switch self {
        case .click(let element), .focus(let element): element
        }
    }

    /// The action `verb` names on `element`; nil for an unknown verb.
    public init?(verb: String, element: String) {
        switch verb {
        case "click": self = .click(element: element)
        case "focus": self = .focus(element: element)
        default: return nil
        }
    }
}
