import Foundation
import Gestures

/// A mistake in a touch script, with the file and line to open.
public struct ReplayScriptError: Error, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based line.
    public var line: Int
    public var message: String

    public var description: String { "\(file):\(line): \(message)" }
}

/// The touch script of `trips --replay FILE` and `--record FILE`: a window
/// size, an optional scale and timed input commands, one a line.
///
/// Scripts are written by hand to reproduce a bug, and by `--record`, so the
/// parser names the line and what it expected, and the writer
/// (`serialized()`) writes text this parser reads back to the same script.
///
///     size 1280 800            # window size in points (before the first `at`)
///     scale 2                  # HiDPI scale, pixels per point (optional)
///     at 0    down 1 640 300   # finger 1 touches (x, y) in points, at 0 ms
///     at 16   move 1 640 310
///     at 300  up 1             # also `up 1 X Y`; `cancel 1 [X Y]`
///     at 400  mouse down 640 300     # also: mouse move X Y, mouse up X Y
///     at 500  wheel 0 -1 ctrl 640 300  # wheel DX DY [ctrl] [shift] [alt] [X Y]
///     at 520  pinch begin 640 300        # a touchpad pinch at the pointer (X Y optional)
///     at 536  pinch change 1.25 15 640 300  # SCALE and DEGREES (clockwise) since it began
///     at 552  pinch end        # also `pinch cancel`
///     at 560  scroll 12 0 300 700  # two touchpad fingers scrolled DX DY points [X Y]
///     at 576  scroll stop      # they lifted (`axis_stop`); `scroll hold`, `scroll release`
///     at 600  key ctrl+Q       # SDL key names, e.g. Escape, Return, Left, +
///     at 650  reader click strip:lisbon  # a screen reader's action on an element; `reader focus ID`,
///                                        # `reader set 2.5 big-photo` (a value: the zoom, a clip's position)
///     at 700  state            # print a snapshot
///     at 800  shot out.png     # write the frame as PNG
///     at 900  size 1000 700    # the window was resized to this many points
///
/// A `#` at the start of a line or after a space or tab starts a comment, so
/// a key or file name cannot begin with `#` (`shot a#1.png` is fine).
public struct ReplayScript: Equatable, Sendable {
    /// The window size when a script gives none, as for the app itself.
    public static let defaultSize = CGSize(width: 1280, height: 800)
    public static let sizeRange = 200.0...16384.0
    public static let scaleRange = 0.5...4.0
    public static let fingerRange = 0...255

    /// Window size in points.
    public var size: CGSize
    /// Pixels per point; nil leaves it to the display.
    public var scale: Double?
    /// In time order (never going backwards).
    public var steps: [Step]

    public init(size: CGSize = ReplayScript.defaultSize, scale: Double? = nil, steps: [Step] = []) {
        self.size = size
        self.scale = scale
        self.steps = steps
    }

    /// One `at` line.
    public struct Step: Equatable, Sendable {
        /// Milliseconds from the start of the script.
        public var time: Double
        public var command: Command
        /// The 1-based source line, for messages (0 when not read from text).
        public var line: Int

        public init(time: Double, command: Command, line: Int = 0) {
            self.time = time
            self.command = command
            self.line = line
        }

        public var seconds: Double { time / 1000 }

        /// Equal when time and command are: where a step stood in its file is
        /// for messages, not part of what it says (as with `JSONNode`).
        public static func == (a: Step, b: Step) -> Bool { a.time == b.time && a.command == b.command }
    }

    public enum TouchPhase: String, Equatable, Sendable, CaseIterable { case down, move, up, cancel }
    public enum MousePhase: String, Equatable, Sendable, CaseIterable { case down, move, up }
    public enum PinchPhase: String, Equatable, Sendable, CaseIterable { case begin, change, end, cancel }

    /// Keys held with a wheel turn or a key press: the engine's own.
    public typealias Modifiers = EventModifiers
    /// The script's words for the keys it can hold, in the order they are written.
    public static let modifierWords: [(name: String, modifier: Modifiers)] = [("ctrl", .control), ("shift", .shift), ("alt", .option)]

    public enum Command: Equatable, Sendable {
        /// A finger's touch; `location` nil (only for up and cancel) means
        /// where the finger last was.
        case touch(finger: Int, phase: TouchPhase, location: CGPoint?)
        /// The primary mouse button at a point.
        case mouse(phase: MousePhase, location: CGPoint)
        /// A wheel turn; `location` nil means where the pointer last was.
        case wheel(dx: Double, dy: Double, modifiers: Modifiers, location: CGPoint?)
        /// A touchpad pinch: `scale` and `degrees` (clockwise) since it
        /// began (1 and 0 but for `change`), and how far its fingers' centre
        /// moved since (`pan`, points: the pinch happens there, off the
        /// pointer); `location` nil means where the pointer last was.
        case pinch(phase: PinchPhase, scale: Double, degrees: Double, pan: CGSize = .zero, location: CGPoint?)
        /// A touchpad's two-finger scroll by `dx`, `dy` points (0 but for
        /// the `scroll` phase); `location` nil means where the pointer last was.
        case scroll(phase: TouchpadScroll.Phase, dx: Double, dy: Double, location: CGPoint?)
        /// A key by its SDL name ("Escape", "Return", "Q", "+").
        case key(name: String, modifiers: Modifiers)
        /// A screen reader's action on the element with this id (as
        /// `--record` writes a reader's click or focus).
        case reader(ReaderAction)
        /// A command from the kiosk's broker, or the fleet's settings (as
        /// `--record` writes what came over MQTT).
        case remote(RemoteCommand)
        /// Folders or photos dropped on the window, at once.
        case drop(paths: [String])
        /// SIGUSR1 (wake) or SIGUSR2 (sleep).
        case power(PowerRequest)
        /// Print a snapshot of the app's state.
        case state
        /// Write the frame as PNG to this path.
        case shot(path: String)
        /// The window now has this size in points, as when a compositor
        /// resizes it: a recording says so, and a replay lays out anew.
        case resize(size: CGSize)
    }
}
