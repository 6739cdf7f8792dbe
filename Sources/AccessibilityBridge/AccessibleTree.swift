import Foundation
import TripsKit

/// Where the window is and how many pixels a point is: AT-SPI's extents are
/// in pixels, screen extents from the screen's corner (the window's origin
/// on X11; on Wayland a client does not know it, and it is 0, 0).
public struct WindowGeometry: Equatable, Sendable {
    /// The window's top-left corner on the screen, in pixels.
    public var origin: CGPoint
    /// The window's size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: Double

    public init(origin: CGPoint = .zero, size: CGSize, scale: Double = 1) {
        self.origin = origin
        self.size = size
        self.scale = scale
    }
}

/// An integer rectangle in pixels (AT-SPI's `(iiii)`).
public struct PixelRect: Equatable, Sendable {
    public var x: Int32, y: Int32, width: Int32, height: Int32

    public func contains(x px: Int32, y py: Int32) -> Bool {
        px >= x && py >= y && px < x &+ width && py < y &+ height
    }
}

/// One node under the window's frame: an accessibility element of the
/// screen as AT-SPI sees it.
public struct AccessibleNode: Equatable, Sendable {
    /// The element's `id`, which makes its object path.
    public var key: String
    public var role: ATSPIRole
    public var name: String
    /// The element's value ("Zoomed in 2.0×"), AT-SPI's description.
    public var description: String
    /// In window points.
    public var frame: CGRect
    public var states: ATSPIStates
    public var attributes: [(String, String)]
    /// "click" for a button: what a tap on it does.
    public var actions: [String]
    /// The number behind the description (the zoom), for the Value interface.
    public var value: AccessibilityElement.Range? = nil

    public static func == (a: AccessibleNode, b: AccessibleNode) -> Bool {
        a.key == b.key && a.role == b.role && a.name == b.name && a.description == b.description && a.frame == b.frame
            && a.states == b.states && a.actions == b.actions && a.value == b.value
            && a.attributes.map { $0.0 + "=" + $0.1 } == b.attributes.map { $0.0 + "=" + $0.1 }
    }
}

/// What Trips shows, as the AT-SPI tree publishes it: the application, its
/// one window (a FRAME, ACTIVE while it has the keyboard focus) and under it
/// the screen's accessibility elements in reading order.
public struct AccessibleTree: Equatable, Sendable {
    /// The frame's name: the window's title.
    public var title: String
    public var window: WindowGeometry
    public var active: Bool
    public var nodes: [AccessibleNode]

    public init(title: String, window: WindowGeometry, active: Bool, nodes: [AccessibleNode] = []) {
        self.title = title
        self.window = window
        self.active = active
        self.nodes = nodes
    }

    /// The tree of `elements` (AppModel's `accessibilityElements`), with
    /// FOCUSED on the element whose id is `focus`.
    public init(title: String, elements: [AccessibilityElement], focus: String?, window: WindowGeometry, active: Bool) {
        self.init(title: title, window: window, active: active)
        let bounds = CGRect(origin: .zero, size: window.size)
        nodes = elements.map { Self.node($0, focused: $0.id == focus, inside: bounds) }
    }

    /// `inside`: the window's bounds in points; a node outside them (a strip
    /// photo scrolled off, kept for the scroll) is not SHOWING.
    static func node(_ e: AccessibilityElement, focused: Bool, inside bounds: CGRect) -> AccessibleNode {
        let button = e.traits.contains("button"), header = e.traits.contains("header")
        // An image that is also a button is a button: what it does matters
        // more than what it shows (a screen reader says "push button").
        // An adjustable one (a clip's scrubber) is a slider, its position the value.
        let role: ATSPIRole = button ? .pushButton : header ? .heading : e.traits.contains("label") ? .label
            : e.traits.contains("adjustable") ? .slider : .image
        var states = ATSPIStates([.enabled, .sensitive, .visible])
        if e.frame.intersects(bounds) { states.insert(.showing) }
        if button { states.insert(.focusable) }
        if focused { states.insert(.focused) }
        return AccessibleNode(key: e.id, role: role, name: e.label, description: e.value, frame: e.frame, states: states,
                              attributes: header ? [("level", "1")] : [], actions: button ? ["click"] : [], value: e.range)
    }

    /// This tree with the names and descriptions `published` had for the
    /// nodes both have: while the app animates, a value that counts up with
    /// a spring ("Zoomed in 1.1×", 1.2×, ...) is told once, where it settles,
    /// not at every frame. Nodes, states and focus are this tree's.
    public func keepingWords(of published: AccessibleTree) -> AccessibleTree {
        let before = Dictionary(published.nodes.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var held = self
        for i in held.nodes.indices {
            guard let was = before[held.nodes[i].key] else { continue }
            held.nodes[i].name = was.name
            held.nodes[i].description = was.description
        }
        return held
    }

    public var frameStates: ATSPIStates {
        var s = ATSPIStates([.enabled, .sensitive, .showing, .visible])
        if active { s.insert(.active) }
        return s
    }

    public var focusedKey: String? { nodes.first { $0.states.contains(.focused) }?.key }

    public func index(of key: String) -> Int? { nodes.firstIndex { $0.key == key } }

    /// The window's own extents.
    public func frameExtents(_ coordinates: ATSPICoordinates) -> PixelRect {
        extents(of: CGRect(origin: .zero, size: window.size), coordinates, isFrame: true)
    }

    /// A node's extents in pixels, from the screen's corner, the window's or
    /// its parent's (the frame, which is the window).
    public func extents(of node: AccessibleNode, _ coordinates: ATSPICoordinates) -> PixelRect {
        extents(of: node.frame, coordinates, isFrame: false)
    }

    private func extents(of frame: CGRect, _ coordinates: ATSPICoordinates, isFrame: Bool) -> PixelRect {
        let s = window.scale
        var x = Double(frame.minX) * s, y = Double(frame.minY) * s
        if coordinates == .screen || (coordinates == .parent && isFrame) { x += Double(window.origin.x); y += Double(window.origin.y) }
        // The edges are rounded, not the size, so adjacent tiles share an edge.
        let left = x.rounded(), top = y.rounded()
        let right = (x + Double(frame.width) * s).rounded(), bottom = (y + Double(frame.height) * s).rounded()
        return PixelRect(x: Self.clamp(left), y: Self.clamp(top), width: Self.clamp(right - left), height: Self.clamp(bottom - top))
    }

    private static func clamp(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), v)))
    }

    /// The topmost node at a point. The big photo is drawn over everything
    /// though it is read right after the title; otherwise nodes do not overlap.
    public func node(atX x: Int32, y: Int32, _ coordinates: ATSPICoordinates) -> AccessibleNode? {
        let holding = nodes.filter { extents(of: $0, coordinates).contains(x: x, y: y) }
        return holding.first { $0.key == "big-photo" } ?? holding.last
    }
}
