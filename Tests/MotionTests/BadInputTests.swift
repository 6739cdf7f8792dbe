import Foundation
import XCTest
import Motion

/// Bad numbers are clamped or ignored, as documented, and never reach what
/// is drawn.
final class BadInputTests: XCTestCase {
    /// Runs `animator` for `seconds` at 60 fps, checking every drawn value.
    private func assertDrawsOnlyFiniteValues<V: VectorArithmetic>(_ property: Animated<V>, for seconds: Double = 3,
                                                                  file: StaticString = #filePath, line: UInt = #line) {
        let animator = property.animator
        animator.advance(to: 0)
        for frame in 1...Int(seconds * 60) {
            animator.advance(to: Double(frame) / 60)
            XCTAssertTrue(property.presentationValue.isFiniteVector, "frame \(frame)", file: file, line: line)
            XCTAssertTrue(property.velocity.isFiniteVector, "frame \(frame)", file: file, line: line)
        }
    }

    func testNaNAndInfiniteTargetsAreIgnored() {
        let animator = Animator()
        let x = Animated(5.0, animator: animator)
        animator.withAnimation(.smooth) { x.value = .nan }
        XCTAssertEqual(x.value, 5)
        XCTAssertFalse(x.isAnimating)
        animator.withAnimation(.smooth) { x.value = 50 }
        animator.withAnimation(.smooth) { x.value = .infinity }
        XCTAssertEqual(x.value, 50, "a running spring keeps its target")
        x.value = -.infinity
        XCTAssertEqual(x.value, 50, "a jump to infinity is ignored too")
        assertDrawsOnlyFiniteValues(x)
        XCTAssertEqual(x.presentationValue, 50)

        let point = Animated(CGPoint(x: 1, y: 2), animator: animator)
        animator.withAnimation(.bouncy) { point.value = CGPoint(x: CGFloat.nan, y: 10) }
        XCTAssertEqual(point.value, CGPoint(x: 1, y: 2))
    }

    func testNaNAndInfiniteVelocitiesCountAsZero() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        x.animate(to: 100, with: .snappy, initialVelocity: .nan)
        XCTAssertEqual(x.velocity, 0)
        x.animate(to: 100, with: .snappy, initialVelocity: -.infinity)
        XCTAssertEqual(x.velocity, 0)
        let offset = Animated(CGSize.zero, animator: animator)
        offset.animate(to: CGSize(width: 10, height: 10), with: .snappy,
                       initialVelocity: CGSize(width: CGFloat.infinity, height: 3))
        XCTAssertEqual(offset.velocity, .zero)
        assertDrawsOnlyFiniteValues(x)
    }

    func testANonFiniteStartingValueBecomesZero() {
        XCTAssertEqual(Animated(Double.nan, animator: Animator()).value, 0)
    }

    func testZeroOrNegativeDurationIsClampedToOneMillisecondAndArrivesWithinAStep() {
        for duration: Double in [0.0, -1, -.infinity] {
            let spring = Spring(duration: duration, bounce: 0)
            XCTAssertEqual(spring.duration, Spring.minimumResponse)
            let animator = Animator()
            let x = Animated(0.0, animator: animator)
            x.animate(to: 100, with: .spring(duration: duration))
            animator.advance(to: 0)
            animator.advance(to: 2 * animator.step)
            XCTAssertFalse(x.isAnimating, "duration \(duration)")
            XCTAssertEqual(x.presentationValue, 100)
        }
        XCTAssertEqual(Spring(duration: .infinity).duration, Spring.maximumResponse)
        XCTAssertEqual(Spring(duration: .nan).duration, 0.5)
        XCTAssertEqual(Spring(response: 0, dampingRatio: 1).response, Spring.minimumResponse)
    }

    func testBounceOutsideMinusOneToOneIsClampedToPlusOrMinus0_99() {
        XCTAssertEqual(Spring(bounce: 1).bounce, 0.99, accuracy: 1e-12)
        XCTAssertEqual(Spring(bounce: 7).dampingRatio, 0.01, accuracy: 1e-12)
        XCTAssertEqual(Spring(bounce: -1).bounce, -0.99, accuracy: 1e-12)
        XCTAssertEqual(Spring(bounce: -5).dampingRatio, 100, accuracy: 1e-9)
        XCTAssertEqual(Spring(bounce: .nan).bounce, 0)
        XCTAssertEqual(Spring(response: 0.5, dampingRatio: -3).dampingRatio, 0.01, accuracy: 1e-12)
        for bounce: Double in [1.0, 1.5, -1, -2, .nan, .infinity] {
            let animator = Animator()
            let x = Animated(0.0, animator: animator)
            x.animate(to: 100, with: .spring(duration: 0.3, bounce: bounce), initialVelocity: 1000)
            assertDrawsOnlyFiniteValues(x, for: 1)
        }
    }

    func testPhysicalParametersThatMakeNoSpringAreClamped() {
        for (mass, stiffness, damping) in [(0.0, 100.0, 10.0), (-1, 100, 10), (.nan, 100, 10), (1, 0, 10),
                                           (1, -5, 10), (1, .nan, 10), (1, .infinity, 10), (1, 100, .nan),
                                           (1, 100, -10), (1, 100, .infinity)] {
            let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
            for value in [spring.mass, spring.stiffness, spring.damping, spring.duration, spring.bounce] {
                XCTAssertTrue(value.isFinite, "\(mass) \(stiffness) \(damping): \(spring)")
            }
            for t in [0.0, 0.01, 1, 100, 1e6, .infinity, .nan] {
                XCTAssertTrue(spring.value(target: 1.0, initialVelocity: 50, time: t).isFinite, "\(spring) at \(t)")
                XCTAssertTrue(spring.velocity(target: 1.0, initialVelocity: 50, time: t).isFinite, "\(spring) at \(t)")
            }
        }
    }

    func testExtremeSpringsOverLongTimesStayFinite() {
        for spring in [Spring(response: Spring.minimumResponse, dampingRatio: 100),
                       Spring(response: Spring.minimumResponse, dampingRatio: 0.01),
                       Spring(response: Spring.maximumResponse, dampingRatio: 100),
                       Spring(response: Spring.maximumResponse, dampingRatio: 0.01)] {
            for t in [1e-9, 1.0 / 120, 1, 1e3, 1e9] {
                let k = SpringKernel(spring: spring, time: t)
                XCTAssertTrue(k.p.isFinite && k.q.isFinite && k.r.isFinite && k.s.isFinite, "\(spring) at \(t): \(k)")
            }
        }
    }

    func testANaNAlphaDrawsTheLatestStepsNeighbour() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        animator.withAnimation(.smooth) { x.value = 10 }
        XCTAssertTrue(x.presentationValue(alpha: .nan).isFinite)
        XCTAssertEqual(x.presentationValue(alpha: 7), x.currentValue)
    }

    func testHugeMovesStayFinite() {
        let animator = Animator()
        let frame = Animated(CGRect.zero, animator: animator)
        animator.withAnimation(.bouncy) { frame.value = CGRect(x: 1e12, y: -1e12, width: 1e9, height: 1e9) }
        assertDrawsOnlyFiniteValues(frame)
    }
}
