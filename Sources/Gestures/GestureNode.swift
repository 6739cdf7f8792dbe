import Foundation
import Motion

/// Which gestures an attachment leaves on (SwiftUI's `GestureMask`, rule 8):
/// the attached gesture, the gestures of everything inside it (the node's
/// children and the gestures attached before it), both, or neither.
public struct GestureMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
    public static let none: GestureMask = []
}

/// A gesture attached to a node, erased for storage.
struct Attachment {
    enum Kind { case normal, highPriority, simultaneous, scrollPan }
    var kind: Kind
    var mask: GestureMask
    var traits: _GestureTraits
    var make: (_GestureContext) -> _AnyRecognizer
    /// For the arena's trace.
    var gestureType: Any.Type
}


/// One node of the hit-testing tree: not a UI framework, just what gestures
/// need to know about a view (SwiftUI's vocabulary where it has one).
///
/// - `frame` is in the parent's coordinates; `offset`, `scale` and
///   `rotation` (about `anchor`) transform what is drawn and hit-tested, as
///   `.scaleEffect(scale).rotationEffect(rotation).offset(offset)` would.
/// - `shape` is where the node draws something itself (a text, image or
///   filled shape); nil for a stack, spacer or padding, which answer only
///   where a child draws (rule 9).
/// - Modifiers apply in the order they are called: `contentShape` widens the
///   hit area only for gestures attached after it (rule 10).
/// - `id` must be stable and unique: the engine recognises "the same view"
///   across rebuilt trees by it (a double tap's second tap, a pinch's second
///   finger), so an app may rebuild the tree every frame or keep it and
///   update `frame`s; both are cheap (no per-frame work until a touch lands).
///
/// Its properties skip Swift's dynamic exclusivity checks (a hit test reads
/// every node's geometry, and the checks cost more than the reads); the
/// engine only reads them, from the caller's thread, between mutations.
public final class GestureNode {
    public let id: String
    @exclusivity(unchecked) public var frame: CGRect
    @exclusivity(unchecked) public var offset: CGSize = .zero
    @exclusivity(unchecked) public var scale: CGSize = CGSize(width: 1, height: 1)
    @exclusivity(unchecked) public var rotation: Angle = .zero
    @exclusivity(unchecked) public var anchor: UnitPoint = .center
    @exclusivity(unchecked) public var shape: HitShape?
    @exclusivity(unchecked) public var children: [GestureNode]
    /// SwiftUI's `allowsHitTesting`: false makes the node and its subtree
    /// invisible to touches.
    @exclusivity(unchecked) public var allowsHitTesting = true
    public private(set) var coordinateSpaceName: String?
    /// Gestures and content shapes in the order they were attached, kept
    /// apart (with their position in that order) so that hit testing a node
    /// without content shapes touches neither list.
    @exclusivity(unchecked) private(set) var attachments: [(index: Int, attachment: Attachment)] = []
    @exclusivity(unchecked) private(set) var contentShapes: [(index: Int, shape: HitShape)] = []
    private var modifierCount = 0

    public init(_ id: String, frame: CGRect, shape: HitShape? = nil, children: [GestureNode] = []) {
        self.id = id
        self.frame = frame
        self.shape = shape
        self.children = children
    }

    /// A button: draws `shape`, and its `action` runs on a tap, with
    /// precedence over gestures attached to it (rule 4).
    public static func button(_ id: String, frame: CGRect, shape: HitShape = .rectangle,
                              action: @escaping () -> Void) -> GestureNode {
        let node = GestureNode(id, frame: frame, shape: shape)
        node.attach(TapGesture().onEnded(action), .normal, .all)
        return node
    }

    /// A scroll container panning along `axis`: a drag that starts on a
    /// child with a drag gesture goes to that gesture instead (rule 19); a
    /// long-press-then-drag child leaves swipes to the scroll (so a strip of
    /// reorderable photos still scrolls). The app keeps the offset: it gets
    /// the pan as a `DragGesture.Value`.
    public static func scrollView(_ id: String, axis: ScrollAxis, frame: CGRect, children: [GestureNode] = [],
                                  onChanged: @escaping (DragGesture.Value) -> Void,
                                  onEnded: @escaping (DragGesture.Value) -> Void) -> GestureNode {
        // The whole frame answers (a scroll view pans from its gaps too).
        let node = GestureNode(id, frame: frame, shape: nil, children: children).contentShape(.rectangle)
        var pan = DragGesture(minimumDistance: GestureConstants.dragMinimumDistance, coordinateSpace: .global)
        pan.axis = axis
        node.attach(pan.onChanged(onChanged).onEnded(onEnded), .scrollPan, .all)
        return node
    }

    @discardableResult
    public func addChild(_ child: GestureNode) -> GestureNode {
        children.append(child)
        return self
    }

    private func attach<G: Gesture>(_ gesture: G, _ kind: Attachment.Kind, _ mask: GestureMask) {
        attachments.append((modifierCount, Attachment(kind: kind, mask: mask, traits: gesture._traits,
                                                      make: { gesture._makeRecognizer($0) }, gestureType: G.self)))
        modifierCount += 1
    }

    /// Attaches `gesture` with lower precedence than the gestures inside the node.
    @discardableResult
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> GestureNode {
        attach(gesture, .normal, mask)
        return self
    }
    /// Attaches `gesture` with precedence over the gestures inside the node (rule 6).
    @discardableResult
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> GestureNode {
        attach(gesture, .highPriority, mask)
        return self
    }
    /// Attaches `gesture` so that it runs alongside the others, competing
    /// with none (rules 4, 7); its callbacks run before theirs.
    @discardableResult
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> GestureNode {
        attach(gesture, .simultaneous, mask)
        return self
    }
    /// Makes `shape` (filling the frame) answer for the gestures attached after it.
    @discardableResult
    public func contentShape(_ shape: HitShape = .rectangle) -> GestureNode {
        contentShapes.append((modifierCount, shape))
        modifierCount += 1
        return self
    }
    /// Names this node's space for `CoordinateSpace.named(name)`.
    @discardableResult
    public func coordinateSpace(name: String) -> GestureNode {
        coordinateSpaceName = name
        return self
    }
    /// Forgets every gesture and content shape (to refill a kept tree).
    public func removeAllGestures() {
        attachments.removeAll()
        contentShapes.removeAll()
        modifierCount = 0
    }

    /// SwiftUI's `onTapGesture(count:perform:)`.
    @discardableResult
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> GestureNode {
        gesture(TapGesture(count: count).onEnded(action))
    }
    /// SwiftUI's `onTapGesture(count:coordinateSpace:perform:)`, told where.
    @discardableResult
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local,
                             perform action: @escaping (CGPoint) -> Void) -> GestureNode {
        gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) })
    }
    /// SwiftUI's `onLongPressGesture`: `action` after `minimumDuration` with
    /// the finger still down; `onPressingChanged` true at touch-down, false
    /// at lift or failure (rule 11).
    @discardableResult
    public func onLongPressGesture(minimumDuration: Double = GestureConstants.longPressMinimumDuration,
                                   maximumDistance: CGFloat = GestureConstants.longPressMaximumDistance,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> GestureNode {
        var press = LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
        press.pressingChanged = onPressingChanged
        return gesture(press.onEnded { _ in action() })
    }

    /// Parent coordinates to this node's own (frame origin and transform undone).
    var fromParent: Transform2D {
        if rotation.radians == 0 && scale.width == 1 && scale.height == 1 {
            // The usual case: a plain translation, no trigonometry.
            return .translation(-(frame.minX + offset.width), -(frame.minY + offset.height))
        }
        let ax = anchor.x * frame.width, ay = anchor.y * frame.height
        // Forward: q = origin + offset + anchor + R(S(p - anchor)); invert it.
        let sx = scale.width == 0 ? 0 : 1 / scale.width
        let sy = scale.height == 0 ? 0 : 1 / scale.height
        let toAnchor = Transform2D.translation(-(frame.minX + offset.width + ax), -(frame.minY + offset.height + ay))
        let unrotate = Transform2D.rotation(-rotation.radians)
        let unscale = Transform2D.scale(sx, sy)
        let back = Transform2D.translation(ax, ay)
        return back.concatenating(after: unscale.concatenating(after: unrotate.concatenating(after: toAnchor)))
    }
}
