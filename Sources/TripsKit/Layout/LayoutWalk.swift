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
    func gestureTree(window: CGSize) -> GestureNode {
        let root = GestureNode("window", frame: CGRect(origin: .zero, size: window))
        for node in nodes(elements, origin: .zero) { root.addChild(node) }
        return root
    }

    private func nodes(_ elements: [LayoutElement], origin: CGPoint) -> [GestureNode] {
        let touching = elements.filter { $0.touch != nil }
        let ordered = touching.filter { !$0.touch!.onTop } + touching.filter { $0.touch!.onTop }
        return ordered.map { element in
            let frame = element.frame.offsetBy(dx: -origin.x, dy: -origin.y)
            let node = element.touch!.make(element.id.name(trips: trips), frame)
            for child in nodes(element.children, origin: element.frame.origin) { node.addChild(child) }
            return node
        }
    }

    /// The screen reader's elements: a header first, then what the screen
    /// is about, then the rest in drawing order (children after their parent).
    var accessibilityElements: [AccessibilityElement] {
        var found: [(place: LayoutElement.ReadingPlace, element: AccessibilityElement)] = []
        func visit(_ elements: [LayoutElement]) {
            for e in elements {
                if let a = e.accessible {
                    found.append((a.place, AccessibilityElement(id: e.id.name(trips: trips), label: a.label, value: a.value, traits: a.traits,
                                                                frame: a.frame ?? e.frame, range: a.range)))
                }
                visit(e.children)
            }
        }
        visit(elements)
        // Stable: within a place, the walk's order.
        return found.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(\.element.element)
    }
}
