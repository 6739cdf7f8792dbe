import Foundation
import Gestures

/// A touchpad's two-finger scroll while it goes: how far the fingers have
/// scrolled since they began and how fast (the velocity fit of
/// docs/GESTURES.md rule 29, the one a finger's drag gets), so the strip and
/// the big photo's pages follow two fingers on a touchpad as they follow a
/// finger on the glass, and fling when the fingers lift.
struct TouchpadScrollTrack {
    /// A compositor that never says the fingers lifted (no `axis_stop`):
    /// the scroll is over after this long without an event.
    static let idleTime = 0.3

    /// Points scrolled since the first event (positive: the content's right and bottom).
    private(set) var travel = CGSize.zero
    private var tracker = VelocityTracker()
    private var lastTime: Double

    init(at time: Double) { lastTime = time }

    mutating func add(_ delta: CGSize, at time: Double) {
        travel.width += delta.width
        travel.height += delta.height
        lastTime = max(lastTime, time)
        tracker.add(lastTime, CGPoint(x: travel.width, y: travel.height))
    }

    /// The fingers' speed when they lifted at `time`, in points per second
    /// (none after a rest, as for a finger).
    func velocity(at time: Double) -> CGSize { tracker.velocity(at: max(time, lastTime)) }

    /// When the scroll counts as over without a stop.
    var idleDeadline: Double { lastTime + Self.idleTime }
}
