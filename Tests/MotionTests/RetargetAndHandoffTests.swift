import Foundation
import XCTest
import Motion

/// Interrupting a spring or handing it a finger's speed never jumps or kinks.
final class RetargetAndHandoffTests: XCTestCase {
    func testRetargetKeepsPositionAndVelocityContinuous() {
        let (animator, x) = springing(to: 500, with: .bouncy)
        animator.advance(to: 0.1234)
        let drawnBefore = x.presentationValue
        let valueBefore = x.currentValue
        let velocityBefore = x.velocity
        XCTAssertGreaterThan(velocityBefore, 100)

        animator.withAnimation(.snappy) { x.value = -200 }
        XCTAssertEqual(x.presentationValue, drawnBefore, accuracy: 1e-6, "no jump on screen")
        XCTAssertEqual(x.currentValue, valueBefore, accuracy: 1e-6)
        XCTAssertEqual(x.velocity, velocityBefore, accuracy: 1e-6, "no kink")

        // From there it follows the new spring from that very state.
        var expected = valueBefore, expectedVelocity = velocityBefore
        Spring.snappy.update(value: &expected, velocity: &expectedVelocity, target: -200, deltaTime: 3 * animator.step)
        for _ in 0..<3 { animator.advance(by: animator.step) }
        XCTAssertEqual(x.currentValue, expected, accuracy: 1e-6)
        XCTAssertEqual(x.velocity, expectedVelocity, accuracy: 1e-6)
    }

    func testAFlicksVelocityIsCarriedIntoTheSpring() {
        let animator = Animator()
        let offset = Animated(CGPoint.zero, animator: animator)
        animator.advance(to: 0)
        // The finger drags (jumps follow it), then lifts moving right at 2000 pt/s.
        offset.value = CGPoint(x: 80, y: 0)
        let flick = CGPoint(x: 2000, y: -300)
        offset.animate(to: .zero, with: .smooth, initialVelocity: flick)
        XCTAssertEqual(offset.velocity, flick)
        animator.advance(to: animator.step)
        var expected = CGPoint(x: 80, y: 0), expectedVelocity = flick
        Spring.smooth.update(value: &expected, velocity: &expectedVelocity, target: .zero, deltaTime: animator.step)
        XCTAssertEqual(Double(offset.currentValue.x), Double(expected.x), accuracy: 1e-9)
        XCTAssertEqual(Double(offset.velocity.y), Double(expectedVelocity.y), accuracy: 1e-9)
        XCTAssertGreaterThan(offset.currentValue.x, 80, "it keeps going the way the finger went before coming back")
    }

    func testHandoffThroughATransactionSetter() {
        let animator = Animator()
        let scale = Animated(1.0, animator: animator, restThreshold: 0.001)
        scale.set(2, transaction: Transaction(animation: .snappy), initialVelocity: -3)
        XCTAssertEqual(scale.velocity, -3)
    }

    func testStopCatchesThePropertyWhereItIsDrawn() {
        let (animator, x) = springing(to: 100, with: .smooth)
        animator.advance(to: 0.105)
        let drawn = x.presentationValue
        x.stop()
        XCTAssertFalse(x.isAnimating)
        XCTAssertEqual(x.value, drawn)
        XCTAssertEqual(x.presentationValue, drawn)
    }
}
