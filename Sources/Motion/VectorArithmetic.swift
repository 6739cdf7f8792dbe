import Foundation

/// SwiftUI's `VectorArithmetic`: a value that can be added, subtracted and
/// scaled, which is all a spring needs to move it. The animator never looks
/// inside a value; it only forms `target + displacement * p + velocity * q`,
/// so anything that behaves like a vector (a number, a point, a rect, a pair
/// of those) animates the same way.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself; rest detection compares it
    /// with a squared threshold, so no square root is needed.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy with every component multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// Linear interpolation; `fraction` 0 gives `self`, 1 gives `other`.
    @inlinable
    public func interpolated(towards other: Self, amount fraction: Double) -> Self {
        self + (other - self).scaled(by: fraction)
    }

    /// Whether every component is finite. NaN and infinity propagate through
    /// `magnitudeSquared`, so this needs nothing beyond the protocol.
    @inlinable
    public var isFiniteVector: Bool { magnitudeSquared.isFinite }
}

extension Double: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= rhs }
    @inlinable public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    @inlinable public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    @inlinable public var magnitudeSquared: Double { Double(self * self) }
}
