import Foundation

// SwiftUI's closed-form queries on a spring: where a spring that starts at
// zero and heads for `target` is after `time`, how fast it moves, and how long
// it takes to settle. All of them go through `SpringKernel`.
extension Spring {
    /// The value at `time` of a spring that starts at zero with
    /// `initialVelocity` (units per second) and moves towards `target`.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let kernel = SpringKernel(spring: self, time: time)
        // displacement(0) = −target, so value = target − p·target + q·v₀.
        return target.scaled(by: 1 - kernel.p) + initialVelocity.scaled(by: kernel.q)
    }

    /// The velocity at `time` (units per second) of the spring of
    /// `value(target:initialVelocity:time:)`.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let kernel = SpringKernel(spring: self, time: time)
        return target.scaled(by: -kernel.r) + initialVelocity.scaled(by: kernel.s)
    }

    /// Advances `value` and `velocity` by `deltaTime` seconds towards `target`,
    /// exactly (the closed form from the current state, not an integration
    /// step), so the result does not depend on how time is sliced.
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: Double) {
        let kernel = SpringKernel(spring: self, time: deltaTime)
        let displacement = value - target
        let oldVelocity = velocity
        value = target + displacement.scaled(by: kernel.p) + oldVelocity.scaled(by: kernel.q)
        velocity = displacement.scaled(by: kernel.r) + oldVelocity.scaled(by: kernel.s)
    }

    /// The acceleration the spring imposes at `position` moving at
    /// `velocity`: (−stiffness·(position − target) − damping·velocity) / mass,
    /// in units per second squared.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (position - target).scaled(by: -stiffness / mass) - velocity.scaled(by: damping / mass)
    }

    /// The time after which the spring, starting at zero with
    /// `initialVelocity` and heading for `target`, stays within `epsilon` of
    /// the target for good.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> Double {
        settlingTime(Gram(displacement: V.zero - target, velocity: initialVelocity), epsilon: epsilon)
    }

    /// SwiftUI's `settlingDuration`: target 1, no initial velocity, epsilon 0.001.
    public var settlingDuration: Double {
        settlingDuration(target: 1.0, epsilon: 0.001)
    }

    /// Creates a spring with `dampingRatio` that settles (to within `epsilon`
    /// of a unit move) in `settlingDuration` seconds. Settling time is
    /// proportional to the response for a fixed damping ratio, so this scales
    /// a unit-response spring's settling time.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        let unit = Spring(response: 1, dampingRatio: dampingRatio)
        let unitSettling = unit.settlingDuration(target: 1.0, epsilon: epsilon)
        self.init(response: unitSettling > 0 ? settlingDuration / unitSettling : settlingDuration,
                  dampingRatio: unit.dampingRatio)
    }

    /// Settling time of a vector state x₀, v₀ given by its Gram matrix:
    /// |x(t)|² = |x₀·p + v₀·q|². Samples finely, stops once an envelope bound
    /// proves the rest stays inside `epsilon`, then bisects the last crossing.
    private func settlingTime(_ start: Gram, epsilon: Double) -> Double {
        guard start.xx.isFinite, start.xv.isFinite, start.vv.isFinite, epsilon > 0 else { return 0 }
        func distanceSquared(_ t: Double) -> Double {
            let k = SpringKernel(spring: self, time: t)
            return max(0, start.lengthSquared(k.p, k.q))
        }
        let x0 = start.xx.squareRoot(), v0 = start.vv.squareRoot()
        let omega0 = angularFrequency, zeta = dampingRatio, a = zeta * omega0
        let omega = omega0 * abs(1 - zeta * zeta).squareRoot()
        // The slowest decay rate, and an upper bound on |x(t)| that only
        // falls once t > 1 / decay, so it bounds all later times too.
        let decay = zeta > 1 ? a - omega : a
        func bound(_ t: Double) -> Double {
            if zeta < 1 { return exp(-a * t) * (x0 * (1 + a / omega) + v0 / omega) }
            if zeta == 1 { return exp(-a * t) * (x0 * (1 + a * t) + v0 * t) }
            let m = min(t, 1 / (2 * omega))
            return exp((omega - a) * t) * (x0 * (1 + a * m) + v0 * m)
        }
        let dt = response / 256
        let limit = epsilon * epsilon
        var lastOutside: Double? = distanceSquared(0) >= limit ? 0 : nil
        var t = 0.0
        for i in 1...10_000_000 {
            t = Double(i) * dt
            if distanceSquared(t) >= limit { lastOutside = t }
            if t * decay > 1, bound(t) < epsilon { break }
        }
        guard var low = lastOutside else { return 0 }
        var high = low + dt
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if distanceSquared(mid) >= limit { low = mid } else { high = mid }
        }
        return high
    }
}
