import Foundation

/// How many commands a kiosk takes: a bucket of `burst` that refills at
/// `perSecond`, on an injected clock. What it drops is counted, so a
/// dropped burst costs one log line, said when the next command is taken
/// again (`taken`'s `dropped`).
public struct CommandRateLimit: Sendable {
    public let perSecond: Double
    public let burst: Double
    private var tokens: Double
    private var last: Double?
    /// Dropped since the last command taken.
    public private(set) var dropped = 0

    public init(perSecond: Double = 10, burst: Double = 20) {
        self.perSecond = perSecond
        self.burst = burst
        tokens = burst
    }

    public enum Verdict: Equatable, Sendable {
        /// Take it; `droppedBefore` were dropped since the last one taken
        /// (say so once).
        case take(droppedBefore: Int)
        /// Drop it; `first` is true for the first of a burst.
        case drop(first: Bool)
    }

    public mutating func offer(at time: Double) -> Verdict {
        if let last { tokens = min(burst, tokens + max(0, time - last) * perSecond) }
        last = time
        guard tokens >= 1 else {
            dropped += 1
            return .drop(first: dropped == 1)
        }
        tokens -= 1
        defer { dropped = 0 }
        return .take(droppedBefore: dropped)
    }
}
