import Foundation
import XCTest
import Motion

/// The closed form against a fine numerical integration of
/// m·x'' = −k·(x − target) − c·x'.
final class SpringClosedFormTests: XCTestCase {
    /// Classic RK4 at `rate` steps per second, sampled every `sample` seconds.
    private func rk4(_ spring: Spring, from x0: Double, velocity v0: Double, target: Double,
                     until end: Double, rate: Double = 10_000, sample: Double = 0.01) -> [(t: Double, x: Double, v: Double)] {
        let k = spring.stiffness, c = spring.damping, m = spring.mass
        func accel(_ x: Double, _ v: Double) -> Double { (-k * (x - target) - c * v) / m }
        let h = 1 / rate
        let stepsPerSample = Int((sample * rate).rounded())
        var x = x0, v = v0
        var out = [(t: 0.0, x: x, v: v)]
        for n in 1...Int((end / sample).rounded()) {
            for _ in 0..<stepsPerSample {
                let k1x = v, k1v = accel(x, v)
                let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            out.append((Double(n) * sample, x, v))
        }
        return out
    }

    private func assertMatchesRK4(_ spring: Spring, velocity v0: Double, file: StaticString = #filePath, line: UInt = #line) {
        let start = 100.0, target = 400.0, travel = abs(target - start)
        for sample in rk4(spring, from: start, velocity: v0, target: target, until: 2) {
            var x = start, v = v0
            spring.update(value: &x, velocity: &v, target: target, deltaTime: sample.t)
            XCTAssertEqual(x, sample.x, accuracy: 1e-6 * travel, "\(spring) value at \(sample.t)", file: file, line: line)
            XCTAssertEqual(v, sample.v, accuracy: 1e-6 * travel, "\(spring) velocity at \(sample.t)", file: file, line: line)
        }
    }

    func testUnderdampedClosedFormMatchesRK4At10kHzWithinAMillionthOfTheTravel() {
        assertMatchesRK4(.bouncy, velocity: 0)
        assertMatchesRK4(Spring(duration: 0.4, bounce: 0.8), velocity: -1500)
    }

    func testCriticallyDampedClosedFormMatchesRK4At10kHzWithinAMillionthOfTheTravel() {
        XCTAssertEqual(Spring.smooth.dampingRatio, 1)
        assertMatchesRK4(.smooth, velocity: 0)
        assertMatchesRK4(.smooth, velocity: 3000)
    }

    func testOverdampedClosedFormMatchesRK4At10kHzWithinAMillionthOfTheTravel() {
        assertMatchesRK4(Spring(duration: 0.5, bounce: -0.5), velocity: 0)
        assertMatchesRK4(Spring(duration: 0.3, bounce: -0.9), velocity: 800)
        // Just above critical, where the textbook form loses precision.
        assertMatchesRK4(Spring(response: 0.5, dampingRatio: 1 + 1e-9), velocity: 500)
    }

    func testBounceZeroNeverOvershoots() {
        // From rest, or moving away from the target. (A fast enough push
        // towards the target carries any spring past it; that is momentum,
        // not bounce.)
        for v0 in [0.0, -200, -2000] {
            var t = 0.0
            while t < 5 {
                let x = Spring.smooth.value(target: 1.0, initialVelocity: v0, time: t)
                XCTAssertLessThanOrEqual(x, 1, "at \(t)")
                t += 0.0005
            }
        }
        // Overdamped springs don't overshoot either.
        var t = 0.0
        while t < 5 {
            XCTAssertLessThanOrEqual(Spring(duration: 0.5, bounce: -0.3).value(target: 1.0, time: t), 1)
            t += 0.0005
        }
    }

    func testBouncePointThreeOvershootsByExpOfMinusZetaPiOverRootOneMinusZetaSquared() {
        let spring = Spring.bouncy
        let zeta = spring.dampingRatio
        let expected = exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
        XCTAssertEqual(expected, 0.046, accuracy: 0.0005)
        // The peak is half a damped period in.
        let peakTime = .pi / (spring.angularFrequency * (1 - zeta * zeta).squareRoot())
        let peak = spring.value(target: 1.0, time: peakTime)
        XCTAssertEqual(peak - 1, expected, accuracy: 1e-12)
        var highest = 0.0
        var t = 0.0
        while t < 3 {
            highest = max(highest, spring.value(target: 1.0, time: t))
            t += 0.0001
        }
        XCTAssertEqual(highest - 1, expected, accuracy: 1e-6)
        XCTAssertEqual(spring.velocity(target: 1.0, time: peakTime), 0, accuracy: 1e-9)
    }

    func testUpdateGivesTheSameResultHoweverTimeIsSliced() {
        let spring = Spring.snappy
        var whole = 0.0, wholeVelocity = 900.0
        spring.update(value: &whole, velocity: &wholeVelocity, target: 250, deltaTime: 0.6)
        for slices in [3, 7, 72, 600] {
            var x = 0.0, v = 900.0
            for _ in 0..<slices { spring.update(value: &x, velocity: &v, target: 250, deltaTime: 0.6 / Double(slices)) }
            XCTAssertEqual(x, whole, accuracy: 1e-9, "\(slices) slices")
            XCTAssertEqual(v, wholeVelocity, accuracy: 1e-9, "\(slices) slices")
        }
    }

    func testVectorValuesMoveComponentWiseLikeScalars() {
        let spring = Spring.bouncy
        let point = spring.value(target: CGPoint(x: 100, y: -40), initialVelocity: CGPoint(x: 0, y: 300), time: 0.2)
        XCTAssertEqual(Double(point.x), spring.value(target: 100.0, time: 0.2), accuracy: 1e-9)
        XCTAssertEqual(Double(point.y), spring.value(target: -40.0, initialVelocity: 300, time: 0.2), accuracy: 1e-9)
    }

    func testForceIsMinusStiffnessTimesDisplacementMinusDampingTimesVelocity() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(spring.force(target: 5.0, position: 3.0, velocity: 2.0), 100 * 2 - 10 * 2, accuracy: 1e-12)
    }
}
