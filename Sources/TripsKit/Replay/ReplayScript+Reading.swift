import Foundation

extension ReplayScript {
    static let commandNames = "down, move, up, cancel, mouse, wheel, pinch, scroll, key, reader, remote, settings, drop, power, state, size or shot"

    /// Reads a script; `file` names it in errors. `isKeyName` says which
    /// key names the replay can press (the app passes SDL's table; the
    /// default knows the keys the app acts on and single characters).
    public static func parse(_ text: String, file: String,
                             isKeyName: @escaping (String) -> Bool = Key.isActedOnOrCharacter) throws -> ReplayScript {
        var script = ReplayScript()
        var sizeLine: Int?
        var scaleLine: Int?
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            var line = LineReader(content: withoutComment(rawLine), file: file, line: number, isKeyName: isKeyName)
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

    /// Reads the script at `path`: `Unreadable` when the file cannot be
    /// read as text, a `ReplayScriptError` for a bad line.
    public static func load(path: String, isKeyName: @escaping (String) -> Bool) throws -> ReplayScript {
        // A script is typed or recorded; a FIFO or a huge file is not one.
        guard let bytes = try? RegularFile(path: path, limit: 64 << 20).read(), let text = String(validating: bytes, as: UTF8.self) else {
            throw Unreadable(path: path)
        }
        return try parse(text, file: path, isKeyName: isKeyName)
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path): the replay script cannot be read" }
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
    let isKeyName: (String) -> Bool
    var words: [Substring]
    var position = 0
    /// Where the command after `at TIME` starts: usage errors quote from there.
    var commandStart: Substring.Index

    init(content: Substring, file: String, line: Int, isKeyName: @escaping (String) -> Bool) {
        self.content = content
        self.file = file
        self.line = line
        self.isKeyName = isKeyName
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
            while position < words.count, let named = ReplayScript.modifierWords.first(where: { $0.name == words[position] }) {
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
            let usage = "pinch begin|change SCALE DEGREES [DX DY X Y]|end|cancel [X Y]"
            guard let phase = next().flatMap({ ReplayScript.PinchPhase(rawValue: String($0)) }) else { throw usageError(usage) }
            var scale = 1.0, degrees = 0.0, pan = CGSize.zero
            if phase == .change {
                scale = try number("scale", usage: usage)
                guard scale > 0 else { throw error("scale must be above 0, got '\(ReplayScript.format(scale, places: 4))'") }
                degrees = try number("degrees", usage: usage)
                // Four numbers more: the centre's move since it began, then the point.
                if words.count - position == 4 { pan = CGSize(width: try number("dx", usage: usage), height: try number("dy", usage: usage)) }
            }
            return .pinch(phase: phase, scale: scale, degrees: degrees, pan: pan, location: try optionalPoint(usage: usage))
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
            while let named = ReplayScript.modifierWords.first(where: { text.hasPrefix($0.name + "+") && text.count > $0.name.count + 1 }) {
                if modifiers.contains(named.modifier) { throw error("'\(named.name)' is given twice") }
                modifiers.insert(named.modifier)
                text = text.dropFirst(named.name.count + 1)
            }
            guard !text.isEmpty else { throw usageError("key [ctrl+][shift+][alt+]NAME") }
            guard isKeyName(String(text)) else {
                throw error("unknown key '\(text)'; expected an SDL key name, such as "
                            + Key.actedOnNames.map { "'\($0)'" }.joined(separator: ", ") + ", or a letter or digit")
            }
            return .key(name: String(text), modifiers: modifiers)
        case "reader":
            let usage = "reader click|focus ELEMENT, or reader set NUMBER ELEMENT"
            guard let action = ReaderAction(words: rest()) else { throw usageError(usage) }
            return .reader(action)
        case "remote":
            switch RemoteCommand.parse(String(rest())) {
            case .success(let command): return .remote(command)
            case .failure(let refusal): throw error("remote: \(refusal.message)")
            }
        case "settings":
            switch FleetSettings.parse(String(rest()), topic: "settings") {
            case .success(let settings): return .remote(.settings(settings))
            case .failure(let refusal): throw error(refusal.message)
            }
        case "drop":
            // Paths as a URI list writes them: a space or a percent sign within one is percent-encoded.
            let paths = rest().split(separator: " ").map { $0.removingPercentEncoding ?? String($0) }
            guard !paths.isEmpty else { throw usageError("drop PATH... (a space in a path as %20)") }
            return .drop(paths: paths)
        case "power":
            guard let word = next(), let request = PowerRequest(rawValue: String(word)) else { throw usageError("power wake|sleep") }
            try expectEnd("power")
            return .power(request)
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
}

private extension Substring {
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[start...last]
    }
}
