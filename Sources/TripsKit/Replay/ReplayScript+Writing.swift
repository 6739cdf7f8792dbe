import Foundation

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
            let held = modifierWords.filter { modifiers.contains($0.modifier) }.map { " " + $0.name }.joined()
            return "wheel \(format(dx, places: 2)) \(format(dy, places: 2))" + held + (location.map { " " + point($0) } ?? "")
        case let .pinch(phase, scale, degrees, pan, location):
            var values = phase == .change ? " \(format(scale, places: 4)) \(format(degrees, places: 2))" : ""
            // A pan is written only before a point: two numbers alone are the point.
            if phase == .change, pan != .zero, location != nil { values += " \(format(pan.width, places: 2)) \(format(pan.height, places: 2))" }
            return "pinch \(phase.rawValue)" + values + (location.map { " " + point($0) } ?? "")
        case let .scroll(phase, dx, dy, location):
            let what = phase == .scroll ? "\(format(dx, places: 2)) \(format(dy, places: 2))" : phase.rawValue
            return "scroll " + what + (location.map { " " + point($0) } ?? "")
        case let .key(name, modifiers):
            return "key " + modifierWords.filter { modifiers.contains($0.modifier) }.map { $0.name + "+" }.joined() + name
        case .reader(let action):
            return "reader " + action.words
        case .remote(.settings(let settings)):
            return "settings " + settings.json
        case .remote(let command):
            return "remote " + command.line
        case .drop(let paths):
            return "drop " + paths.map(Self.dropPath).joined(separator: " ")
        case .power(let request):
            return "power \(request.rawValue)"
        case .state:
            return "state"
        case .shot(let path):
            return "shot " + path
        case .resize(let size):
            return "size \(format(size.width, places: 2)) \(format(size.height, places: 2))"
        }
    }

    /// A dropped path as a `drop` line writes it: percent, space, tab and
    /// line ends percent-encoded, the rest as it is.
    static func dropPath(_ path: String) -> String {
        path.unicodeScalars.map { ["%", " ", "\t", "\n", "\r"].contains($0) ? String(format: "%%%02X", $0.value) : String($0) }.joined()
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
