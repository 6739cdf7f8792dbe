import Foundation
import Glibc
import Motion

// 10,000 springs running at once, stepped at 120 Hz: time per step (median
// of several runs, timed with ContinuousClock) and allocations per step.
//
// Allocations are counted at the malloc level, including any that are freed
// again within the step: the benchmark runs itself once more with glibc's
// malloc tracer preloaded (libc_malloc_debug, MALLOC_TRACE) and counts the
// allocations logged while the springs step, less those logged by an empty
// window (the tracer's own).

private let springCount = 10_000
private let stepsPerRun = 120
private let runs = 15
private let traceChildVariable = "TRIPS_MOTION_BENCH_MTRACE"
private let mallocDebugLibrary = "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"

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
    if ProcessInfo.processInfo.environment[traceChildVariable] != nil {
        runTracedSteps()
        exit(0)
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
    if let allocations = mallocsPerStep() {
        print(String(format: "motion: allocations per step %.3f  (target 0; malloc calls traced by glibc over %d steps; control that allocates once a step: %.3f)",
                     allocations.springs, stepsPerRun, allocations.control))
    } else {
        print("motion: allocations per step not measured (needs \(mallocDebugLibrary))")
    }
    print("motion: presentation reads   median \(ms(median(presentationTimes))) for all \(springCount) values (once per frame)")
}

// MARK: Allocation count (the traced child)

/// In the child: step the field with glibc's tracer on, once over no steps
/// and once over `stepsPerRun` steps, into the files the parent named.
private func runTracedSteps() {
    // The tracer's mtrace/muntrace exist only under the symbol version
    // GLIBC_2.2.5 (plain dlsym finds libc's inert stubs), and Swift's Glibc
    // module does not declare dlvsym, so it too is looked up.
    typealias VersionedSymbol = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>,
                                                UnsafePointer<CChar>) -> UnsafeMutableRawPointer?
    guard let process = dlopen(nil, RTLD_NOW), let dlvsymSymbol = dlsym(process, "dlvsym") else { exit(1) }
    let dlvsym = unsafeBitCast(dlvsymSymbol, to: VersionedSymbol.self)
    guard let mtraceSymbol = dlvsym(process, "mtrace", "GLIBC_2.2.5"),
          let muntraceSymbol = dlvsym(process, "muntrace", "GLIBC_2.2.5"),
          let emptyFile = ProcessInfo.processInfo.environment["\(traceChildVariable)_EMPTY"],
          let stepsFile = ProcessInfo.processInfo.environment["\(traceChildVariable)_STEPS"],
          let controlFile = ProcessInfo.processInfo.environment["\(traceChildVariable)_CONTROL"] else { exit(1) }
    typealias Toggle = @convention(c) () -> Void
    let mtrace = unsafeBitCast(mtraceSymbol, to: Toggle.self)
    let muntrace = unsafeBitCast(muntraceSymbol, to: Toggle.self)
    let field = SpringField()
    field.kick(0)
    field.step(10)
    setenv("MALLOC_TRACE", emptyFile, 1)
    mtrace()
    muntrace()
    setenv("MALLOC_TRACE", stepsFile, 1)
    mtrace()
    field.step(stepsPerRun)
    muntrace()
    // A control that allocates one object per step, to show the count works.
    setenv("MALLOC_TRACE", controlFile, 1)
    mtrace()
    for i in 0..<stepsPerRun { controlSink = ControlObject(i) }
    muntrace()
}

private final class ControlObject {
    let value: Int
    init(_ value: Int) { self.value = value }
}

nonisolated(unsafe) private var controlSink: ControlObject?

/// In the parent: run the traced child and count the allocations (`+` for
/// malloc, `>` for realloc's new block) it logged per step, for the springs
/// and for the control (which should be 1).
private func mallocsPerStep() -> (springs: Double, control: Double)? {
    guard FileManager.default.fileExists(atPath: mallocDebugLibrary) else { return nil }
    let directory = FileManager.default.temporaryDirectory
    let emptyFile = directory.appendingPathComponent("trips-motion-mtrace-empty-\(getpid()).txt").path
    let stepsFile = directory.appendingPathComponent("trips-motion-mtrace-steps-\(getpid()).txt").path
    let controlFile = directory.appendingPathComponent("trips-motion-mtrace-control-\(getpid()).txt").path
    defer {
        for file in [emptyFile, stepsFile, controlFile] { try? FileManager.default.removeItem(atPath: file) }
    }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    child.arguments = ["motion"]
    var environment = ProcessInfo.processInfo.environment
    environment[traceChildVariable] = "1"
    environment["\(traceChildVariable)_EMPTY"] = emptyFile
    environment["\(traceChildVariable)_STEPS"] = stepsFile
    environment["\(traceChildVariable)_CONTROL"] = controlFile
    environment["LD_PRELOAD"] = mallocDebugLibrary
    child.environment = environment
    do { try child.run() } catch { return nil }
    child.waitUntilExit()
    guard child.terminationStatus == 0, let empty = allocationsLogged(in: emptyFile),
          let steps = allocationsLogged(in: stepsFile), let control = allocationsLogged(in: controlFile) else { return nil }
    return (Double(max(0, steps - empty)) / Double(stepsPerRun), Double(max(0, control - empty)) / Double(stepsPerRun))
}

private func allocationsLogged(in path: String) -> Int? {
    guard let log = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return log.split(separator: "\n").filter { $0.contains(" + ") || $0.contains(" > ") }.count
}

// MARK: Statistics

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

private func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) * 1e-18
}
