/// A damped spring described the way SwiftUI describes it, convertible
/// between its three parameterizations:
///
/// - perceptual: `duration` (SwiftUI's `response`, the undamped period) and
///   `bounce` (0 critically damped, up to 1 for undamped, down to -1 for
///   heavily overdamped);
/// - `response` and `dampingRatio`;
/// - physical: `mass`, `stiffness` and `damping`.
///
/// The mapping is SwiftUI's: stiffness = mass·(2π / duration)², damping =
/// 4π·mass·dampingRatio / duration, dampingRatio = 1 − bounce for bounce ≥ 0
/// and 1 / (1 + bounce) below. So `Spring(duration: 0.5, bounce: 0.3)` has
/// stiffness 157.9 and damping 17.6.
///
/// Bad parameters are clamped, never trapped, so a spring built from a
/// computed value cannot put NaN on screen:
/// - a duration or response that is zero, negative or −∞ becomes
///   `minimumResponse` (1 ms: at 120 Hz, a jump within one step, which is
///   what SwiftUI means by a zero response); +∞ becomes `maximumResponse`;
///   NaN becomes 0.5;
/// - a bounce is clamped to `-maximumBounce...maximumBounce` (±0.99), so the
///   damping ratio stays in 0.01...100: every spring eventually comes to
///   rest; NaN becomes 0;
/// - a mass that is not a positive finite number becomes 1; a NaN or negative
///   damping ratio becomes 1 or 0.01.
public struct Spring: Hashable, Sendable {
    /// The shortest response a spring may have, in seconds.
    public static let minimumResponse = 0.001
    /// The longest response a spring may have, in seconds.
    public static let maximumResponse = 1000.0
    /// The largest |bounce|; its damping ratios are 0.01 and 100.
    public static let maximumBounce = 0.99

    /// The mass on the spring (1 unless given).
    public let mass: Double
    /// The period of the undamped spring, in seconds: SwiftUI's `response`,
    /// also called its perceptual `duration`.
    public let response: Double
    /// The damping as a fraction of critical damping: 1 settles fastest
    /// without overshoot, below 1 overshoots, above 1 creeps.
    public let dampingRatio: Double

    /// Creates a spring with a perceptual duration (the undamped period) and
    /// a bounce in (-1, 1); see the type's notes for the clamps.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -Spring.maximumBounce), Spring.maximumBounce)
        self.init(checkedMass: 1, response: duration,
                  dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// Creates a spring from SwiftUI's response (seconds) and damping ratio.
    public init(response: Double, dampingRatio: Double) {
        self.init(checkedMass: 1, response: response, dampingRatio: dampingRatio)
    }

    /// Creates a spring from physical parameters. Unless `allowOverDamping`,
    /// a damping above critical is reduced to critical, as in SwiftUI.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let mass = (mass.isFinite && mass > 0) ? mass : 1
        // A stiffness of zero or less has no period; take the longest one.
        let response = stiffness > 0 ? 2 * .pi * (mass / stiffness).squareRoot() : Spring.maximumResponse
        var ratio = damping / (2 * (stiffness * mass).squareRoot())
        if !allowOverDamping { ratio = min(ratio, 1) }
        self.init(checkedMass: mass, response: stiffness.isNaN ? .nan : response,
                  dampingRatio: stiffness > 0 ? ratio : 1)
    }

    /// The one place parameters are validated (see the type's notes).
    private init(checkedMass mass: Double, response: Double, dampingRatio: Double) {
        self.mass = (mass.isFinite && mass > 0) ? mass : 1
        self.response = response.isNaN ? 0.5
            : min(max(response, Spring.minimumResponse), Spring.maximumResponse)
        let minimumRatio = 1 - Spring.maximumBounce
        self.dampingRatio = dampingRatio.isNaN ? 1
            : min(max(dampingRatio, minimumRatio), 1 / minimumRatio)
    }

    /// The perceptual duration: the same number as `response`.
    public var duration: Double { response }

    /// How bouncy the spring is: 1 − dampingRatio when underdamped,
    /// 1 / dampingRatio − 1 when overdamped (negative).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// mass · (2π / response)².
    public var stiffness: Double {
        let omega = angularFrequency
        return mass * omega * omega
    }

    /// 4π · mass · dampingRatio / response.
    public var damping: Double { 2 * dampingRatio * mass * angularFrequency }

    /// The undamped natural frequency ω₀ = 2π / response, in radians per second.
    public var angularFrequency: Double { 2 * .pi / response }
}

// MARK: - Presets (SwiftUI's)

extension Spring {
    /// No bounce, duration 0.5.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A little bounce (0.15), duration 0.5.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// More bounce (0.3), duration 0.5.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// `smooth` with another duration and `extraBounce` added to its bounce of 0.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// `snappy` with another duration and `extraBounce` added to its bounce of 0.15.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// `bouncy` with another duration and `extraBounce` added to its bounce of 0.3.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
