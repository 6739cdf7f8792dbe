import Foundation
import Motion

/// Two fingers on a touchpad as the strip and the big photo's pages take
/// them: the scroll under way (its track, and what it started from), and
/// resting fingers (a hold) that stop what slides under them, which then
/// settles from there when they lift.
struct TouchpadSlide<Start> {
    private var scroll: (track: TouchpadScrollTrack, start: Start)?
    private var holding = false

    /// A scroll event: begins a scroll, from what `begin` catches, when
    /// none is under way. The travel since it began, and what it began from.
    mutating func add(_ delta: CGSize, at time: Double, begin: () -> Start) -> (travel: CGSize, start: Start) {
        if scroll == nil {
            scroll = (TouchpadScrollTrack(at: time), begin())
            holding = false // what the fingers held moves with them now
        }
        scroll!.track.add(delta, at: time)
        return (scroll!.track.travel, scroll!.start)
    }

    /// The fingers said they lifted: the scroll ends. What it began from
    /// and their speed, when one was under way.
    mutating func stop(at time: Double) -> (start: Start, velocity: CGSize)? {
        guard let scroll else { return nil }
        self.scroll = nil
        return (scroll.start, scroll.track.velocity(at: time))
    }

    /// A hold: stops `value` where it is when it is moving and no scroll is
    /// under way.
    mutating func hold(_ value: Animated<CGFloat>) {
        guard scroll == nil, value.isAnimating else { return }
        value.jump(to: value.currentValue)
        holding = true
    }

    /// The fingers lifted: true when they had stopped something, which the
    /// caller then settles.
    mutating func release() -> Bool {
        defer { holding = false }
        return holding
    }

    /// When a scroll without a stop counts as over.
    var deadline: Double? { scroll?.track.idleDeadline }

    /// Ends a scroll that never said its fingers lifted, once `time` is
    /// past its deadline: what it began from.
    mutating func expire(at time: Double) -> Start? {
        guard let scroll, time >= scroll.track.idleDeadline else { return nil }
        self.scroll = nil
        return scroll.start
    }
}
