import Foundation
import Glibc

/// How long each step of opening the display took, on the wall clock and
/// in the opening thread's CPU ("window 61.2 ms (CPU 48.0)"), for
/// TRIPS_VERBOSE and `Benchmarks/peers.sh`'s note: on Wayland a window made
/// with EGL spends most of its time in EGL (docs/PRESENTING.md), one made
/// without it (`SurfaceOnlyWindow`) waits for the compositor's answers.
struct OpeningSteps {
    private(set) var list: [String] = []
    private var wall = FrameLoop.clock(), cpu = OpeningSteps.threadCPU()

    private static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Ends the step `name`, which began where the last one ended.
    mutating func end(_ name: String) {
        let nowWall = FrameLoop.clock(), nowCPU = Self.threadCPU()
        list.append(String(format: "%@ %.1f ms (CPU %.1f)", name, (nowWall - wall) * 1000, (nowCPU - cpu) * 1000))
        wall = nowWall
        cpu = nowCPU
    }
}
