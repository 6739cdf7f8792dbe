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
    /// Attached with `simultaneousGesture`: competes with nothing.
    let simultaneous: Bool
    /// Created for a touchpad pinch or Ctrl+wheel session.
    let isIndirect: Bool
    var state = State.competing
    var arenas: [Arena] = []
    var needsDelivery = false

    init(key: AttachmentKey, root: _AnyRecognizer, simultaneous: Bool, isIndirect: Bool) {
        self.key = key
        self.root = root
        self.simultaneous = simultaneous
        self.isIndirect = isIndirect
    }

    var isUndecided: Bool { state == .competing || state == .pending }
    var hasPointerDown: Bool { arenas.contains { $0.isDown } }
}

/// The members competing for one pointer, in precedence order (Flutter's
/// gesture arena, with SwiftUI's precedence). The arena outlives its
/// pointer while members in it still wait (a tap waiting for a double tap).
final class Arena {
    var members: [Member] = []
    var isDown = true
}
