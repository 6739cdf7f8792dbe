import Foundation

/// What a screen reader asked of one of the app's accessible elements
/// (AT-SPI's doAction, GrabFocus and a Value's CurrentValue set), named by
/// its id: an input of its own, so `--record` writes it and a replay's
/// `reader` command gives it back.
public enum ReaderAction: Equatable, Sendable {
    /// The element's action: what a tap on its centre does.
    case click(element: String)
    /// The keyboard focus onto the element, as if Tab had reached it.
    case focus(element: String)
    /// The element's number set (a reader's increment of the zoom or a clip's position).
    case setValue(element: String, value: Double)

    /// The script's word for it.
    public var verb: String {
        switch self {
        case .click: "click"
        case .focus: "focus"
        case .setValue: "set"
        }
    }

    public var element: String {
        switch self {
        case .click(let element), .focus(let element), .setValue(let element, _): element
        }
    }

    /// The script's words after `reader`: "click strip:lisbon", "set 2.5 button:clip-scrubber"
    /// (the number first: an element's id runs to the line's end).
    public var words: String {
        if case .setValue(let element, let value) = self { return "set \(value) \(element)" }
        return verb + " " + element
    }

    /// The action the script's `words` name; nil for an unknown verb, or a set without a number.
    public init?(words: Substring) {
        let parts = words.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let (verb, rest) = (parts[0], parts[1].trimmingCharacters(in: .whitespaces))
        switch verb {
        case "click" where !rest.isEmpty: self = .click(element: rest)
        case "focus" where !rest.isEmpty: self = .focus(element: rest)
        case "set":
            let number = rest.split(separator: " ", maxSplits: 1)
            guard number.count == 2, let value = Double(number[0]), value.isFinite else { return nil }
            self = .setValue(element: String(number[1]).trimmingCharacters(in: .whitespaces), value: value)
        default: return nil
        }
    }
}
