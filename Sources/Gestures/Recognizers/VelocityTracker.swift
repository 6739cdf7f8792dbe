import Foundation

/// Estimates a pointer's velocity from its recent path (rule 29): a
/// least-squares line through the samples inside the horizon, weighted
/// towards the newest (a sample's weight falls linearly from 1 now to 0 at
/// the horizon), so a finger
/// that slows as it lifts reads slower than its average, while a few
/// milliseconds of timestamp jitter move the estimate little. (A quadratic
/// fit, as Flutter uses, extrapolates that jitter: ±2 ms on 4 ms samples
/// moved its slope by a third.)
///
/// Only touch-downs and moves are samples, never the lift: a lift repeats the
/// last position at a later time and would bend the fit flat, so a flick would
/// lose its speed at the very end (Flutter feeds its tracker the same way).
/// Instead the lift asks for the velocity at its own time: a finger that
/// rested `restInterval` or more since its last move has none.
///
/// Samples that share a timestamp (moves a platform delivered in one batch,
/// or a fast panel within one millisecond) fold into one, at the latest
/// position: there is no time between them to measure a speed over.
///
/// A fixed ring of samples, so adding one never allocates. Public for what
/// moves without a recognizer: a touchpad's two-finger scroll (TripsKit).
public struct VelocityTracker {
    static let horizon = GestureConstants.velocityHorizon
    static let restInterval = GestureConstants.restInterval
    static let minimumEvents = GestureConstants.velocityMinimumEvents
    static let capacity = GestureConstants.velocitySampleCapacity

    private struct Sample {
        var t: Double
        var x: Double
        var y: Double
        /// How many events the sample folds together.
        var events: Int
    }

    /// One array, so adding a sample checks its uniqueness once.
    private var samples: [Sample]
    private var newest = -1
    private var count = 0

    public init() {
        samples = [Sample](repeating: Sample(t: 0, x: 0, y: 0, events: 0), count: Self.capacity)
    }

    public mutating func reset() { count = 0; newest = -1 }

    /// A touch-down or move at `time` (never earlier than the last one: the
    /// engine's clock does not go back).
    public mutating func add(_ time: Double, _ p: CGPoint) {
        if count > 0 && time <= samples[newest].t {
            let folded = samples[newest]
            samples[newest] = Sample(t: folded.t, x: Double(p.x), y: Double(p.y), events: folded.events + 1)
            return
        }
        newest = (newest + 1) % Self.capacity
        samples[newest] = Sample(t: time, x: Double(p.x), y: Double(p.y), events: 1)
        if count < Self.capacity { count += 1 }
    }

    /// Velocity in units per second at `now` (the newest sample's time, or a
    /// lift's): zero after a rest of `restInterval`, or without at least
    /// `minimumEvents` events at two different times inside the horizon.
    public func velocity(at now: Double) -> CGSize {
        guard count >= 2, now - samples[newest].t < Self.restInterval - GestureConstants.timestampTolerance
        else { return CGSize(width: 0, height: 0) }
        let t0 = samples[newest].t
        // Weighted sums for the normal equations of a line, time in seconds
        // before the newest sample.
        var sw = 0.0, su = 0.0, suu = 0.0, sx = 0.0, sux = 0.0, sy = 0.0, suy = 0.0
        var i = newest
        var used = 0
        var seen = 0
        while used < count {
            let s = samples[i]
            let u = s.t - t0
            if -u > Self.horizon { break }
            let w = 1 + u * (1 / Self.horizon)
            sw += w; su += w * u; suu += w * u * u
            sx += w * s.x; sux += w * u * s.x
            sy += w * s.y; suy += w * u * s.y
            seen += s.events
            used += 1
            i = i == 0 ? Self.capacity - 1 : i - 1
        }
        let spread = sw * suu - su * su
        // Zero spread: the samples left carry no time to divide by (1e-15
        // s² is a numerical floor, far below a millisecond squared).
        guard seen >= Self.minimumEvents, spread > 1e-15 else { return CGSize(width: 0, height: 0) }
        return CGSize(width: CGFloat((sw * sux - su * sx) / spread), height: CGFloat((sw * suy - su * sy) / spread))
    }
}
