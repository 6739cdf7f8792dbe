import Foundation

/// Estimates a pointer's velocity from its recent path, as Flutter and
/// Android do: a least-squares fit of a quadratic in time over the samples
/// of the last 100 ms (at least 3), velocity being its slope at the newest
/// sample. A finger that paused (a gap of 40 ms or more between samples)
/// before lifting has no velocity left: only samples after the pause count.
///
/// A fixed ring of 20 samples, so adding one never allocates.
struct VelocityTracker {
    static let horizon = 0.100
    static let maximumGap = 0.040
    static let capacity = 20

    private var t: [Double]
    private var x: [Double]
    private var y: [Double]
    private var newest = -1
    private var count = 0

    init() {
        t = [Double](repeating: 0, count: Self.capacity)
        x = t
        y = t
    }

    mutating func reset() { count = 0; newest = -1 }

    mutating func add(_ time: Double, _ p: CGPoint) {
        newest = (newest + 1) % Self.capacity
        t[newest] = time
        x[newest] = Double(p.x)
        y[newest] = Double(p.y)
        if count < Self.capacity { count += 1 }
    }

    /// Velocity in units per second at the newest sample; zero without at
    /// least three samples inside the horizon and after the last pause.
    func velocity() -> CGSize {
        guard count >= 3 else { return CGSize(width: 0, height: 0) }
        let t0 = t[newest]
        // Sums for the normal equations, time in units of 100 ms around the
        // newest sample so the 3x3 system stays well conditioned.
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx = 0.0, sxt = 0.0, sxt2 = 0.0, sy = 0.0, syt = 0.0, syt2 = 0.0
        var i = newest
        var previous = t0
        var used = 0
        while used < count {
            let ti = t[i]
            if t0 - ti > Self.horizon || previous - ti >= Self.maximumGap { break }
            let u = (ti - t0) * 10
            let u2 = u * u
            s0 += 1; s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
            sx += x[i]; sxt += x[i] * u; sxt2 += x[i] * u2
            sy += y[i]; syt += y[i] * u; syt2 += y[i] * u2
            previous = ti
            used += 1
            i = i == 0 ? Self.capacity - 1 : i - 1
        }
        guard used >= 3 else { return CGSize(width: 0, height: 0) }
        // Slope b of a + b u + c u^2 by Cramer's rule.
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        if abs(det) > 1e-9 {
            func slope(_ v0: Double, _ v1: Double, _ v2: Double) -> Double {
                (s0 * (v1 * s4 - s3 * v2) - v0 * (s1 * s4 - s3 * s2) + s2 * (s1 * v2 - v1 * s2)) / det
            }
            return CGSize(width: CGFloat(slope(sx, sxt, sxt2) * 10), height: CGFloat(slope(sy, syt, syt2) * 10))
        }
        // Samples at too few distinct times for a curve: a straight line.
        let varT = s0 * s2 - s1 * s1
        guard abs(varT) > 1e-12 else { return CGSize(width: 0, height: 0) }
        return CGSize(width: CGFloat((s0 * sxt - s1 * sx) / varT * 10), height: CGFloat((s0 * syt - s1 * sy) / varT * 10))
    }
}
