/// The fastest a finger's flick may hand over to a spring. A finger that
/// jumps across the screen between two samples (a glitching touch panel, a
/// replayed script) would otherwise launch the strip thousands of points
/// past its end; Flutter caps flings at 8,000 logical pixels per second too.
enum Fling {
    static let maximumSpeed = 8000.0

    /// `velocity` (points per second) within ±`maximumSpeed`; 0 if not finite.
    static func clamped(_ velocity: Double) -> Double {
        velocity.isFinite ? min(max(velocity, -maximumSpeed), maximumSpeed) : 0
    }
}
