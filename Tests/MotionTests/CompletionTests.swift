import Foundation
import XCTest
import Motion

final class CompletionTests: XCTestCase {
    func testCompletionRunsWhenThePropertyComesToRest() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        var finished = 0
        x.set(10, transaction: Transaction(animation: .snappy)) { finished += 1 }
        animator.advance(to: 0)
        animator.advance(to: 0.1)
        XCTAssertEqual(finished, 0)
        for frame in 7...180 { animator.advance(to: Double(frame) / 60) }
        XCTAssertEqual(finished, 1)
        XCTAssertFalse(animator.isAnimating)
    }

    func testWithAnimationCompletionWaitsForEveryPropertyItMoved() {
        let animator = Animator()
        let fast = Animated(0.0, animator: animator)
        let slow = Animated(0.0, animator: animator)
        var finished = 0
        animator.withAnimation(.snappy, {
            fast.value = 10
            slow.animate(to: 10, with: .spring(duration: 2))
        }, completion: { finished += 1 })
        animator.advance(to: 0)
        var t = 0.0
        while fast.isAnimating { t += 1.0 / 60; animator.advance(to: t) }
        XCTAssertTrue(slow.isAnimating)
        XCTAssertEqual(finished, 0)
        while slow.isAnimating { t += 1.0 / 60; animator.advance(to: t) }
        XCTAssertEqual(finished, 1)
    }

    func testWithAnimationCompletionRunsAtOnceWhenNothingMoved() {
        let animator = Animator()
        var finished = false
        animator.withAnimation(.smooth, {}, completion: { finished = true })
        XCTAssertTrue(finished)
    }

    func testAJumpEndsTheSpringAndRunsItsCompletion() {
        let animator = Animator()
        let x = Animated(0.0, animator: animator)
        var finished = false
        x.animate(to: 100, with: .smooth) { finished = true }
        x.value = 40
        XCTAssertTrue(finished)
        XCTAssertFalse(animator.isAnimating)
        XCTAssertEqual(x.presentationValue, 40)
    }

    func testManyPropertiesSettlingInOneStepAllFinish() {
        let animator = Animator()
        let values = (0..<50).map { Animated(Double($0), animator: animator) }
        var finished = 0
        animator.withAnimation(.smooth) {
            for value in values { value.set(value.value + 1, transaction: animator.transaction) { finished += 1 } }
        }
        animator.advance(to: 0)
        for frame in 1...120 { animator.advance(to: Double(frame) / 60) }
        XCTAssertEqual(finished, 50)
        XCTAssertEqual(animator.runningCount, 0)
        for (i, value) in values.enumerated() { XCTAssertEqual(value.presentationValue, Double(i) + 1) }
    }
}

final class CompletionOrderTests: XCTestCase {
    func testACompletionCanRestartAPropertyThatSettledInTheSameStep() {
        let animator = Animator()
        let a = Animated(0.0, animator: animator)
        let b = Animated(0.0, animator: animator)
        var bFinished = 0
        // Same spring, same distance: both settle in the same step, and b is
        // settled after a's completion has restarted it.
        b.animate(to: 10, with: .snappy)
        a.animate(to: 10, with: .snappy) {
            b.animate(to: 50, with: .snappy) { bFinished += 1 }
        }
        animator.advance(to: 0)
        var t = 0.0
        while a.isAnimating { t += 1.0 / 60; animator.advance(to: t) }
        XCTAssertTrue(b.isAnimating, "b was restarted by a's completion")
        XCTAssertEqual(b.value, 50)
        XCTAssertEqual(b.currentValue, 10, accuracy: 0.1)
        XCTAssertEqual(bFinished, 0)
        while b.isAnimating { t += 1.0 / 60; animator.advance(to: t) }
        XCTAssertEqual(b.presentationValue, 50)
        XCTAssertEqual(bFinished, 1)
    }
}
