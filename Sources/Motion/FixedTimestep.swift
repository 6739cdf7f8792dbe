/// The accumulator of Glenn Fiedler's "Fix Your Timestep!": real frame time is
/// banked and spent in whole simulation steps of a fixed size, so the
/// simulation gives the same result at any frame rate; what is left over is the
/// fraction by which rendering interpolates between the last two states.
///
/// The clock is passed in (`advance(to:)` takes the caller's time in seconds):
/// nothing here reads the wall clock, so tests drive it with exact numbers.
public struct FixedTimestep: Sendable, Equatable {
    /// One simulation step, in seconds (1/120 s by default).
    public let step: Double
    /// The longest frame the accumulator will bank. A stall longer than this
    /// (a debugger pause, a suspended laptop) is dropped instead of being
    /// caught up in a burst of steps: the spiral of death.
    public let maximumFrameTime: Double
    /// Time banked but not yet spent on a step, in seconds; always below `step`
    /// after `advance`.
    public private(set) var accumulator: Double = 0
    /// The time of the previous `advance(to:)`, or nil before the first.
    public private(set) var lastTime: Double?

    /// What one frame has to do: run `steps` fixed steps, then render with
    /// `alpha` (0 ≤ alpha < 1), the fraction of a step that is banked.
    public struct Frame: Sendable, Equatable {
        public var steps: Int
        public var alpha: Double
        /// True when the frame time was cut to `maximumFrameTime`.
        public var clamped: Bool
    }

    /// - Parameters:
    ///   - rate: steps per second; must be positive and finite.
    ///   - maximumFrameTime: the most real time one frame may bank (0.25 s by
    ///     default, so at 120 Hz a frame never runs more than 30 steps).
    public init(rate: Double = 120, maximumFrameTime: Double = 0.25) {
        precondition(rate.isFinite && rate > 0, "FixedTimestep: rate must be a positive number of steps per second, got \(rate)")
        precondition(maximumFrameTime.isFinite && maximumFrameTime > 0,
                     "FixedTimestep: maximumFrameTime must be positive seconds, got \(maximumFrameTime)")
        self.step = 1 / rate
        self.maximumFrameTime = maximumFrameTime
    }

    /// Banks the time since the previous call and says how many steps to run.
    /// The first call only sets the reference time. A clock that goes
    /// backwards, or a non-finite time, banks nothing.
    public mutating func advance(to now: Double) -> Frame {
        defer { if now.isFinite { lastTime = max(now, lastTime ?? now) } }
        guard let last = lastTime, now.isFinite else { return Frame(steps: 0, alpha: alpha, clamped: false) }
        return advance(by: now - last)
    }

    /// Banks `elapsed` seconds (negative or non-finite counts as zero) and says
    /// how many steps to run.
    public mutating func advance(by elapsed: Double) -> Frame {
        var frameTime = elapsed.isFinite ? max(0, elapsed) : 0
        let clamped = frameTime > maximumFrameTime
        if clamped { frameTime = maximumFrameTime }
        accumulator += frameTime
        // Spend whole steps; the small tolerance keeps 1/120 + 1/120 from
        // leaving 0.0166666…7 short of two steps through rounding.
        let tolerance = step * 1e-9
        var steps = 0
        while accumulator + tolerance >= step {
            accumulator -= step
            steps += 1
        }
        if accumulator < 0 { accumulator = 0 }
        return Frame(steps: steps, alpha: alpha, clamped: clamped)
    }

    /// The fraction of a step banked, for interpolating what is drawn.
    public var alpha: Double { accumulator / step }

    /// Forgets the banked time but keeps the reference time: used when
    /// nothing is left to simulate, so a fraction of a step left over from
    /// the last animation does not leak into the next one.
    public mutating func discardBankedTime() {
        accumulator = 0
    }

    /// Forgets the banked time and the reference time, as after the loop
    /// slept: the next `advance(to:)` starts afresh instead of counting the
    /// idle time as time to simulate.
    public mutating func reset() {
        accumulator = 0
        lastTime = nil
    }
}
