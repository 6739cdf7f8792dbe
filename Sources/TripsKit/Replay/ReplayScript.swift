import Foundation
import JSON

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

    /// Keys held with a wheel turn or a key press.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let ctrl = Modifiers(rawValue: 1)
        public static let shift = Modifiers(rawValue: 2)
        public static let alt = Modifiers(rawValue: 4)

        /// The script's words, in the order they are written.
        public static let named: [(name: String, modifier: Modifiers)] = [("ctrl", .ctrl), ("shift", .shift), ("alt", .alt)]
    }

    public enum Command: Equatable, Sendable {
        /// A finger's touch; `location` nil (only for up and cancel) means
        /// where the finger last was.
        case touch(finger: Int, phase: TouchPhase, location: CGPoint?)
        /// The primary mouse button at a point.
        case mouse(phase: MousePhase, location: CGPoint)
        /// A wheel turn; `location` nil means where the pointer last was.
        case wheel(dx: Double, dy: Double, modifiers: Modifiers, location: CGPoint?)
        /// A touchpad pinch: `scale` and `degrees` (clockwise) since it
        /// began (1 and 0 but for `change`); `location` nil means where the
        /// pointer last was.
        case pinch(phase: PinchPhase, scale: Double, degrees: Double, location: CGPoint?)
        /// A touchpad's two-finger scroll by `dx`, `dy` points (0 but for
        /// the `scroll` phase); `location` nil means where the pointer last was.
        case scroll(phase: TouchpadScroll.Phase, dx: Double, dy: Double, location: CGPoint?)
        /// A key by its SDL name ("Escape", "Return", "Q", "+").
        case key(name: String, modifiers: Modifiers)
        /// Print a snapshot of the app's state.
        case state
        /// Write the frame as PNG to this path.
        case shot(path: String)
        /// The window now has this size in points, as when a compositor
        /// resizes it: a recording says so, and a replay lays out anew.
        case resize(size: CGSize)
    }
}

// MARK: - Reading

extension ReplayScript {
    static let commandNames = "down, move, up, cancel, mouse, wheel, pinch, scroll, key, state, size or shot"

    /// Reads a script; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws -> ReplayScript {
        var script = ReplayScript()
        var sizeLine: Int?
        var scaleLine: Int?
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            var line = LineReader(content: withoutComment(rawLine), file: file, line: number)
            guard let first = line.next() else { continue }
            switch first {
            case "size", "scale":
                if let start = script.steps.first?.line {
                    throw line.error("'\(first)' must come before the first 'at' (line \(start))")
                }
                if first == "size" {
                    if let sizeLine { throw line.error("size is given twice (first on line \(sizeLine))") }
                    sizeLine = number
                    script.size = try line.readSize()
                } else {
                    if let scaleLine { throw line.error("scale is given twice (first on line \(scaleLine))") }
                    scaleLine = number
                    script.scale = try line.readScale()
                }
            case "at":
                let step = try line.readStep()
                if let previous = script.steps.last, step.time < previous.time {
                    throw line.error("time \(format(step.time, places: 3)) ms is earlier than the previous command's \(format(previous.time, places: 3)) ms")
                }
                script.steps.append(step)
            default:
                throw line.error("expected 'at MILLISECONDS COMMAND', found '\(line.content)'")
            }
        }
        return script
    }

    /// The line without its comment and surrounding white space.
    static func withoutComment(_ line: Substring) -> Substring {
        var end = line.endIndex
        var afterSpace = true
        for i in line.indices {
            if line[i] == "#", afterSpace { end = i; break }
            afterSpace = line[i] == " " || line[i] == "\t"
        }
        return line[..<end].trimmingWhitespace()
    }
}

/// The words of one script line, read left to right.
private struct LineReader {
    let content: Substring
    let file: String
    let line: Int
    var words: [Substring]
    var position = 0
    /// Where the command after `at TIME` starts: usage errors quote from there.
    var commandStart: Substring.Index

    init(content: Substring, file: String, line: Int) {
        self.content = content
        self.file = file
        self.line = line
        words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        commandStart = content.startIndex
    }

    func error(_ message: String) -> ReplayScriptError {
        ReplayScriptError(file: file, line: line, message: message)
    }

    var atEnd: Bool { position == words.count }

    mutating func next() -> Substring? {
        guard position < words.count else { return nil }
        defer { position += 1 }
        return words[position]
    }

    /// The rest of the line as written (inner spaces kept), for names and paths.
    mutating func rest() -> Substring {
        guard position < words.count else { return "" }
        defer { position = words.count }
        return content[words[position].startIndex...]
    }

    /// Fails with the usage unless every word has been read.
    func expectEnd(_ usage: String) throws {
        if !atEnd { throw usageError(usage) }
    }

    func usageError(_ usage: String) -> ReplayScriptError {
        error("expected '\(usage)', found '\(content[commandStart...])'")
    }

    /// A finite decimal number; hex, `nan` and `inf` are refused.
    mutating func number(_ what: String, usage: String) throws -> Double {
        guard let word = next() else { throw usageError(usage) }
        guard let value = ReplayScript.decimal(word) else { throw error("\(what) must be a finite number, got '\(word)'") }
        return value
    }

    mutating func point(usage: String) throws -> CGPoint {
        let x = try number("x", usage: usage)
        let y = try number("y", usage: usage)
        return CGPoint(x: x, y: y)
    }

    /// `X Y` or nothing.
    mutating func optionalPoint(usage: String) throws -> CGPoint? {
        if atEnd { return nil }
        let p = try point(usage: usage)
        try expectEnd(usage)
        return p
    }

    mutating func readSize() throws -> CGSize {
        let usage = "size WIDTH HEIGHT"
        var sides: [Double] = []
        for _ in 0..<2 {
            guard let word = next() else { throw usageError(usage) }
            guard let value = ReplayScript.decimal(word), value == value.rounded() else {
                throw error("size must be whole numbers of points, got '\(word)'")
            }
            guard ReplayScript.sizeRange.contains(value) else {
                throw error("size must be from 200 to 16384 points, got \(word)")
            }
            sides.append(value)
        }
        try expectEnd(usage)
        return CGSize(width: sides[0], height: sides[1])
    }

    mutating func readScale() throws -> Double {
        let usage = "scale PIXELS_PER_POINT"
        guard let word = next() else { throw usageError(usage) }
        guard let value = ReplayScript.decimal(word) else { throw error("scale must be a number, got '\(word)'") }
        guard ReplayScript.scaleRange.contains(value) else { throw error("scale must be from 0.5 to 4, got \(word)") }
        try expectEnd(usage)
        return value
    }

    mutating func readStep() throws -> ReplayScript.Step {
        guard let timeWord = next() else { throw usageError("at MILLISECONDS COMMAND") }
        guard let time = ReplayScript.decimal(timeWord), time >= 0 else {
            throw error("time must be a number of milliseconds, 0 or more, got '\(timeWord)'")
        }
        guard let name = next() else {
            throw error("expected a command after 'at \(timeWord)': \(ReplayScript.commandNames)")
        }
        commandStart = name.startIndex
        return ReplayScript.Step(time: time, command: try readCommand(String(name)), line: line)
    }

    mutating func readCommand(_ name: String) throws -> ReplayScript.Command {
        if let phase = ReplayScript.TouchPhase(rawValue: name) {
            let usage = phase == .down || phase == .move ? "\(name) FINGER X Y" : "\(name) FINGER [X Y]"
            guard let fingerWord = next() else { throw usageError(usage) }
            guard let finger = Int(fingerWord), ReplayScript.fingerRange.contains(finger) else {
                throw error("finger must be a whole number 0-255, got '\(fingerWord)'")
            }
            let location = phase == .down || phase == .move ? try point(usage: usage) : try optionalPoint(usage: usage)
            try expectEnd(usage)
            return .touch(finger: finger, phase: phase, location: location)
        }
        switch name {
        case "mouse":
            let usage = "mouse down|move|up X Y"
            guard let phase = next().flatMap({ ReplayScript.MousePhase(rawValue: String($0)) }) else { throw usageError(usage) }
            let location = try point(usage: usage)
            try expectEnd(usage)
            return .mouse(phase: phase, location: location)
        case "wheel":
            let usage = "wheel DX DY [ctrl] [shift] [alt] [X Y]"
            let dx = try number("dx", usage: usage)
            let dy = try number("dy", usage: usage)
            var modifiers: ReplayScript.Modifiers = []
            while position < words.count, let named = ReplayScript.Modifiers.named.first(where: { $0.name == words[position] }) {
                if modifiers.contains(named.modifier) { throw error("'\(named.name)' is given twice") }
                modifiers.insert(named.modifier)
                position += 1
            }
            if let word = words[position...].first, ReplayScript.decimal(word) == nil, word.allSatisfy(\.isLetter),
               !["nan", "inf", "infinity"].contains(word.lowercased()) {
                throw error("unknown modifier '\(word)'; expected ctrl, shift or alt")
            }
            return .wheel(dx: dx, dy: dy, modifiers: modifiers, location: try optionalPoint(usage: usage))
        case "pinch":
            let usage = "pinch begin|change SCALE DEGREES|end|cancel [X Y]"
            guard let phase = next().flatMap({ ReplayScript.PinchPhase(rawValue: String($0)) }) else { throw usageError(usage) }
            var scale = 1.0, degrees = 0.0
            if phase == .change {
                scale = try number("scale", usage: usage)
                guard scale > 0 else { throw error("scale must be above 0, got '\(ReplayScript.format(scale, places: 4))'") }
                degrees = try number("degrees", usage: usage)
            }
            return .pinch(phase: phase, scale: scale, degrees: degrees, location: try optionalPoint(usage: usage))
        case "scroll":
            let usage = "scroll DX DY|stop|hold|release [X Y]"
            if let word = words[position...].first, let phase = TouchpadScroll.Phase(rawValue: String(word)), phase != .scroll {
                position += 1
                return .scroll(phase: phase, dx: 0, dy: 0, location: try optionalPoint(usage: usage))
            }
            let dx = try number("dx", usage: usage)
            let dy = try number("dy", usage: usage)
            return .scroll(phase: .scroll, dx: dx, dy: dy, location: try optionalPoint(usage: usage))
        case "key":
            var text = rest()
            var modifiers: ReplayScript.Modifiers = []
            // "ctrl++" is Ctrl with the "+" key: a prefix counts only when a name follows it.
            while let named = ReplayScript.Modifiers.named.first(where: { text.hasPrefix($0.name + "+") && text.count > $0.name.count + 1 }) {
                if modifiers.contains(named.modifier) { throw error("'\(named.name)' is given twice") }
                modifiers.insert(named.modifier)
                text = text.dropFirst(named.name.count + 1)
            }
            guard !text.isEmpty else { throw usageError("key [ctrl+][shift+][alt+]NAME") }
            return .key(name: String(text), modifiers: modifiers)
        case "state":
            try expectEnd("state")
            return .state
        case "size":
            return .resize(size: try readSize())
        case "shot":
            let path = rest()
            guard !path.isEmpty else { throw usageError("shot FILE.png") }
            return .shot(path: String(path))
        default:
            throw error("unknown command '\(name)'; expected \(ReplayScript.commandNames)")
        }
    }
}

extension ReplayScript {
    /// A plain decimal number ("12", "-0.5", "1e3"); nil for anything else,
    /// including hex, "nan" and values too large to be finite.
    static func decimal(_ word: Substring) -> Double? {
        guard word.allSatisfy({ "0123456789+-.eE".contains($0) }), let value = Double(word), value.isFinite else { return nil }
        return value
    }

    /// `value` with at most `places` decimals and no trailing zeros ("16",
    /// "16.5", never "-0").
    static func format(_ value: Double, places: Int) -> String {
        var text = String(format: "%.\(places)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

private extension Substring {
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[start...last]
    }
}

// MARK: - Writing

extension ReplayScript {
    /// The first lines of a recording: a comment, the size and the scale. A
    /// recorder writes these, then `line(for:)` as each step happens, so a
    /// recording cut short by a crash is still a script.
    public func serializedHeader() -> String {
        var text = "# recorded by trips\n"
        text += "size \(Self.format(size.width, places: 2)) \(Self.format(size.height, places: 2))\n"
        if let scale { text += "scale \(Self.format(scale, places: 2))\n" }
        return text
    }

    /// The whole script as text that `parse` reads back to an equal script
    /// (times kept to 1/1000 ms, coordinates to 1/100 point).
    public func serialized() -> String {
        serializedHeader() + steps.map { Self.line(for: $0) + "\n" }.joined()
    }

    /// One `at` line, without its line break; times padded so commands line up.
    public static func line(for step: Step) -> String {
        let time = format(step.time, places: 3)
        return "at " + time + String(repeating: " ", count: max(1, 6 - time.count)) + words(for: step.command)
    }

    static func words(for command: Command) -> String {
        func point(_ p: CGPoint) -> String { format(p.x, places: 2) + " " + format(p.y, places: 2) }
        switch command {
        case let .touch(finger, phase, location):
            return "\(phase.rawValue) \(finger)" + (location.map { " " + point($0) } ?? "")
        case let .mouse(phase, location):
            return "mouse \(phase.rawValue) " + point(location)
        case let .wheel(dx, dy, modifiers, location):
            let held = Modifiers.named.filter { modifiers.contains($0.modifier) }.map { " " + $0.name }.joined()
            return "wheel \(format(dx, places: 2)) \(format(dy, places: 2))" + held + (location.map { " " + point($0) } ?? "")
        case let .pinch(phase, scale, degrees, location):
            let values = phase == .change ? " \(format(scale, places: 4)) \(format(degrees, places: 2))" : ""
            return "pinch \(phase.rawValue)" + values + (location.map { " " + point($0) } ?? "")
        case let .scroll(phase, dx, dy, location):
            let what = phase == .scroll ? "\(format(dx, places: 2)) \(format(dy, places: 2))" : phase.rawValue
            return "scroll " + what + (location.map { " " + point($0) } ?? "")
        case let .key(name, modifiers):
            return "key " + Modifiers.named.filter { modifiers.contains($0.modifier) }.map { $0.name + "+" }.joined() + name
        case .state:
            return "state"
        case .shot(let path):
            return "shot " + path
        case .resize(let size):
            return "size \(format(size.width, places: 2)) \(format(size.height, places: 2))"
        }
    }
}
