/// SwiftUI's `Angle`: a rotation stored in radians, read in either unit.
/// Rotations animate like any other vector, so a spring from 350° to 10°
/// turns back through 340°, not forward through 20° (as in SwiftUI).
public struct Angle: Hashable, Comparable, Sendable, VectorArithmetic {
    public var radians: Double

    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    @inlinable public init() { radians = 0 }
    @inlinable public init(radians: Double) { self.radians = radians }
    @inlinable public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    @inlinable public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    @inlinable public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    public static let zero = Angle()

    @inlinable public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    @inlinable public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    @inlinable public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    @inlinable public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    @inlinable public mutating func scale(by rhs: Double) { radians *= rhs }
    @inlinable public var magnitudeSquared: Double { radians * radians }
}
