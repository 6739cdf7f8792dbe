import Foundation

// Points, sizes and rects animate component-wise, as their SwiftUI
// `animatableData` does: an offset is a point, a scale is a size, the big
// photo's frame is a rect (origin and size moving independently).
//
// The operators are public because conforming to AdditiveArithmetic requires
// them; other modules get `+`/`-` on points, sizes and rects from Motion and
// should not declare their own.

/// Points and sizes: two CGFloats that add, subtract and scale one by one,
/// written once here for both (a rect is one of each, below).
public protocol CGFloatPair: VectorArithmetic {
    init(_ pair: (CGFloat, CGFloat))
    var pair: (CGFloat, CGFloat) { get set }
}

extension CGFloatPair {
    @inlinable public static func + (lhs: Self, rhs: Self) -> Self {
        Self((lhs.pair.0 + rhs.pair.0, lhs.pair.1 + rhs.pair.1))
    }
    @inlinable public static func - (lhs: Self, rhs: Self) -> Self {
        Self((lhs.pair.0 - rhs.pair.0, lhs.pair.1 - rhs.pair.1))
    }
    @inlinable public mutating func scale(by rhs: Double) {
        pair = (pair.0 * CGFloat(rhs), pair.1 * CGFloat(rhs))
    }
    @inlinable public var magnitudeSquared: Double { Double(pair.0 * pair.0 + pair.1 * pair.1) }
}

extension CGPoint: @retroactive AdditiveArithmetic, CGFloatPair {
    @inlinable public init(_ pair: (CGFloat, CGFloat)) { self.init(x: pair.0, y: pair.1) }
    @inlinable public var pair: (CGFloat, CGFloat) {
        get { (x, y) }
        set { (x, y) = newValue }
    }
}

extension CGSize: @retroactive AdditiveArithmetic, CGFloatPair {
    @inlinable public init(_ pair: (CGFloat, CGFloat)) { self.init(width: pair.0, height: pair.1) }
    @inlinable public var pair: (CGFloat, CGFloat) {
        get { (width, height) }
        set { (width, height) = newValue }
    }
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
