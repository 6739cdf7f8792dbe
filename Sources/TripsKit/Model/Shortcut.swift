/// Every key the Overview and the playground act on, and what each does,
/// in one table: the keyboard handler takes no key that is not in it, and
/// the shortcuts overlay (F1, "?") is drawn from it, so the overlay cannot
/// go stale (docs/BEHAVIOUR.md, "Keyboard and accessibility").
public struct Shortcut: Equatable, Sendable {
    /// A key, with Ctrl, Shift and Alt held or not.
    public struct Chord: Hashable, Sendable {
        public let key: Key
        public let ctrl: Bool
        public let shift: Bool
        public let alt: Bool
        public init(_ key: Key, ctrl: Bool = false, shift: Bool = false, alt: Bool = false) {
            self.key = key
            self.ctrl = ctrl
            self.shift = shift
            self.alt = alt
        }

        /// As the overlay shows it: "Ctrl+Q", "Ctrl+Shift+R", "Alt+Return", "Escape", "?".
        public var name: String { (ctrl ? "Ctrl+" : "") + (shift ? "Shift+" : "") + (alt ? "Alt+" : "") + key.name }
    }

    public let chords: [Chord]
    /// What it does, in the UI's words.
    public let what: Message

    init(_ keys: [Key], ctrl: Bool = false, _ what: Message) {
        chords = keys.map { Chord($0, ctrl: ctrl) }
        self.what = what
    }

    init(chords: [Chord], _ what: Message) {
        self.chords = chords
        self.what = what
    }

    /// The keys as the overlay lists them: "+, =, Keypad +".
    public var keysText: String { chords.map(\.name).joined(separator: ", ") }

    /// The table, in the overlay's order.
    public static let all: [Shortcut] = [
        Shortcut([.tab, .left, .right, .up, .down], .shortcutFocus),
        Shortcut([.returnKey, .space, .keypadEnter], .shortcutOpen),
        Shortcut([.escape], .shortcutClose),
        Shortcut([.left, .right], .shortcutPage),
        Shortcut([.home, .end], .shortcutFirstLast),
        Shortcut([.pageUp, .pageDown], .shortcutTrips),
        Shortcut([.plus, .equals, .keypadPlus], .shortcutZoomIn),
        Shortcut([.minus, .keypadMinus], .shortcutZoomOut),
        Shortcut([.zero, .keypadZero], .shortcutZoomReset),
        Shortcut([.f], .shortcutWhole),
        Shortcut([.left, .right], ctrl: true, .shortcutMoveTrip),
        Shortcut([.delete], .shortcutTrash),
        Shortcut(chords: [Chord(.delete, shift: true)], .shortcutDeleteForGood),
        Shortcut([.z], ctrl: true, .shortcutUndo),
        Shortcut(chords: [Chord(.r, ctrl: true)], .shortcutTurnClockwise),
        Shortcut(chords: [Chord(.r, ctrl: true, shift: true)], .shortcutTurnCounterClockwise),
        Shortcut(chords: [Chord(.returnKey, alt: true), Chord(.i)], .shortcutProperties),
        Shortcut([.c], ctrl: true, .shortcutCopy),
        Shortcut([.k], .shortcutPlayPause),
        Shortcut([.j, .l], .shortcutSeek),
        Shortcut([.m], .shortcutSound),
        Shortcut([.f11], .shortcutFullscreen),
        Shortcut(chords: [Chord(.f1), Chord(.question), Chord(.question, ctrl: true)], .shortcutOverlay),
        Shortcut([.q], ctrl: true, .shortcutQuit),
    ]

    /// Whether the table has `key` (with Ctrl or not): the handler's gate.
    /// Shift and Alt are told apart only where the table names them
    /// (Ctrl+Shift+R, Alt+Return): elsewhere Shift is how a layout types
    /// the key ("+" is Shift+= on many), and Alt is not looked at.
    public static func handles(_ key: Key, ctrl: Bool, shift: Bool = false, alt: Bool = false) -> Bool {
        let chords = allChords
        return chords.contains(Chord(key, ctrl: ctrl, shift: shift, alt: alt)) || (alt && chords.contains(Chord(key, ctrl: ctrl, shift: shift)))
            || (shift && chords.contains(Chord(key, ctrl: ctrl, alt: alt))) || ((shift || alt) && chords.contains(Chord(key, ctrl: ctrl)))
    }

    /// Every chord of the table, looked up once a key.
    private static let allChords = Set(all.flatMap(\.chords))
}
