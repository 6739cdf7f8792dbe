/// One animatable property of the app's model (an offset, a scale, the big
/// photo's frame), moved by its animator's springs.
///
/// Set `value` and it animates with the animator's current transaction
/// (inside `animator.withAnimation { }`) or jumps (outside), as a SwiftUI
/// state change does. Rendering reads `presentationValue`, which lags behind
/// `value` while a spring runs. Setting a new value while one runs retargets
/// it from where it is, at the speed it has: no jump, no kink. Passing
/// `initialVelocity` replaces that speed, e.g. with a finger's velocity when
/// it lifts (velocity handoff).
///
/// Bad input never reaches the screen: a target with a NaN or infinite
/// component is ignored (the property keeps its target and motion), and a
/// non-finite `initialVelocity` counts as zero.
///
/// A running property is kept alive by its animator until it rests. The
/// property does not keep its animator alive (whoever made the animator
/// owns it and must keep it while its properties are used): a property
/// running when its owner drops everything would otherwise keep itself and
/// the animator alive for good, a cycle.
public final class Animated<Value: VectorArithmetic>: SpringBankOwner {
    /// The animator that moves this property.
    public unowned let animator: Animator
    /// Distance from the target, in value units, under which (together with
    /// a speed under `restThreshold` × the spring's angular frequency) the
    /// property is at rest and lands exactly on its target.
    public let restThreshold: Double

    /// The value the property is going to: the model value.
    public private(set) var target: Value
    /// Displacement from target and velocity when the running spring started
    /// or was last retargeted; the bank's slot scales these.
    private var startDisplacement = Value.zero
    private var startVelocity = Value.zero
    /// The step at which the spring was last (re)started, and the value drawn
    /// at the previous step then: until the next step, interpolation runs
    /// from there, so a retarget between frames does not jump.
    private var restartStep = Int.min
    private var restartPrevious = Value.zero
    private var completions: [() -> Void] = []
    private var completionScopes: [AnimationCompletion] = []
    /// Those of a run that has come to rest, until they are called.
    private var finishedCompletions: [() -> Void] = []
    private var finishedScopes: [AnimationCompletion] = []
    var slot: Int?

    /// - Parameters:
    ///   - value: the starting value; a non-finite one is replaced by zero.
    ///   - restThreshold: the distance from target counted as arrived, in
    ///     value units: 0.1 suits points (a tenth of a pixel); use about
    ///     0.001 for scales and angles in radians. Must be positive.
    public init(_ value: Value, animator: Animator, restThreshold: Double = 0.1) {
        precondition(restThreshold.isFinite && restThreshold > 0,
                     "Animated: restThreshold must be a positive distance in value units, got \(restThreshold)")
        self.animator = animator
        self.restThreshold = restThreshold
        self.target = value.isFiniteVector ? value : .zero
    }

    /// The model value. Setting it animates with the animator's current
    /// transaction, or jumps if that has no animation.
    public var value: Value {
        get { target }
        set { set(newValue, transaction: animator.transaction) }
    }

    /// Whether a spring is moving this property.
    public var isAnimating: Bool { slot != nil }

    /// Sets the target: animated if `transaction` has an (enabled)
    /// animation, else a jump. `initialVelocity` (value units per second)
    /// replaces the current velocity; nil keeps it. `completion` runs when
    /// the property comes to rest, or at once for a jump.
    public func set(_ newValue: Value, transaction: Transaction, initialVelocity: Value? = nil,
                    completion: (() -> Void)? = nil) {
        if let animation = transaction.effectiveAnimation {
            animate(to: newValue, with: animation, initialVelocity: initialVelocity, completion: completion)
        } else {
            jump(to: newValue)
            completion?()
        }
    }

    /// Springs to `newTarget` with `animation`, from the current value, at
    /// `initialVelocity` (value units per second) if given or else at the
    /// current velocity. Completions wait for rest (see `set`).
    public func animate(to newTarget: Value, with animation: Animation, initialVelocity: Value? = nil,
                        completion: (() -> Void)? = nil) {
        // Nothing to do for a non-finite target, or for the target a resting
        // property already has (SwiftUI animates changes only).
        guard newTarget.isFiniteVector, isAnimating || newTarget != target || initialVelocity != nil else {
            completion?()
            return
        }
        let current = currentValue
        let previous = presentationValue(alpha: 0)
        var velocity = initialVelocity ?? self.velocity
        if !velocity.isFiniteVector { velocity = .zero }

        target = newTarget
        startDisplacement = current - newTarget
        startVelocity = velocity
        restartStep = animator.stepCount
        restartPrevious = previous

        let spring = animation.spring
        let restSpeed = restThreshold * spring.angularFrequency
        let state = SpringSlot(kernel: SpringKernel(spring: spring, time: animator.step),
                               start: Gram(displacement: startDisplacement, velocity: startVelocity),
                               restDistanceSquared: restThreshold * restThreshold,
                               restSpeedSquared: restSpeed * restSpeed)
        if let slot {
            animator.bank[slot] = state
        } else {
            animator.start(state, owner: self)
        }
        if let completion { completions.append(completion) }
        if let scope = animator.currentCompletion, !completionScopes.contains(where: { $0 === scope }) {
            scope.begin()
            completionScopes.append(scope)
        }
    }

    /// Moves to `newTarget` at once, stopping any spring (whose completions
    /// then run). A non-finite target is ignored.
    public func jump(to newTarget: Value) {
        guard newTarget.isFiniteVector else { return }
        target = newTarget
        if slot != nil {
            animator.stop(self)
            settle()
            notifyRest()
        }
    }

    /// Stops the spring where it is drawn, as a finger catching a moving
    /// photo does: the presentation value at `alpha` (by default the
    /// animator's own) becomes the target.
    public func stop(alpha: Double? = nil) {
        jump(to: presentationValue(alpha: alpha ?? animator.alpha))
    }

    /// The value at the latest step.
    public var currentValue: Value {
        guard let slot else { return target }
        let state = animator.bank[slot]
        return value(p: state.p, q: state.q)
    }

    /// The velocity at the latest step, in value units per second.
    public var velocity: Value {
        guard let slot else { return .zero }
        let state = animator.bank[slot]
        return startDisplacement.scaled(by: state.r) + startVelocity.scaled(by: state.s)
    }

    /// What to draw: the value `alpha` of the way (clamped to 0...1) from the
    /// previous step to the latest one.
    public func presentationValue(alpha: Double) -> Value {
        guard let slot else { return target }
        let alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
        let state = animator.bank[slot]
        if animator.stepCount == restartStep {
            // Not stepped since the last (re)start: the previous step was
            // drawn under the old spring.
            return restartPrevious.interpolated(towards: value(p: state.p, q: state.q), amount: alpha)
        }
        // Interpolating the weights is interpolating the values, for less work.
        return value(p: state.previousP + (state.p - state.previousP) * alpha,
                     q: state.previousQ + (state.q - state.previousQ) * alpha)
    }

    /// The value of the running spring where the bank's weights are `p` and
    /// `q`: target + x₀·p + v₀·q.
    private func value(p: Double, q: Double) -> Value {
        target + startDisplacement.scaled(by: p) + startVelocity.scaled(by: q)
    }

    /// What to draw now: `presentationValue(alpha: animator.alpha)`.
    public var presentationValue: Value { presentationValue(alpha: animator.alpha) }

    func settle() {
        startDisplacement = .zero
        startVelocity = .zero
        finishedCompletions += completions
        finishedScopes += completionScopes
        completions = []
        completionScopes = []
    }

    func notifyRest() {
        let calls = finishedCompletions
        let scopes = finishedScopes
        finishedCompletions = []
        finishedScopes = []
        for completion in calls { completion() }
        for scope in scopes { scope.end() }
    }
}
