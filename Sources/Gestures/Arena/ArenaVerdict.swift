import Foundation

/// Why a recognizer won, waits or lost: what `GestureEngine.arenaTrace` is
/// told each time the arena decides something about one (docs/GESTURES.md,
/// "How the engine decides"). For finding out why a gesture did not fire.
public struct ArenaVerdict: Sendable, Hashable, CustomStringConvertible {
    public enum Outcome: Sendable, Hashable { case won, waiting, lost }

    /// What drove the recognizer: fingers or the mouse, a touchpad pinch the
    /// platform recognised (no fingers, only a scale and an angle), or a
    /// Ctrl+wheel zoom. The sources follow the same rules; the trace names
    /// them so a touchpad gesture that won says so.
    public enum Source: Sendable, Hashable {
        case pointer, touchpad, wheel
    }

    public enum Reason: Sendable, Hashable {
        /// Won: it recognised, and nothing ranked above it was undecided.
        case recognized
        /// Won: attached with `simultaneousGesture`, it competes with none.
        case simultaneous
        /// Waiting: it recognised, but `other`, ranked above it, is undecided.
        case rankedBelowUndecided
        /// Waiting: `other` is a tap with more taps that may still complete (rule 1).
        case moreTapsMayFollow
        /// Lost: it failed by itself (moved too far, lifted too early, ...).
        case failed
        /// Lost: `other` won a pointer they shared.
        case beaten
        /// Lost: its touch was cancelled, or the engine was told to cancel all.
        case cancelled
        /// Lost: no finger left, no deadline, no verdict: it could never finish.
        case stranded
        /// Lost: the touchpad pinch or Ctrl+wheel session ended and it had
        /// neither ended nor failed by itself (the built-in gestures do one
        /// or the other, so this is a safety net).
        case sessionEnded
    }

    /// "node[attachment] GestureType" of the recognizer decided about.
    public var gesture: String
    public var outcome: Outcome
    public var reason: Reason
    /// The gesture it lost to or waits for, if another is the reason.
    public var other: String?
    public var source: Source = .pointer

    public var description: String {
        let why: String
        switch reason {
        case .recognized: why = "recognised, nothing above it undecided"
        case .simultaneous: why = "recognised, simultaneous: competes with none"
        case .rankedBelowUndecided: why = "recognised, but ranked below undecided \(other ?? "?")"
        case .moreTapsMayFollow: why = "recognised, but \(other ?? "?") may still get its taps"
        case .failed: why = "failed by itself"
        case .beaten: why = "beaten by \(other ?? "?")"
        case .cancelled: why = "cancelled"
        case .stranded: why = "no finger left and nothing to wait for"
        case .sessionEnded: why = "the pinch or wheel session ended first"
        }
        let by: String
        switch source {
        case .pointer: by = ""
        case .touchpad: by = " (touchpad pinch)"
        case .wheel: by = " (Ctrl+wheel zoom)"
        }
        return "\(gesture) \(outcome)\(by): \(why)"
    }
}
