import Foundation
import Gestures

/// One thing on screen as the layout walk yields it: its id, where it is,
/// and what it is to each reader of the walk (the renderer, the gesture
/// engine, a screen reader). A control added to a walk with all three is
/// drawn, touched and read from that one place.
struct LayoutElement {
    let id: ElementID
    /// Where it is, in window points: its touch region and, unless its
    /// `Accessible` says otherwise, what a screen reader is told.
    var frame: CGRect
    /// What it draws, back to front, in the walk's order.
    var drawing: [Scene.Command] = []
    var touch: Touch?
    var accessible: Accessible?
    /// Elements inside it: their touch nodes are its node's children.
    var children: [LayoutElement] = []
    /// Its children are drawn clipped to its frame (a scroll area)...
    var clipsChildren = false
    /// ...except a raised one, drawn after the clip, above its siblings (a lifted photo).
    var raised = false

    /// The clip its children are shown within, given the one it is shown within.
    func clip(forChildrenWithin clip: CGRect?) -> CGRect? {
        guard clipsChildren else { return clip }
        return clip.map { frame.intersection($0) } ?? frame
    }

    /// How it takes touches: `make` builds its gesture node for the frame
    /// it is given (in its parent's coordinates), with the node id given.
    struct Touch {
        var make: (_ id: String, _ frame: CGRect) -> GestureNode
        /// Takes touches above its siblings wherever it is drawn (the
        /// playground's buttons stay reachable under the square).
        var onTop = false
    }

    /// What a screen reader says of it.
    struct Accessible {
        var label: String
        var value: String = ""
        var traits: [String]
        /// The frame told, when not the element's (the big photo as zoomed).
        var frame: CGRect?
        var range: AccessibilityElement.Range?
        var place: ReadingPlace = .inOrder
        /// What setting its `range`'s number does (a reader's increment).
        var adjust: ((Double) -> Void)?
    }

    /// Where a screen reader comes to it: a header first, then what the
    /// screen is about (the big photo while it is out), then the rest in
    /// drawing order.
    enum ReadingPlace: Int, Comparable {
        case header, lead, inOrder
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }
}

extension LayoutElement {
    /// A pill button named `name` ("button:NAME"): a capsule with its
    /// title, a tap runs `action`, read as a button by its title.
    static func pillButton(_ name: String, title: String, frame: CGRect, theme: Theme, fill: RGBA? = nil, onTop: Bool = false,
                           action: @escaping () -> Void) -> LayoutElement {
        var pill: [Scene.Command] = []
        pill.appendPillButton(title, frame, theme: theme, fill: fill)
        return LayoutElement(id: .button(name), frame: frame, drawing: pill,
                             touch: Touch(make: { id, frame in .button(id, frame: frame, action: action) }, onTop: onTop),
                             accessible: Accessible(label: title, traits: ["button"]))
    }
}
