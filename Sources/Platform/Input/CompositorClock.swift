import Foundation

/// Puts a compositor's event times (32-bit milliseconds on a clock of its
/// own choosing, CLOCK_MONOTONIC for most) on the loop's clock. The offset
/// between the two is the smallest delay seen so far between an event's
/// time and when the loop took it: events never arrive before they happen,
/// so the smallest delay is the closest to none, and the intervals between
/// events stay the compositor's own, which a velocity fit needs. An event
/// stamped in the loop's future, or a jump of the compositor's clock,
/// moves the offset.
struct CompositorClock {
    /// A delay above this means the compositor's clock jumped (or wrapped):
    /// start again from this event.
    static let resetDelay = 1.0
    private var offset: Double?
    private var lastMilliseconds: UInt32?
    private var unwrapped = 0.0

    /// The loop time of an event the compositor stamped `milliseconds`,
    /// taken off its queue at `now` (seconds on the loop's clock).
    mutating func time(ofMilliseconds milliseconds: UInt32, now: Double) -> Double {
        // 32-bit milliseconds wrap after 49 days: count on across the wrap.
        if let last = lastMilliseconds { unwrapped += Double(Int32(bitPattern: milliseconds &- last)) / 1000 }
        lastMilliseconds = milliseconds
        let delay = now - unwrapped
        if offset == nil || delay < offset! || delay - offset! > Self.resetDelay { offset = delay }
        return unwrapped + offset!
    }
}
