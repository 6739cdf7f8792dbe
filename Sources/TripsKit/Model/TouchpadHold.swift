import Foundation
import Motion

/// Fingers resting on a touchpad (a hold) stop what is sliding under them,
/// and when they lift it settles from there: the strip's fling and the big
/// photo's page slide both work so.
struct TouchpadHold {
    private var holding = false

    /// A hold: stops `value` where it is when it is moving and no scroll is
    /// under way.
    mutating func hold(_ value: Animated<CGFloat>, scrolling: Bool) {
        guard !scrolling, value.isAnimating else { return }
        value.jump(to: value.currentValue)
        holding = true
    }

    /// The fingers lifted: true when they had stopped something, which the
    /// caller then settles.
    mutating func release() -> Bool {
        defer { holding = false }
        return holding
    }

    /// A scroll began: what the fingers held moves with them now.
    mutating func scrollBegan() { holding = false }
}
