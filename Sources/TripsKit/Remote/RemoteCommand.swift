import Foundation
import JSON

/// A command a kiosk takes from its broker (`trips/NAME/cmd`, `trips/all/cmd`,
/// `trips/group/G/cmd`): one line of JSON (`{"command": "open", "trip":
/// "lisbon"}`) or a plain word with at most one value (`open lisbon`). It
/// enters the model through `AppDriver` as an input, like a touch. No
/// command names a file: a trip is named by its id or its city, among the
/// library's own trips.
public enum RemoteCommand: Equatable, Sendable {
    /// The next photo: the big photo's next page (then the next trip), the
    /// slideshow's next slide, or the first trip from the Overview.
    case next
    case previous
    /// Opens the trip with this id, or else this city (any case).
    case open(trip: String)
    case close
    case slideshow(on: Bool)
    /// Black and no frames until `wake` (or a touch).
    case sleep
    case wake
    /// Reads the library again now.
    case reload
    /// How long each slideshow photo stays, in seconds.
    case slideSeconds(Double)
    /// A JPEG of the screen on `trips/NAME/screenshot`.
    case screenshot
    /// The fleet's settings merged for this kiosk (from the `config` topics,
    /// not the `cmd` ones): what they set, applied live.
    case settings(FleetSettings)

    /// The largest payload read; a larger one is refused unread.
    public static let maximumPayloadBytes = 64 * 1024
    /// The slideshow's seconds, as `--slide` takes them.
    public static let slideSecondsRange: ClosedRange<Double> = 1...3600

    /// The words, for messages and the README.
    public static let words = ["next", "previous", "open TRIP", "close", "slideshow start", "slideshow stop", "sleep", "wake",
                               "reload", "slide-seconds N", "screenshot"]

    /// Reads one payload; a refusal names what was wrong and the value.
    public static func parse(_ payload: [UInt8]) -> Result<RemoteCommand, RemoteRefusal> {
        guard payload.count <= maximumPayloadBytes else {
            return .failure(RemoteRefusal("a command of \(payload.count) bytes is over the limit of \(maximumPayloadBytes)"))
        }
        guard let text = String(validating: payload, as: UTF8.self) else { return .failure(RemoteRefusal("a command that is not UTF-8 text")) }
        return parse(text)
    }

    public static func parse(_ payload: String) -> Result<RemoteCommand, RemoteRefusal> {
        let text = payload.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(RemoteRefusal("an empty command; expected one of: \(words.joined(separator: ", "))")) }
        if text.hasPrefix("{") { return parseJSON(text) }
        guard !text.contains(where: \.isNewline) else { return .failure(RemoteRefusal("a command of more than one line: '\(RemoteRefusal.quoted(text))'")) }
        let word = String(text.prefix { !$0.isWhitespace })
        let rest = text.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        return command(word.lowercased(), value: rest.isEmpty ? nil : .string(rest))
    }

    private static func parseJSON(_ text: String) -> Result<RemoteCommand, RemoteRefusal> {
        let node: JSONNode
        do { node = try JSONDocument.parse(text) } catch { return .failure(RemoteRefusal("a command that is not JSON (\(error))")) }
        guard case .object(let members) = node.value else { return .failure(RemoteRefusal("a JSON command that is not an object")) }
        guard let word = node["command"]?.string else {
            return .failure(RemoteRefusal("a JSON command without \"command\": '\(RemoteRefusal.quoted(text))'"))
        }
        let known: Set<String> = ["command", "trip", "seconds", "on"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            return .failure(RemoteRefusal("a JSON command with the unknown key '\(RemoteRefusal.quoted(unknown.key))'"))
        }
        let values = members.filter { $0.key != "command" }
        guard values.count <= 1 else { return .failure(RemoteRefusal("a JSON command with more than one value: '\(RemoteRefusal.quoted(text))'")) }
        return command(word.lowercased(), value: values.first?.node.value)
    }

    /// The command `word` with its `value` (a plain word's rest, or the JSON's one value).
    private static func command(_ word: String, value: JSONValue?) -> Result<RemoteCommand, RemoteRefusal> {
        func none(_ command: RemoteCommand) -> Result<RemoteCommand, RemoteRefusal> {
            value == nil ? .success(command) : .failure(RemoteRefusal("'\(word)' takes no value, got \(describe(value!))"))
        }
        switch word {
        case "next": return none(.next)
        case "previous", "prev": return none(.previous)
        case "close": return none(.close)
        case "sleep": return none(.sleep)
        case "wake": return none(.wake)
        case "reload": return none(.reload)
        case "screenshot": return none(.screenshot)
        case "slideshow-start": return none(.slideshow(on: true))
        case "slideshow-stop": return none(.slideshow(on: false))
        case "slideshow":
            switch value {
            case .string("start")?, .string("on")?, .bool(true)?: return .success(.slideshow(on: true))
            case .string("stop")?, .string("off")?, .bool(false)?: return .success(.slideshow(on: false))
            default: return .failure(RemoteRefusal("'slideshow' expects start or stop, got \(value.map(describe) ?? "nothing")"))
            }
        case "open":
            guard case .string(let trip)? = value, !trip.isEmpty else {
                return .failure(RemoteRefusal("'open' expects a trip's id or city, got \(value.map(describe) ?? "nothing")"))
            }
            guard trip.count <= 256, !trip.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 32 } == true }) else {
                return .failure(RemoteRefusal("'open' expects a trip's id or city, got \(describe(.string(trip)))"))
            }
            return .success(.open(trip: trip))
        case "slide-seconds", "slide":
            var seconds: Double?
            switch value {
            case .number(let n)?: seconds = n
            case .string(let s)?: seconds = Double(s)
            default: break
            }
            guard let seconds, slideSecondsRange.contains(seconds) else {
                return .failure(RemoteRefusal("'slide-seconds' expects seconds from 1 to 3600, got \(value.map(describe) ?? "nothing")"))
            }
            return .success(.slideSeconds(seconds))
        default:
            return .failure(RemoteRefusal("unknown command '\(RemoteRefusal.quoted(word))'; expected one of: \(words.joined(separator: ", "))"))
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return "'\(RemoteRefusal.quoted(s))'"
        case .number(let n): return JSONLine.write(.number(n))
        case .bool(let b): return b ? "true" : "false"
        default: return value.kindName
        }
    }

    /// The command as one plain line that `parse` reads back (a replay's
    /// `remote` line); the fleet's settings as their JSON.
    public var line: String {
        switch self {
        case .open(let trip): "open \(trip)"
        case .slideSeconds(let seconds): "slide-seconds \(JSONLine.write(.number(seconds)))"
        case .settings(let settings): settings.json
        default: word
        }
    }

    /// The command's word, as the log and the state name it.
    public var word: String {
        switch self {
        case .next: "next"
        case .previous: "previous"
        case .open: "open"
        case .close: "close"
        case .slideshow(let on): on ? "slideshow start" : "slideshow stop"
        case .sleep: "sleep"
        case .wake: "wake"
        case .reload: "reload"
        case .slideSeconds: "slide-seconds"
        case .screenshot: "screenshot"
        case .settings: "settings"
        }
    }
}

/// Why a remote command or setting was refused, in words that name the value:
/// what a kiosk publishes on `trips/NAME/error`.
public struct RemoteRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// `text` cut to what a message can show, control characters escaped.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return cut.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
    }
}
