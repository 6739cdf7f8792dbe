import Foundation

/// The closed-form solution of a damped spring over a time `t`, as the four
/// numbers that carry any starting state to the state `t` later:
///
///     displacement(t) = p · displacement(0) + q · velocity(0)
///     velocity(t)     = r · displacement(0) + s · velocity(0)
///
/// where displacement is measured from the target. The spring equation is
/// linear, so these four numbers depend only on the spring and `t`, not on
/// the values moved. That is what lets the animator step any vector type with
/// plain `Double` arithmetic, and stay exact at any step size: each step is
/// the exact solution from the current state, not an integration.
public struct SpringKernel: Hashable, Sendable {
    public var p: Double
    public var q: Double
    public var r: Double
    public var s: Double

    @inlinable
    public init(p: Double, q: Double, r: Double, s: Double) {
        self.p = p
        self.q = q
        self.r = r
        self.s = s
    }

    /// The kernel of `spring` after `time` seconds (negative or non-finite
    /// times count as zero).
    ///
    /// With ω₀ the natural frequency, ζ the damping ratio and a = ζω₀, the
    /// three regimes share one form, x(t) = x₀·(C + aS) + v₀·S and
    /// v(t) = v₀·(C − aS) − ω₀²·x₀·S, with
    /// - underdamped (ζ < 1): C = e^(−at) cos ωt, S = e^(−at) sin(ωt) / ω, ω = ω₀√(1 − ζ²);
    /// - critically damped (ζ = 1): C = e^(−at), S = t·e^(−at);
    /// - overdamped (ζ > 1): C = e^(−at) cosh ωt, S = e^(−at) sinh(ωt) / ω, ω = ω₀√(ζ² − 1),
    ///   computed from the two real exponentials so large t neither
    ///   overflows nor loses precision near ζ = 1.
    public init(spring: Spring, time: Double) {
        let t = time.isFinite ? max(0, time) : 0
        let omega0 = spring.angularFrequency
        let zeta = spring.dampingRatio
        let a = zeta * omega0
        let c: Double
        let sOverOmega: Double
        if zeta < 1 {
            let omega = omega0 * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-a * t)
            c = envelope * cos(omega * t)
            sOverOmega = envelope * sin(omega * t) / omega
        } else if zeta == 1 {
            let envelope = exp(-a * t)
            c = envelope
            sOverOmega = t * envelope
        } else {
            let omega = omega0 * (zeta * zeta - 1).squareRoot()
            let slow = exp((omega - a) * t)
            let fast = exp((-omega - a) * t)
            c = (slow + fast) / 2
            // slow − fast = slow·(1 − e^(−2ωt)), without cancellation.
            sOverOmega = slow * -expm1(-2 * omega * t) / (2 * omega)
        }
        self.init(p: c + a * sOverOmega, q: sOverOmega,
                  r: -omega0 * omega0 * sOverOmega, s: c - a * sOverOmega)
    }
}
