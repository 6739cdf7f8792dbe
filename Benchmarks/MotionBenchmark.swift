import Foundation
import Motion

// 10,000 springs running at once, stepped at 120 Hz: time per step (median
// of several runs, timed with ContinuousClock) and allocations per step.
//
// Allocations are counted at the malloc level, including any that are freed
// again within the step, by glibc's malloc tracer in a child run of this
// benchmark (see AllocationCounter).

private let springCount = 10_000
private let stepsPerRun = 120
private let runs = 15

/// An animator with `springCount` long, bouncy springs on CGPoint offsets.
/// `kick` (re)starts them all with varied targets and flick velocities, so
/// every one is still running at the end of a measured run.
private struct SpringField {
    let animator = Animator(rate: 120)
    let offsets: [Animated<CGPoint>]

    init() {
        let animator = self.animator
        offsets = (0..<springCount).map { i in
            Animated(CGPoint(x: Double(i % 100) * 10, y: Double(i / 100) * 10), animator: animator)
        }
    }

    func kick(_ run: Int) {
        for (i, offset) in offsets.enumerated() {
            let sign: CGFloat = (i + run) % 2 == 0 ? 1 : -1
            offset.animate(to: offset.value + CGPoint(x: sign * 300, y: -sign * 200),
                           with: .spring(duration: 3 + Double(i % 7) * 0.1, bounce: 0.3),
                           initialVelocity: CGPoint(x: Double(i % 13) * 100, y: -500))
        }
    }

    func step(_ count: Int) {
        for _ in 0..<count { animator.advance(by: animator.step) }
    }
}

func runMotionBenchmark() {
    if AllocationCounter.isTracedChild {
        let field = SpringField()
        field.kick(0)
        field.step(10)
        AllocationCounter.traceChild(operations: stepsPerRun) { field.step(stepsPerRun) }
    }
    let field = SpringField()
    field.kick(-1)
    field.step(10)  // warm caches and buffers

    let clock = ContinuousClock()
    var timesPerStep: [Double] = []
    var presentationTimes: [Double] = []
    for run in 0..<runs {
        field.kick(run)
        let stepsBefore = field.animator.stepCount
        let elapsed = clock.measure { field.step(stepsPerRun) }
        precondition(field.animator.stepCount - stepsBefore == stepsPerRun, "one fixed step per advance")
        precondition(field.animator.runningCount == springCount, "every spring must still be running when measured")
        timesPerStep.append(seconds(elapsed) / Double(stepsPerRun))

        // What drawing a frame adds: reading every presentation value.
        var checksum = CGFloat(0)
        let readTime = clock.measure {
            for offset in field.offsets { checksum += offset.presentationValue.x }
        }
        precondition(checksum.isFinite)
        presentationTimes.append(seconds(readTime))
    }

    func ms(_ s: Double) -> String { String(format: "%.4f ms", s * 1000) }
    print("motion: \(springCount) springs (CGPoint offsets) running, stepped at 120 Hz; \(runs) runs of \(stepsPerRun) steps")
    print("motion: time per step        median \(ms(median(timesPerStep)))  min \(ms(timesPerStep.min()!))  max \(ms(timesPerStep.max()!))  (target < 0.5 ms)")
    if let allocations = AllocationCounter.count(benchmark: "motion", operations: stepsPerRun) {
        print(String(format: "motion: allocations per step %.3f  (target 0; malloc calls traced by glibc over %d steps; control that allocates once a step: %.3f)",
                     allocations.work, stepsPerRun, allocations.control))
    } else {
        print("motion: allocations per step not measured (needs \(AllocationCounter.mallocDebugLibrary))")
    }
    print("motion: presentation reads   median \(ms(median(presentationTimes))) for all \(springCount) values (once per frame)")
}
