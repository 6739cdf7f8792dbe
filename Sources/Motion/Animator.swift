/// Owns every running animation and moves them on a fixed timestep.
///
/// The loop calls `advance(to:)` once per frame with its own clock (seconds;
/// nothing here reads the wall clock). The animator runs whole steps of
/// `1 / rate` seconds, each the exact closed-form solution from the current
/// state, so what moves does not depend on the frame rate; rendering then
/// reads `Animated.presentationValue`, interpolated by `alpha` between the
/// last two steps.
///
/// Changes animate the SwiftUI way: `withAnimation(.smooth) { model.x.value = 10 }`
/// animates, the same assignment outside jumps. The animator, not a global,
/// holds the current transaction, so two animators never interfere.
///
/// Not thread-safe: use it from the one thread that runs the loop.
///
///     let animator = Animator()                        // 120 Hz
///     let offset = Animated(CGPoint.zero, animator: animator)
///     offset.value = fingerPosition                    // during a drag: jumps
///     offset.animate(to: .zero, with: .snappy,         // finger lifts: springs
///                    initialVelocity: dragVelocity)    //   back at its speed
///     animator.withAnimation(.smooth) { frame.value = fullScreen }
///     animator.advance(to: now)                        // once a frame
///     draw(offset.presentationValue)
///     if !animator.isAnimating { sleepUntilNextEvent() }
public final class Animator {
    private var clock: FixedTimestep
    var bank = SpringBank()
    private var settled: [any SpringBankOwner] = []
    private var restingIndices: [Int] = []
    /// Completions of the `withAnimation` blocks in progress, innermost last.
    private var completionScopes: [AnimationCompletion] = []
    /// Set when an animation starts from idle: the next `advance(to:)` must
    /// not count the idle time, which is sleep, as time to animate.
    private var resumingFromIdle = false
    /// True while completions run: they may start animations but not step.
    private var runningCallbacks = false

    /// The transaction changes are made in: the one given to the innermost
    /// `withTransaction`/`withAnimation` in progress, else one with no
    /// animation (changes jump).
    public private(set) var transaction = Transaction()

    /// How many fixed steps have run since the animator was made.
    public private(set) var stepCount = 0

    /// - Parameters:
    ///   - rate: steps per second (120 by default).
    ///   - maximumFrameTime: the most time one frame may simulate; a longer
    ///     stall (a debugger, a suspended machine) is dropped rather than
    ///     caught up in a burst of steps.
    public init(rate: Double = 120, maximumFrameTime: Double = 0.25) {
        clock = FixedTimestep(rate: rate, maximumFrameTime: maximumFrameTime)
        settled.reserveCapacity(64)
        restingIndices.reserveCapacity(64)
    }

    /// The fixed step, in seconds.
    public var step: Double { clock.step }

    /// The fraction of a step banked since the last step (0 ≤ alpha < 1),
    /// by which presentation values are interpolated.
    public var alpha: Double { clock.alpha }

    /// Whether anything is moving. When false the loop may sleep until the
    /// next event: nothing will change until a property is set.
    public var isAnimating: Bool { bank.count > 0 }

    /// How many properties are moving.
    public var runningCount: Int { bank.count }

    // MARK: Time

    /// Advances to the caller's time `now` (seconds, any origin): runs the
    /// whole steps due, fires completions of what came to rest, and returns
    /// the frame (steps run, alpha). While nothing animates it only follows
    /// the time. A gap longer than `maximumFrameTime` is cut to it; right
    /// after an animation started from idle such a gap is taken to be sleep
    /// and not simulated at all.
    @discardableResult
    public func advance(to now: Double) -> FixedTimestep.Frame {
        if !isAnimating {
            clock.discardBankedTime()
            _ = clock.advance(to: now)
            clock.discardBankedTime()
            return FixedTimestep.Frame(steps: 0, alpha: 0, clamped: false)
        }
        if resumingFromIdle {
            resumingFromIdle = false
            if let last = clock.lastTime, !(now - last <= clock.maximumFrameTime) {
                clock.reset()
            }
        }
        return run(clock.advance(to: now))
    }

    /// Advances by `elapsed` seconds; the same as `advance(to:)` for a caller
    /// that measures frame durations rather than times.
    @discardableResult
    public func advance(by elapsed: Double) -> FixedTimestep.Frame {
        var elapsed = isAnimating ? elapsed : 0
        if resumingFromIdle {
            resumingFromIdle = false
            if !(elapsed <= clock.maximumFrameTime) { elapsed = 0 }
        }
        return run(clock.advance(by: elapsed))
    }

    /// Runs `count` fixed steps of `step` seconds now, for a loop that keeps
    /// its own `FixedTimestep` (with the same rate) and calls this once per
    /// step it is due. Such a loop passes its own alpha to
    /// `Animated.presentationValue(alpha:)`. Stops early once nothing moves.
    /// Completions may start animations, but not advance the animator.
    public func runSteps(_ count: Int = 1) {
        precondition(!runningCallbacks, "Animator: do not advance the animator from an animation's completion")
        for _ in 0..<max(0, count) where isAnimating {
            stepCount += 1
            bank.step(settled: &settled, restingIndices: &restingIndices)
            if !settled.isEmpty { finishSettled() }
        }
    }

    private func run(_ frame: FixedTimestep.Frame) -> FixedTimestep.Frame {
        runSteps(frame.steps)
        if !isAnimating { clock.discardBankedTime() }
        return FixedTimestep.Frame(steps: frame.steps, alpha: alpha, clamped: frame.clamped)
    }

    /// Settles everything that came to rest, then runs callbacks. In two
    /// passes, so a callback that restarts a property settled in the same
    /// step is not undone by that property's own settling afterwards.
    private func finishSettled() {
        runningCallbacks = true
        defer { runningCallbacks = false }
        for owner in settled { owner.settle() }
        for owner in settled { owner.notifyRest() }
        settled.removeAll(keepingCapacity: true)
    }

    // MARK: Transactions

    /// Runs `body` with `transaction` as the current one: properties set in
    /// `body` animate with its animation, or jump if it has none.
    public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
        let outer = self.transaction
        self.transaction = transaction
        defer { self.transaction = outer }
        return try body()
    }

    /// SwiftUI's `withAnimation`: properties set in `body` animate with
    /// `animation` (`.default` unless given; nil makes them jump).
    public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
        try withTransaction(Transaction(animation: animation), body)
    }

    /// `withAnimation` with a completion, called once every property set in
    /// `body` has come to rest or been made to jump (at once if `body`
    /// started nothing). A property retargeted by a later change finishes
    /// this animation when it finishes the later one.
    public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result,
                                      completion: @escaping () -> Void) rethrows -> Result {
        let scope = AnimationCompletion(completion)
        completionScopes.append(scope)
        defer {
            completionScopes.removeLast()
            scope.close()
        }
        return try withAnimation(animation, body)
    }

    /// The completion scope a change made now belongs to, if any.
    var currentCompletion: AnimationCompletion? { completionScopes.last }

    // MARK: Running springs (for Animated)

    func start(_ slot: SpringSlot, owner: any SpringBankOwner) {
        if !isAnimating { resumingFromIdle = true }
        bank.insert(slot, owner: owner)
    }

    func stop(_ owner: any SpringBankOwner) {
        bank.remove(owner)
        if !isAnimating { clock.discardBankedTime() }
    }
}

/// A completion shared by everything one `withAnimation` started: it runs
/// when the block has ended and the last of those animations has finished.
final class AnimationCompletion {
    private var action: (() -> Void)?
    private var pending = 0
    private var open = true

    init(_ action: @escaping () -> Void) { self.action = action }

    func begin() { pending += 1 }

    func end() {
        pending -= 1
        fireIfDone()
    }

    func close() {
        open = false
        fireIfDone()
    }

    private func fireIfDone() {
        guard !open, pending <= 0, let action else { return }
        self.action = nil
        action()
    }
}
