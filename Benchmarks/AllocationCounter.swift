import Foundation
import Glibc

// Heap allocations counted at the malloc level, including any freed again
// within the window measured. A benchmark runs itself once more as a child
// (`bench <name>`) with glibc's malloc tracer preloaded (libc_malloc_debug,
// MALLOC_TRACE). The child logs three windows: one with nothing in it, one
// with the work, and a control that allocates one object per operation, to
// show the count works. The parent counts the malloc and realloc calls
// logged in each, less those logged by the empty window (the tracer's own).
//
// A benchmark that counts allocations starts with
//
//     if AllocationCounter.isTracedChild {
//         ...set up, outside the trace...
//         AllocationCounter.traceChild(operations: n) { ...n operations... }
//     }
//
// and later, in the parent, calls `AllocationCounter.count(benchmark:operations:)`.
enum AllocationCounter {
    /// glibc's malloc tracer; without it nothing is counted.
    static let mallocDebugLibrary = "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"
    private static let childVariable = "TRIPS_BENCH_MTRACE"
    private static let windows = ["EMPTY", "WORK", "CONTROL"]

    /// Whether this process is the traced child: the benchmark then sets up
    /// and calls `traceChild` instead of running.
    static var isTracedChild: Bool { getenv(childVariable) != nil }

    /// In the child: traces an empty window, then `work` (which does
    /// `operations` operations), then the control, into the files the
    /// parent named; then exits.
    static func traceChild(operations: Int, work: () -> Void) -> Never {
        // The tracer's mtrace/muntrace exist only under the symbol version
        // GLIBC_2.2.5 (plain dlsym finds libc's inert stubs), and Swift's
        // Glibc module does not declare dlvsym, so it too is looked up.
        typealias VersionedSymbol = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>,
                                                    UnsafePointer<CChar>) -> UnsafeMutableRawPointer?
        typealias Toggle = @convention(c) () -> Void
        guard let process = dlopen(nil, RTLD_NOW), let dlvsymSymbol = dlsym(process, "dlvsym") else { exit(1) }
        let dlvsym = unsafeBitCast(dlvsymSymbol, to: VersionedSymbol.self)
        guard let mtraceSymbol = dlvsym(process, "mtrace", "GLIBC_2.2.5"),
              let muntraceSymbol = dlvsym(process, "muntrace", "GLIBC_2.2.5") else { exit(1) }
        let files = windows.compactMap { getenv("\(childVariable)_\($0)") }
        guard files.count == windows.count else { exit(1) }
        let mtrace = unsafeBitCast(mtraceSymbol, to: Toggle.self)
        let muntrace = unsafeBitCast(muntraceSymbol, to: Toggle.self)
        setenv("MALLOC_TRACE", files[0], 1)
        mtrace()
        muntrace()
        setenv("MALLOC_TRACE", files[1], 1)
        mtrace()
        work()
        muntrace()
        setenv("MALLOC_TRACE", files[2], 1)
        mtrace()
        for i in 0..<operations { controlSink = ControlObject(i) }
        muntrace()
        exit(0)
    }

    /// In the parent: runs `bench <benchmark>` as the traced child and
    /// returns the allocations per operation of the work and of the control
    /// (which should be 1), or nil if they could not be counted.
    static func count(benchmark: String, operations: Int) -> (work: Double, control: Double)? {
        guard FileManager.default.fileExists(atPath: mallocDebugLibrary) else { return nil }
        let directory = FileManager.default.temporaryDirectory
        let files = windows.map {
            directory.appendingPathComponent("trips-\(benchmark)-mtrace-\($0.lowercased())-\(getpid()).txt").path
        }
        defer {
            for file in files { try? FileManager.default.removeItem(atPath: file) }
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [benchmark]
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = "1"
        for (window, file) in zip(windows, files) { environment["\(childVariable)_\(window)"] = file }
        environment["LD_PRELOAD"] = mallocDebugLibrary
        child.environment = environment
        do { try child.run() } catch { return nil }
        child.waitUntilExit()
        let counts = files.compactMap(allocationsLogged)
        guard child.terminationStatus == 0, counts.count == files.count else { return nil }
        return (Double(max(0, counts[1] - counts[0])) / Double(operations),
                Double(max(0, counts[2] - counts[0])) / Double(operations))
    }

    /// The allocations in one trace: `+` lines are mallocs, `>` lines the
    /// new block of a realloc.
    private static func allocationsLogged(in path: String) -> Int? {
        guard let log = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return log.split(separator: "\n").filter { $0.contains(" + ") || $0.contains(" > ") }.count
    }
}

private final class ControlObject {
    let value: Int
    init(_ value: Int) { self.value = value }
}

nonisolated(unsafe) private var controlSink: ControlObject?
