import Foundation

/// One attached gesture's recognizer during one interaction, as a member of
/// the arenas of the pointers it took.
final class Member {
    enum State {
        /// Undecided; may report pre-recognition values (a press's `true`).
        case competing
        /// Recognised, but something ranked above it (or a tap with more
        /// taps holding the arena) is still undecided: its callbacks wait.
        case pending
        /// Recognised and acting; its competitors were rejected.
        case won
        /// Finished (ended, failed or rejected); kept only while it still
        /// wants pointer events (a long press reporting "pressing false").
        case done
    }

    let key: AttachmentKey
    let root: _AnyRecognizer
    /// The attached gesture's type, named only by the arena's trace.
    let gestureType: Any.Type
    /// Attached with `simultaneousGesture`: competes with nothing.
    let simultaneous: Bool
    /// Fingers and the mouse, or a touchpad pinch or Ctrl+wheel session.
    let source: ArenaVerdict.Source
    /// Created for a touchpad pinch or Ctrl+wheel session (no pointers).
    var isIndirect: Bool { source != .pointer }
    var state = State.competing
    var arenas: [PointerArena] = []
    var needsDelivery = false

    init(_ entry: HitEntry, _ configuration: GestureEngine.Configuration, source: ArenaVerdict.Source) {
        key = entry.key
        root = entry.attachment.make(entry.context(configuration))
        gestureType = entry.attachment.gestureType
        simultaneous = entry.simultaneous
        self.source = source
    }

    var isUndecided: Bool { state == .competing || state == .pending }
    var hasPointerDown: Bool { arenas.contains { $0.isDown } }
    /// "node[attachment] GestureType", for the trace.
    var name: String { "\(key.node)[\(key.index)] \(gestureType)" }
}

/// The members competing for one pointer (or one touchpad session), in
/// precedence order. It outlives its pointer while members in it still wait
/// (a tap waiting for a double tap).
final class PointerArena {
    var members: [Member] = []
    var isDown = true
}
