import Gestures

/// The fastest a finger's flick may hand over to a spring: a finger that
/// jumps across the screen between two samples would otherwise launch the
/// strip thousands of points past its end.
enum Fling {
    static let maximumSpeed = GestureConstants.maximumFlingSpeed

    /// `velocity` (points per second) within ±`maximumSpeed`; 0 if not finite.
    static func clamped(_ velocity: Double) -> Double {
        velocity.isFinite ? min(max(velocity, -maximumSpeed), maximumSpeed) : 0
    }
}
