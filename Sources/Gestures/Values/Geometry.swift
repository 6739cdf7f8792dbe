import Foundation
import Motion

/// SwiftUI's `UnitPoint`: a point in a view's bounds as fractions of its size
/// ((0, 0) top-leading, (1, 1) bottom-trailing).
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// Where gesture values are measured: the view's own space (default, after
/// its frame origin and transform), the window, or an ancestor named with
/// `GestureNode.coordinateSpace(name:)`.
public enum CoordinateSpace: Hashable, Sendable {
    case local
    case global
    case named(String)
}

/// An affine map (x' = a x + c y + tx, y' = b x + d y + ty). Internal: the
/// tree composes one per hit node so that a gesture converts window points
/// to its space with six multiply-adds per event.
struct Transform2D: Equatable {
    var a: CGFloat = 1, b: CGFloat = 0, c: CGFloat = 0, d: CGFloat = 1, tx: CGFloat = 0, ty: CGFloat = 0

    static let identity = Transform2D()

    @inline(__always) func apply(_ p: CGPoint) -> CGPoint {
        CGPoint(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// `self` after `first`: (self ∘ first)(p) = self(first(p)).
    func concatenating(after first: Transform2D) -> Transform2D {
        Transform2D(a: a * first.a + c * first.b,
                    b: b * first.a + d * first.b,
                    c: a * first.c + c * first.d,
                    d: b * first.c + d * first.d,
                    tx: a * first.tx + c * first.ty + tx,
                    ty: b * first.tx + d * first.ty + ty)
    }

    static func translation(_ dx: CGFloat, _ dy: CGFloat) -> Transform2D { Transform2D(tx: dx, ty: dy) }
    static func scale(_ sx: CGFloat, _ sy: CGFloat) -> Transform2D { Transform2D(a: sx, d: sy) }
    static func rotation(_ radians: Double) -> Transform2D {
        let cs = CGFloat(cos(radians)), sn = CGFloat(sin(radians))
        return Transform2D(a: cs, b: sn, c: -sn, d: cs)
    }
}

/// A region filling a node's bounds: what the node draws (for hit testing,
/// rule 9) or its `contentShape` (rule 10).
public enum HitShape: Hashable, Sendable {
    case rectangle
    case roundedRectangle(cornerRadius: CGFloat)
    /// The largest circle centred in the bounds.
    case circle
    /// The ellipse inscribed in the bounds (also a capsule's close cousin).
    case ellipse
    /// A rectangle inside the bounds (local coordinates), e.g. the text line
    /// of a label that is wider than its text.
    case rect(CGRect)

    /// Whether `p` (local coordinates) is inside this shape filling `size`.
    func contains(_ p: CGPoint, in size: CGSize) -> Bool {
        let w = size.width, h = size.height
        switch self {
        case .rectangle:
            return p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h
        case .rect(let r):
            return p.x >= r.minX && p.y >= r.minY && p.x <= r.maxX && p.y <= r.maxY
        case .circle:
            let r = min(w, h) / 2
            let dx = p.x - w / 2, dy = p.y - h / 2
            return dx * dx + dy * dy <= r * r
        case .ellipse:
            guard w > 0, h > 0 else { return false }
            let dx = (p.x - w / 2) / (w / 2), dy = (p.y - h / 2) / (h / 2)
            return dx * dx + dy * dy <= 1
        case .roundedRectangle(let radius):
            guard p.x >= 0, p.y >= 0, p.x <= w, p.y <= h else { return false }
            let r = max(0, min(radius, w / 2, h / 2))
            let cx = min(max(p.x, r), w - r), cy = min(max(p.y, r), h - r)
            let dx = p.x - cx, dy = p.y - cy
            return dx * dx + dy * dy <= r * r
        }
    }
}

extension CGPoint {
    /// Finite and within `GestureConstants.maximumCoordinate` of the origin.
    @inline(__always) var isUsable: Bool {
        abs(x) <= GestureConstants.maximumCoordinate && abs(y) <= GestureConstants.maximumCoordinate
    }
    @inline(__always) func distance(to o: CGPoint) -> CGFloat {
        let dx = x - o.x, dy = y - o.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
