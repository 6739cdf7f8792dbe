import XCTest
import Motion

final class SpringParameterTests: XCTestCase {
    func testDurationPointFiveBouncePointThreeHasStiffness157_9AndDamping17_6() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(spring.damping, 17.6, accuracy: 0.05)
        XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
    }

    func testStiffness100Damping10HasDuration0_63AndBounce0_5() {
        // SwiftUI's own example in the Spring documentation.
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(spring.duration, 0.63, accuracy: 0.005)
        XCTAssertEqual(spring.bounce, 0.5, accuracy: 1e-12)
    }

    func testPositiveBounceGivesDampingRatioOneMinusBounce() {
        for bounce in [0.0, 0.15, 0.3, 0.7] {
            XCTAssertEqual(Spring(duration: 1, bounce: bounce).dampingRatio, 1 - bounce, accuracy: 1e-12)
        }
    }

    func testNegativeBounceGivesDampingRatioOneOverOnePlusBounce() {
        for bounce in [-0.1, -0.5, -0.9] {
            let spring = Spring(duration: 1, bounce: bounce)
            XCTAssertEqual(spring.dampingRatio, 1 / (1 + bounce), accuracy: 1e-12)
            XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-12, "bounce round-trips")
        }
    }

    func testDurationAndBounceRoundTripThroughPhysicalParameters() {
        for (duration, bounce) in [(0.5, 0.0), (0.35, 0.15), (1.2, 0.3), (0.8, -0.4)] {
            let spring = Spring(duration: duration, bounce: bounce)
            let physical = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                  allowOverDamping: true)
            XCTAssertEqual(physical.duration, duration, accuracy: 1e-12)
            XCTAssertEqual(physical.bounce, bounce, accuracy: 1e-12)
        }
    }

    func testResponseAndDampingRatioMapToSameStiffnessAsDuration() {
        let a = Spring(response: 0.4, dampingRatio: 0.8)
        let b = Spring(duration: 0.4, bounce: 0.2)
        XCTAssertEqual(a.stiffness, b.stiffness, accuracy: 1e-9)
        XCTAssertEqual(a.damping, b.damping, accuracy: 1e-9)
    }

    func testMassScalesStiffnessAndDampingButNotDurationOrBounce() {
        let spring = Spring(mass: 2, stiffness: 200, damping: 20)
        XCTAssertEqual(spring.duration, Spring(mass: 1, stiffness: 100, damping: 10).duration, accuracy: 1e-12)
        XCTAssertEqual(spring.bounce, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.stiffness, 200, accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 20, accuracy: 1e-9)
    }

    func testOverDampingIsReducedToCriticalUnlessAllowed() {
        XCTAssertEqual(Spring(stiffness: 100, damping: 40).dampingRatio, 1)
        XCTAssertEqual(Spring(stiffness: 100, damping: 40, allowOverDamping: true).dampingRatio, 2, accuracy: 1e-12)
    }

    func testPresetsAreSwiftUIs() {
        XCTAssertEqual(Spring.smooth, Spring(duration: 0.5, bounce: 0))
        XCTAssertEqual(Spring.snappy, Spring(duration: 0.5, bounce: 0.15))
        XCTAssertEqual(Spring.bouncy, Spring(duration: 0.5, bounce: 0.3))
        XCTAssertEqual(Spring.bouncy(duration: 0.8, extraBounce: 0.1).bounce, 0.4, accuracy: 1e-12)
        XCTAssertEqual(Spring.snappy(duration: 0.3).duration, 0.3)
        XCTAssertEqual(Spring.smooth(extraBounce: 0.2).bounce, 0.2, accuracy: 1e-12)
    }

    func testAnimationStaticsUseSwiftUIsSprings() {
        XCTAssertEqual(Animation.smooth.spring, .smooth)
        XCTAssertEqual(Animation.snappy.spring, .snappy)
        XCTAssertEqual(Animation.bouncy.spring, .bouncy)
        XCTAssertEqual(Animation.spring(duration: 0.5, bounce: 0.3).spring, .bouncy)
        XCTAssertEqual(Animation.spring(.snappy).spring, .snappy)
        XCTAssertEqual(Animation.spring.spring, Spring(response: 0.5, dampingRatio: 0.825))
        XCTAssertEqual(Animation.default.spring, Spring(response: 0.55, dampingRatio: 1))
        XCTAssertEqual(Animation.interactiveSpring.spring, Spring(response: 0.15, dampingRatio: 0.86))
    }

    func testSettlingDurationIsWhenAUnitMoveStaysWithinAThousandth() {
        for spring in [Spring.smooth, .snappy, .bouncy, Spring(duration: 1, bounce: -0.5)] {
            let settle = spring.settlingDuration
            XCTAssertGreaterThan(settle, 0)
            // Outside 0.001 just before, inside from then on.
            XCTAssertGreaterThanOrEqual(abs(spring.value(target: 1.0, time: settle - 1e-6) - 1), 0.001 * (1 - 1e-6))
            var t = settle + 1e-6
            while t < settle + 5 {
                XCTAssertLessThan(abs(spring.value(target: 1.0, time: t) - 1), 0.001, "\(spring) at \(t)")
                t += 0.001
            }
        }
    }

    func testSettlingDurationInitializerInvertsSettlingDuration() {
        let spring = Spring(settlingDuration: 0.8, dampingRatio: 0.7)
        XCTAssertEqual(spring.settlingDuration, 0.8, accuracy: 1e-6)
        XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
    }
}
