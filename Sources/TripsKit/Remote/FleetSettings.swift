import Foundation
import JSON

/// A fleet's settings, from the retained JSON on `trips/all/config`,
/// `trips/group/G/config` and `trips/NAME/config`: each key set or not, the
/// narrower topic winning key by key (all < group < device). Keys:
/// `slide_seconds`, `idle_seconds`, `awake_hours` ("08:00-20:00": accepted
/// and kept for the kiosk's day), `language`, `reduce_motion`.
public struct FleetSettings: Equatable, Sendable {
    public var slideSeconds: Double?
    public var idleSeconds: Double?
    public var awakeHours: String?
    public var language: String?
    public var reduceMotion: Bool?

    public init(slideSeconds: Double? = nil, idleSeconds: Double? = nil, awakeHours: String? = nil, language: String? = nil,
                reduceMotion: Bool? = nil) {
        self.slideSeconds = slideSeconds
        self.idleSeconds = idleSeconds
        self.awakeHours = awakeHours
        self.language = language
        self.reduceMotion = reduceMotion
    }

    public static let keys = ["slide_seconds", "idle_seconds", "awake_hours", "language", "reduce_motion"]

    /// Reads one topic's payload. An empty payload (a retained config
    /// cleared) sets nothing. Any bad key or value refuses the whole
    /// payload, naming it, so what was in force stays.
    public static func parse(_ payload: [UInt8], topic: String) -> Result<FleetSettings, RemoteRefusal> {
        guard payload.count <= RemoteCommand.maximumPayloadBytes else {
            return .failure(RemoteRefusal("\(topic): a config of \(payload.count) bytes is over the limit of \(RemoteCommand.maximumPayloadBytes)"))
        }
        guard let text = String(validating: payload, as: UTF8.self) else { return .failure(RemoteRefusal("\(topic): a config that is not UTF-8 text")) }
        return parse(text, topic: topic)
    }

    public static func parse(_ text: String, topic: String) -> Result<FleetSettings, RemoteRefusal> {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .success(FleetSettings()) }
        let node: JSONNode
        do { node = try JSONDocument.parse(text) } catch { return .failure(RemoteRefusal("\(topic): not JSON (\(error))")) }
        guard case .object(let members) = node.value else { return .failure(RemoteRefusal("\(topic): a config is a JSON object")) }
        var settings = FleetSettings()
        for (key, value) in members {
            func refuse(_ expected: String) -> Result<FleetSettings, RemoteRefusal> {
                let given: String
                switch value.value {
                case .string(let s): given = "'\(RemoteRefusal.quoted(s))'"
                case .number(let n): given = JSONLine.write(.number(n))
                case .bool(let b): given = b ? "true" : "false"
                default: given = value.value.kindName
                }
                return .failure(RemoteRefusal("\(topic): \(key) expects \(expected), got \(given)"))
            }
            switch key {
            case "slide_seconds":
                guard let n = value.number, RemoteCommand.slideSecondsRange.contains(n) else { return refuse("seconds from 1 to 3600") }
                settings.slideSeconds = n
            case "idle_seconds":
                guard let n = value.number, (0...86_400).contains(n) else { return refuse("seconds from 0 (off) to 86400") }
                settings.idleSeconds = n
            case "awake_hours":
                guard let s = value.string, (try? AwakeSchedule(parsing: s)) != nil else { return refuse("hours such as \"08:00-20:00\" or \"mon-fri 08:00-18:00\"") }
                settings.awakeHours = s
            case "language":
                guard let s = value.string, (try? LaunchOption.language(s)) != nil else { return refuse("a language code such as fr or de_CH") }
                settings.language = s
            case "reduce_motion":
                guard let b = value.bool else { return refuse("true or false") }
                settings.reduceMotion = b
            default:
                return .failure(RemoteRefusal("\(topic): unknown key '\(RemoteRefusal.quoted(key))'; known: \(keys.joined(separator: ", "))"))
            }
        }
        return .success(settings)
    }

    /// The settings as the JSON object `parse` reads (the keys set only).
    public var json: String {
        let members: [(String, JSONValue?)] = [("slide_seconds", slideSeconds.map { .number($0) }), ("idle_seconds", idleSeconds.map { .number($0) }),
                                              ("awake_hours", awakeHours.map { .string($0) }), ("language", language.map { .string($0) }),
                                              ("reduce_motion", reduceMotion.map { .bool($0) })]
        return JSONLine.write(.obj(members.compactMap { key, value in value.map { (key, $0) } }))
    }

    /// These settings with every key `narrower` sets taken from it.
    public func overridden(by narrower: FleetSettings) -> FleetSettings {
        FleetSettings(slideSeconds: narrower.slideSeconds ?? slideSeconds, idleSeconds: narrower.idleSeconds ?? idleSeconds,
                      awakeHours: narrower.awakeHours ?? awakeHours, language: narrower.language ?? language,
                      reduceMotion: narrower.reduceMotion ?? reduceMotion)
    }

    /// What a kiosk follows: `all`, then its groups in the order given
    /// (`--group`), then its own, each narrower one winning.
    public static func merged(all: FleetSettings, groups: [FleetSettings], device: FleetSettings) -> FleetSettings {
        (groups + [device]).reduce(all) { $0.overridden(by: $1) }
    }

    /// "slide_seconds 6 → 8, language fr": what differs from `old`, for the
    /// one log line; empty when nothing did.
    public func changes(from old: FleetSettings) -> String {
        func text(_ v: Any?) -> String {
            switch v {
            case let d as Double: return JSONLine.write(.number(d))
            case let b as Bool: return b ? "true" : "false"
            case let s as String: return s
            default: return "unset"
            }
        }
        let pairs: [(String, Any?, Any?)] = [("slide_seconds", old.slideSeconds, slideSeconds), ("idle_seconds", old.idleSeconds, idleSeconds),
                                            ("awake_hours", old.awakeHours, awakeHours), ("language", old.language, language),
                                            ("reduce_motion", old.reduceMotion, reduceMotion)]
        return pairs.filter { text($0.1) != text($0.2) }.map { "\($0.0) \(text($0.1)) → \(text($0.2))" }.joined(separator: ", ")
    }
}
