import Foundation
import XCTest
import Motion

/// An animator whose clock starts at 0 and one property springing from 0
/// to `target` with `animation`.
func springing(to target: Double, with animation: Animation) -> (Animator, Animated<Double>) {
    let animator = Animator()
    let x = Animated(0.0, animator: animator)
    animator.advance(to: 0)
    animator.withAnimation(animation) { x.value = target }
    return (animator, x)
}

final class AnimatorTests: XCTestCase {
    func testAChangeInsideWithAnimationAnimatesAndOutsideJumps() {
        let animator = Animator()
        let offset = Animated(0.0, animator: animator)
        offset.value = 50
        XCTAssertFalse(offset.isAnimating)
        XCTAssertEqual(offset.presentationValue, 50)

        animator.withAnimation(.smooth) { offset.value = 150 }
        XCTAssertTrue(offset.isAnimating)
        XCTAssertTrue(animator.isAnimating)
        XCTAssertEqual(offset.value, 150, "the model value is the target at once")
        XCTAssertEqual(offset.presentationValue, 50, "what is drawn starts where it was")
        animator.advance(to: 0)
        animator.advance(to: 0.1)
        XCTAssertGreaterThan(offset.presentationValue, 50)
        XCTAssertLessThan(offset.presentationValue, 150)
        XCTAssertEqual(animator.transaction.animation, nil, "withAnimation restores the transaction")
    }

    func testWithAnimationNilAndDisabledAnimationsJump() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        animator.withAnimation(nil) { x.value = 10 }
        XCTAssertFalse(x.isAnimating)
        var transaction = Transaction(animation: .bouncy)
        transaction.disablesAnimations = true
        animator.withTransaction(transaction) { x.value = 20 }
        XCTAssertFalse(x.isAnimating)
        XCTAssertEqual(x.presentationValue, 20)
    }

    func testNestedWithAnimationUsesTheInnermostAnimation() {
        let animator = Animator()
        animator.withAnimation(.smooth) {
            XCTAssertEqual(animator.transaction.animation, .smooth)
            animator.withAnimation(.bouncy) { XCTAssertEqual(animator.transaction.animation, .bouncy) }
            XCTAssertEqual(animator.transaction.animation, .smooth)
        }
        XCTAssertNil(animator.transaction.animation)
        XCTAssertEqual(animator.withAnimation { animator.transaction.animation }, .default)
    }

    func testSpringStepsMatchTheClosedFormAtAnyStepRate() {
        // Each step is the exact solution from the current state, so the rate
        // only decides where samples fall, not where the spring is.
        let spring = Spring.bouncy
        let expected = spring.value(target: 300.0, initialVelocity: 400, time: 0.5)
        for rate in [60.0, 120, 240, 1000] {
            let animator = Animator(rate: rate)
            let x = Animated(0.0, animator: animator)
            x.animate(to: 300, with: Animation(spring), initialVelocity: 400)
            animator.advance(to: 0)
            for frame in 1...30 { animator.advance(to: Double(frame) / 60) }
            XCTAssertEqual(animator.stepCount, Int(rate / 2))
            XCTAssertEqual(x.currentValue, expected, accuracy: 1e-9, "\(rate) Hz")
        }
    }

    func testTheSameAnimationAt30_60_144And240FPSAgreesAtCommonInstantsWithin1e9() {
        // 1/6 s is a whole number of frames at all four rates.
        var samples: [Double: [CGPoint]] = [:]
        for fps in [30.0, 60, 144, 240] {
            let animator = Animator()
            let offset = Animated(CGPoint(x: 10, y: 20), animator: animator)
            animator.advance(to: 0)
            animator.withAnimation(.bouncy) { offset.value = CGPoint(x: 400, y: -120) }
            let framesPerSample = Int(fps / 6)
            var drawn: [CGPoint] = []
            for frame in 1...Int(fps * 2) {
                animator.advance(to: Double(frame) / fps)
                if frame % framesPerSample == 0 { drawn.append(offset.presentationValue) }
            }
            samples[fps] = drawn
        }
        let reference = samples[240]!
        XCTAssertEqual(reference.count, 12)
        for (fps, drawn) in samples {
            XCTAssertEqual(drawn.count, reference.count)
            for (a, b) in zip(drawn, reference) {
                XCTAssertEqual(Double(a.x), Double(b.x), accuracy: 1e-9, "\(fps) fps")
                XCTAssertEqual(Double(a.y), Double(b.y), accuracy: 1e-9, "\(fps) fps")
            }
        }
        // And they are where the spring was one step earlier: interpolating
        // between the last two steps draws one step (1/120 s) behind.
        for (i, point) in reference.enumerated() {
            let t = Double(i + 1) / 6 - 1.0 / 120
            let expected = Spring.bouncy.value(target: 390.0, time: t) + 10
            // Until it rests (within a tenth of a point), then exactly on target.
            let tolerance = point.x == 400 ? 0.1 : 1e-9
            XCTAssertEqual(Double(point.x), expected, accuracy: tolerance, "at \(t)")
        }
    }

    func testPresentationInterpolatesBetweenTheLastTwoSteps() {
        let animator = Animator(rate: 100)
        let x = Animated(0.0, animator: animator)
        animator.withAnimation(.smooth) { x.value = 100 }
        animator.advance(to: 0)
        animator.advance(to: 0.02)
        let before = x.presentationValue(alpha: 0)
        let after = x.presentationValue(alpha: 1)
        XCTAssertEqual(after, x.currentValue)
        XCTAssertEqual(before, Spring.smooth.value(target: 100.0, time: 0.01), accuracy: 1e-9)
        let frame = animator.advance(to: 0.025)
        XCTAssertEqual(frame.steps, 0)
        XCTAssertEqual(frame.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(x.presentationValue, (before + after) / 2, accuracy: 1e-9)
    }

    func testAFiveSecondStallDoesNotRun600StepsInOneFrame() {
        let (animator, _) = springing(to: 100, with: .spring(duration: 20))
        animator.advance(to: 1.0 / 60)
        let before = animator.stepCount
        let frame = animator.advance(to: 1.0 / 60 + 5)
        XCTAssertTrue(frame.clamped)
        XCTAssertEqual(frame.steps, 30)
        XCTAssertEqual(animator.stepCount - before, 30)
    }

    func testStartingAfterTheLoopSleptDoesNotSimulateTheSleep() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        animator.advance(to: 0)
        // Idle: the loop sleeps ten seconds, then an event starts a spring.
        animator.withAnimation(.smooth) { x.value = 100 }
        XCTAssertEqual(animator.advance(to: 10).steps, 0, "the sleep is not animated")
        XCTAssertEqual(animator.advance(to: 10 + 1.0 / 60).steps, 2)
        XCTAssertEqual(x.currentValue, Spring.smooth.value(target: 100.0, time: 2.0 / 120), accuracy: 1e-9)
    }

    func testSettingTheSameValueAtRestStartsNothing() {
        let animator = Animator()
        let x = Animated(7.0, animator: animator)
        var finished = false
        animator.withAnimation(.bouncy, { x.value = 7 }, completion: { finished = true })
        XCTAssertFalse(animator.isAnimating)
        XCTAssertTrue(finished)
    }

    func testAdvanceByAfterASleepDoesNotSimulateTheSleep() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        animator.withAnimation(.smooth) { x.value = 100 }
        XCTAssertEqual(animator.advance(by: 30).steps, 0)
        XCTAssertEqual(animator.advance(by: 1.0 / 60).steps, 2)
    }

    func testStartingWhileTheLoopRunsCountsTheFrameInProgress() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        animator.advance(to: 0)
        animator.advance(to: 1.0 / 60)
        animator.withAnimation(.smooth) { x.value = 100 }
        XCTAssertEqual(animator.advance(to: 2.0 / 60).steps, 2)
    }

    func testASpringComesToRestExactlyOnTargetAndStopsAnimating() {
        let (animator, x) = springing(to: 300, with: .bouncy)
        var t = 0.0
        while animator.isAnimating, t < 10 {
            t += 1.0 / 60
            animator.advance(to: t)
        }
        XCTAssertFalse(animator.isAnimating)
        XCTAssertFalse(x.isAnimating)
        XCTAssertEqual(x.presentationValue, 300)
        XCTAssertEqual(x.velocity, 0)
        // It rests once within a tenth of a point, near the settling time.
        XCTAssertLessThan(t, Spring.bouncy.settlingDuration(target: 300.0, epsilon: 0.1) + 0.2)
        XCTAssertGreaterThan(t, 0.3)
    }

    func testRectsAnglesAndPairsAnimate() {
        let animator = Animator()
        let frame = Animated(CGRect(x: 0, y: 0, width: 100, height: 100), animator: animator)
        let angle = Animated(Angle.zero, animator: animator, restThreshold: 0.001)
        let pair = Animated(AnimatablePair(1.0, CGSize.zero), animator: animator, restThreshold: 0.001)
        animator.advance(to: 0)
        animator.withAnimation(.smooth) {
            frame.value = CGRect(x: 100, y: 50, width: 400, height: 300)
            angle.value = .degrees(90)
            pair.value = AnimatablePair(2.0, CGSize(width: 10, height: 10))
        }
        animator.advance(to: 0.25)
        let progress = Spring.smooth.value(target: 1.0, time: 0.25)
        XCTAssertEqual(Double(frame.currentValue.width), 100 + 300 * progress, accuracy: 1e-9)
        XCTAssertEqual(angle.currentValue.degrees, 90 * progress, accuracy: 1e-9)
        XCTAssertEqual(pair.currentValue.first, 1 + progress, accuracy: 1e-9)
        for frame in 1...300 { animator.advance(to: 0.25 + Double(frame) / 60) }
        XCTAssertFalse(animator.isAnimating)
        XCTAssertEqual(frame.presentationValue, CGRect(x: 100, y: 50, width: 400, height: 300))
        XCTAssertEqual(angle.presentationValue, .degrees(90))
    }

    func testAnAnimatorDroppedWhileItsPropertiesRunIsFreedWithThem() {
        weak var weakAnimator: Animator?
        weak var weakProperty: Animated<Double>?
        do {
            let (animator, x) = springing(to: 100, with: .smooth)
            animator.advance(to: 0.1)
            XCTAssertTrue(x.isAnimating)
            weakAnimator = animator
            weakProperty = x
        }
        XCTAssertNil(weakAnimator, "a running property must not keep its animator alive")
        XCTAssertNil(weakProperty, "nor the animator a running property once it is gone")
    }
}

final class ExternalClockTests: XCTestCase {
    func testALoopWithItsOwnClockCanRunStepsAndPassItsAlpha() {
        // The loop owns a FixedTimestep and calls runSteps once per step due.
        var clock = FixedTimestep(rate: 120)
        let animator = Animator(rate: 120)
        let x = Animated(0.0, animator: animator)
        _ = clock.advance(to: 0)
        animator.withAnimation(.smooth) { x.value = 100 }
        let frame = clock.advance(to: 0.1)
        animator.runSteps(frame.steps)
        XCTAssertEqual(animator.stepCount, 12)
        XCTAssertEqual(x.currentValue, Spring.smooth.value(target: 100.0, time: 0.1), accuracy: 1e-9)
        let drawn = x.presentationValue(alpha: frame.alpha)
        XCTAssertEqual(drawn, Spring.smooth.value(target: 100.0, time: 0.1 - 1.0 / 120 + frame.alpha / 120), accuracy: 1e-3)
    }

    func testRunStepsStopsOnceNothingMoves() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        animator.withAnimation(.snappy) { x.value = 1 }
        animator.runSteps(10_000)
        XCTAssertFalse(animator.isAnimating)
        XCTAssertLessThan(animator.stepCount, 240)
        animator.runSteps(-3)
    }
}
