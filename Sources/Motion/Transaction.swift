/// SwiftUI's `Transaction`: the context of one change to state, saying
/// whether the change animates and how. A change made with an animation
/// animates; a change made with none (or with `disablesAnimations`) jumps.
///
/// There is no global "current transaction": `Animator.withAnimation` and
/// `Animator.withTransaction` set the animator's `transaction` for the
/// duration of their closure, and gestures hand a `Transaction` around
/// explicitly (`GestureState(resetTransaction:)`, `updating`'s inout
/// parameter).
public struct Transaction: Sendable, Equatable {
    /// The animation for changes made in this transaction; nil means jump.
    public var animation: Animation?
    /// When true, changes jump even if `animation` is set (as in SwiftUI,
    /// where it suppresses implicit animations).
    public var disablesAnimations: Bool
    /// True while the change is part of a continuous interaction, such as a
    /// drag in progress (SwiftUI's `isContinuous`).
    public var isContinuous: Bool

    public init(animation: Animation? = nil) {
        self.animation = animation
        self.disablesAnimations = false
        self.isContinuous = false
    }

    /// The animation that applies: nil when animations are disabled.
    public var effectiveAnimation: Animation? {
        disablesAnimations ? nil : animation
    }
}
