/// How a change animates: SwiftUI's `Animation`, springs only (Trips moves
/// everything with springs, and springs are what retarget and carry velocity
/// without a jump). The statics and their parameters are SwiftUI's.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// The spring that drives this animation.
    public let spring: Spring

    /// An animation driven by `spring`.
    public init(_ spring: Spring) {
        self.spring = spring
    }

    /// SwiftUI's `default` since iOS 17: a spring with response 0.55 and
    /// damping ratio 1.
    public static let `default` = Animation(Spring(response: 0.55, dampingRatio: 1))

    /// SwiftUI's `spring`: response 0.5, damping ratio 0.825.
    public static let spring = Animation(Spring(response: 0.5, dampingRatio: 0.825))

    /// A spring with a perceptual duration and bounce (see `Spring`).
    public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
        Animation(Spring(duration: duration, bounce: bounce))
    }

    /// A spring with SwiftUI's older response / damping-fraction parameters.
    public static func spring(response: Double, dampingFraction: Double) -> Animation {
        Animation(Spring(response: response, dampingRatio: dampingFraction))
    }

    /// An animation driven by `spring`.
    public static func spring(_ spring: Spring) -> Animation {
        Animation(spring)
    }

    /// A spring from physical parameters (damping above critical is allowed).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double) -> Animation {
        Animation(Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true))
    }

    /// SwiftUI's `interactiveSpring`: a quick spring (response 0.15, damping
    /// ratio 0.86) for following a finger.
    public static let interactiveSpring = Animation(Spring(response: 0.15, dampingRatio: 0.86))

    /// A quick spring for following a finger, with a duration and extra bounce.
    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0) -> Animation {
        Animation(Spring(duration: duration, bounce: extraBounce))
    }

    /// No bounce, duration 0.5.
    public static let smooth = Animation(.smooth)
    /// A little bounce, duration 0.5.
    public static let snappy = Animation(.snappy)
    /// More bounce, duration 0.5.
    public static let bouncy = Animation(.bouncy)

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.smooth(duration: duration, extraBounce: extraBounce))
    }

    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.snappy(duration: duration, extraBounce: extraBounce))
    }

    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.bouncy(duration: duration, extraBounce: extraBounce))
    }

    public var description: String {
        "spring(duration: \(spring.duration), bounce: \(spring.bounce))"
    }
}
