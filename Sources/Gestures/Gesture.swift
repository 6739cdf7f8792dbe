import Foundation
import Motion

/// A description of a gesture, as in SwiftUI: a small value composed with
/// modifiers (`onChanged`, `onEnded`, `updating`, `map`) and combinators
/// (`simultaneously`, `sequenced`, `exclusively`), then attached to a
/// `GestureNode`. The engine instantiates a recognizer from it for each
/// interaction, so a description can be attached, copied and rebuilt freely.
///
/// The underscored requirements are the engine's: conform through the
/// library's gestures (or `AnyGesture`), not directly.
public protocol Gesture<Value> {
    /// What the gesture reports while it changes and when it ends.
    associatedtype Value
    /// Builds the runtime recognizer for one interaction.
    func _makeRecognizer(_ context: _GestureContext) -> _Recognizer<Value>
    /// What the arena and the hit tester need to know before any event.
    var _traits: _GestureTraits { get }
}

/// Static facts about a gesture tree, read when it is attached.
public struct _GestureTraits: Sendable, Hashable {
    /// It contains a drag that can start with the first movement (not after
    /// a long press): a scroll container yields its area to it (rule 19).
    public var startsDragImmediately = false
    /// It contains a magnify or rotate gesture, so touchpad pinches and
    /// Ctrl+wheel zooms are offered to it.
    public var handlesPinch = false
    public init(startsDragImmediately: Bool = false, handlesPinch: Bool = false) {
        self.startsDragImmediately = startsDragImmediately
        self.handlesPinch = handlesPinch
    }
    static func | (l: _GestureTraits, r: _GestureTraits) -> _GestureTraits {
        _GestureTraits(startsDragImmediately: l.startsDragImmediately || r.startsDragImmediately, handlesPinch: l.handlesPinch || r.handlesPinch)
    }
}

/// Where a recognizer is in its life. `possible` until it recognises;
/// `active` while a continuous gesture changes; `ended` once it succeeded;
/// `failed` when it failed or was cancelled.
public enum _GesturePhase: UInt8, Sendable {
    case possible, active, ended, failed
    var isTerminal: Bool { self == .ended || self == .failed }
}

/// What a recognizer is told about the node it is attached to, computed once
/// per interaction at touch-down: the hot path then converts a window point
/// with one affine map and never walks the tree.
public struct _GestureContext {
    /// Window points to the node's own coordinates (frame origin, offset,
    /// scale and rotation undone).
    var toLocal: Transform2D
    /// The node's size, for `UnitPoint` anchors.
    var size: CGSize
    /// Ancestors (and the node) that named their coordinate space.
    var namedSpaces: [(String, Transform2D)]
    var configuration: GestureEngine.Configuration

    func transform(for space: CoordinateSpace) -> Transform2D {
        switch space {
        case .local: return toLocal
        case .global: return .identity
        case .named(let name):
            // The nearest ancestor of that name; an unknown name reads as the
            // window, as SwiftUI does.
            for (n, t) in namedSpaces where n == name { return t }
            return .identity
        }
    }
}

/// The runtime side of a gesture for one interaction. Internal protocol in
/// class form: each node handles the pointer events of the pointers it took
/// (`offer`), keeps `phase`, `value` and a `version` that changes with the
/// value, and runs its callbacks only in `deliver()`, which the arena calls
/// when the gesture may act (so a tap waiting for a double tap does not fire).
public class _AnyRecognizer {
    final var phase: _GesturePhase = .possible
    /// Bumped whenever `value` changes; callbacks compare versions.
    final var version: UInt64 = 0

    init() {}

    /// A pointer goes down on the node (or the gesture starts a stage while
    /// it is down). Returns whether this recognizer tracks it.
    func offer(_ id: PointerID, _ location: CGPoint, _ time: Double) -> Bool { false }
    func move(_ id: PointerID, _ location: CGPoint, _ time: Double) {}
    func lift(_ id: PointerID, _ location: CGPoint, _ time: Double) {}
    /// Time passes without events; fire any deadline at or before `time`.
    func advance(to time: Double) {}
    /// A touchpad pinch or Ctrl+wheel session. Gestures without a pinch side
    /// have no fingers in such a session and fail when it ends.
    func indirect(_ input: IndirectInput) {
        if input.phase == .ended && phase == .possible { phase = .failed }
    }
    /// The earliest time `advance` has something to do, or infinity.
    var deadline: Double { .infinity }
    /// A tap of this count is still waiting for its taps: lesser taps in the
    /// same arena may not fire yet (rule 1). Zero when not holding.
    var holdCount: Int { 0 }
    /// The tap count of a tap-like success (1 for a single tap, which only
    /// wins if nothing ranked above it is still undecided); 0 for others.
    var claimTapCount: Int { 0 }
    /// Lost a finger it still needs (a pinch down to one finger): the next
    /// finger to land joins it wherever it lands.
    var seeksPointer: Bool { false }
    /// Needs pointer events after it ended (a long press reports "pressing
    /// false" when the finger lifts).
    var wantsEventsAfterEnd: Bool { false }
    /// Fails the subtree (arena rejection, touch cancel) without callbacks.
    /// Also a recognizer that ended but was never granted the win (a tap
    /// waiting behind a double tap): its success must not be reported.
    func markFailed() { phase = .failed }
    /// Runs callbacks for what changed since the last delivery; resets
    /// gesture states of subtrees that finished.
    func deliver() {}
    /// Arena rejection or cancel: fail, then reset states (no `onEnded`).
    final func cancel() {
        markFailed()
        deliver()
    }
}

/// A recognizer with a typed value.
public class _Recognizer<Value>: _AnyRecognizer {
    final var value: Value?
}
