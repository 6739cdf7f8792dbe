import Foundation
import Gestures

/// What one screen shows, walked once: its elements back to front, from
/// which the frame's draw list, the gesture engine's hit-test tree and the
/// screen reader's elements are all read, so the three cannot disagree on
/// what is where or what it is called.
struct LayoutWalk {
    var background: RGBA
    var elements: [LayoutElement]
    /// The trips, which name the elements that stand for one.
    let trips: [Trip]

    /// The draw list: each element's drawing in walk order, a clipping
    /// element's children inside its clip and its raised child above it.
    var drawing: [Scene.Command] {
        var commands: [Scene.Command] = []
        Self.draw(elements, into: &commands)
        return commands
    }

    private static func draw(_ elements: [LayoutElement], into commands: inout [Scene.Command]) {
        for element in elements {
            commands += element.drawing
            if element.clipsChildren { commands.append(.clip(element.frame)) }
            draw(element.children.filter { !$0.raised }, into: &commands)
            if element.clipsChildren { commands.append(.clip(nil)) }
            draw(element.children.filter(\.raised), into: &commands)
        }
    }

    /// The hit-test tree: a window-sized root holding each element that
    /// takes touches, later ones on top, a child's node inside its parent's.
    /// A child of a clipping element takes touches only where it is drawn:
    /// a strip photo scrolled past the strip's edge is not there to touch.
    func gestureTree(window: CGSize) -> GestureNode {
        let root = GestureNode("window", frame: CGRect(origin: .zero, size: window))
        for node in nodes(elements, origin: .zero, clip: nil) { root.addChild(node) }
        return root
    }

    private func nodes(_ elements: [LayoutElement], origin: CGPoint, clip: CGRect?) -> [GestureNode] {
        let touching = elements.filter { $0.touch != nil }
        let ordered = touching.filter { !$0.touch!.onTop } + touching.filter { $0.touch!.onTop }
        return ordered.compactMap { element in
            // A raised child is drawn above the clip, so it is touched there too.
            let visible = element.raised ? element.frame : clip.map { element.frame.intersection($0) } ?? element.frame
            if visible.isEmpty && !element.frame.isEmpty { return nil } // clipped away
            let node = element.touch!.make(element.id.name(trips: trips), visible.offsetBy(dx: -origin.x, dy: -origin.y))
            let inner = element.clip(forChildrenWithin: clip)
            for child in nodes(element.children, origin: visible.origin, clip: inner) { node.addChild(child) }
            return node
        }
    }

    /// Sets the number of the element named `id` (a screen reader's
    /// increment), as its walk says; nothing for an element without one.
    func adjust(_ id: String, to value: Double) {
        func find(_ elements: [LayoutElement]) -> LayoutElement? {
            for e in elements {
                if e.id.name(trips: trips) == id { return e }
                if let inner = find(e.children) { return inner }
            }
            return nil
        }
        guard let accessible = find(elements)?.accessible, let range = accessible.range else { return }
        accessible.adjust?(min(max(value, range.minimum), range.maximum))
    }

    /// The screen reader's elements: a header first, then what the screen
    /// is about, then the rest in drawing order (children after their parent).
    var accessibilityElements: [AccessibilityElement] {
        var found: [(place: LayoutElement.ReadingPlace, element: AccessibilityElement)] = []
        // Inside a clipping element, what is read is the part drawn (and what
        // is clipped away is not read), so a reader's click, a tap at the
        // centre, lands where a finger could.
        func visit(_ elements: [LayoutElement], clip: CGRect?) {
            for e in elements {
                if let a = e.accessible {
                    let frame = a.frame ?? e.frame
                    let shown = e.raised ? frame : clip.map { frame.intersection($0) } ?? frame
                    if !shown.isEmpty || frame.isEmpty {
                        found.append((a.place, AccessibilityElement(id: e.id.name(trips: trips), label: a.label, value: a.value, traits: a.traits,
                                                                    frame: shown, range: a.range)))
                    }
                }
                visit(e.children, clip: e.clip(forChildrenWithin: clip))
            }
        }
        visit(elements, clip: nil)
        // Stable: within a place, the walk's order.
        return found.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(\.element.element)
    }
}
