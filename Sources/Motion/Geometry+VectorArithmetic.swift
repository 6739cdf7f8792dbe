import Foundation

// Points, sizes and rects animate component-wise, as their SwiftUI
// `animatableData` does: an offset is a point, a scale is a size, the big
// photo's frame is a rect (origin and size moving independently).
//
// The operators are public because conforming to AdditiveArithmetic requires
// them; other modules get `+`/`-` on points, sizes and rects from Motion and
// should not declare their own.

extension CGPoint: @retroactive AdditiveArithmetic, VectorArithmetic {
    @inlinable public static func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint {
        CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }
    @inlinable public static func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint {
        CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }
    @inlinable public mutating func scale(by rhs: Double) {
        x *= CGFloat(rhs)
        y *= CGFloat(rhs)
    }
    @inlinable public var magnitudeSquared: Double { Double(x * x + y * y) }
}

extension CGSize: @retroactive AdditiveArithmetic, VectorArithmetic {
    @inlinable public static func + (lhs: CGSize, rhs: CGSize) -> CGSize {
        CGSize(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }
    @inlinable public static func - (lhs: CGSize, rhs: CGSize) -> CGSize {
        CGSize(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }
    @inlinable public mutating func scale(by rhs: Double) {
        width *= CGFloat(rhs)
        height *= CGFloat(rhs)
    }
    @inlinable public var magnitudeSquared: Double { Double(width * width + height * height) }
}

extension CGRect: @retroactive AdditiveArithmetic, VectorArithmetic {
    /// Adds origins and sizes separately. Does not standardize: a rect in
    /// motion may pass through a negative size and must come back unchanged.
    @inlinable public static func + (lhs: CGRect, rhs: CGRect) -> CGRect {
        CGRect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }
    @inlinable public static func - (lhs: CGRect, rhs: CGRect) -> CGRect {
        CGRect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }
    @inlinable public mutating func scale(by rhs: Double) {
        origin.scale(by: rhs)
        size.scale(by: rhs)
    }
    @inlinable public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
}
