import Foundation
import Glibc

/// The figures `make bench` prints for a replayed session: per-frame CPU
/// time and input-to-present latency as medians and 99th percentiles, and
/// the peak resident memory of the process.
public struct FrameStatistics {
    public var line: String

    public init(report: FrameLoop.Report, renderer: String) {
        func percentile(_ values: [Double], _ p: Double) -> Double {
            guard !values.isEmpty else { return .nan }
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let frames = report.frameTimes, latency = report.inputLatencies
        line = "bench: renderer=\(renderer) " + String(format: "frames=%d frame_ms_p50=%.3f frame_ms_p99=%.3f latency_ms_p50=%.3f latency_ms_p99=%.3f inputs=%d peak_rss_mib=%.1f",
                      frames.count, percentile(frames, 0.5) * 1000, percentile(frames, 0.99) * 1000,
                      percentile(latency, 0.5) * 1000, percentile(latency, 0.99) * 1000, latency.count, Double(usage.ru_maxrss) / 1024)
    }
}
