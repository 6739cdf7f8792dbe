import Foundation

/// The topics of one kiosk on its broker, under `trips/`: its own
/// (`trips/NAME/...`), the fleet's (`trips/all/...`) and its groups'
/// (`trips/group/G/...`). Commands come on `cmd`, settings on `config`
/// (retained); the kiosk publishes `state` (retained JSON), `availability`
/// (retained `online`, the last will `offline`), `error` and `screenshot`.
public struct RemoteTopics: Equatable, Sendable {
    public let device: String
    public let groups: [String]

    public init(device: String, groups: [String]) {
        self.device = device
        self.groups = groups
    }

    public var base: String { "trips/\(device)" }
    public var state: String { base + "/state" }
    public var availability: String { base + "/availability" }
    public var error: String { base + "/error" }
    public var screenshot: String { base + "/screenshot" }
    public var command: String { base + "/cmd" }

    /// Where commands come from, narrowest last.
    public var commandTopics: [String] { ["trips/all/cmd"] + groups.map { "trips/group/\($0)/cmd" } + [command] }
    /// Where settings come from, widest first.
    public var configTopics: [String] { ["trips/all/config"] + groups.map { "trips/group/\($0)/config" } + [base + "/config"] }

    /// Whose settings a config topic carries.
    public enum Scope: Equatable, Hashable, Sendable {
        case all, group(String), device
    }

    public enum Incoming: Equatable, Sendable {
        case command
        case config(Scope)
    }

    /// What an incoming topic is; nil for one this kiosk did not ask for.
    public func classify(_ topic: String) -> Incoming? {
        if commandTopics.contains(topic) { return .command }
        if topic == "trips/all/config" { return .config(.all) }
        if topic == base + "/config" { return .config(.device) }
        if let group = groups.first(where: { topic == "trips/group/\($0)/config" }) { return .config(.group(group)) }
        return nil
    }

    /// A name is one topic level of printable characters: no "/", "+",
    /// "#", no control characters, at most 64 characters, and not one of
    /// the words the fleet's topics use (`all`, `group`).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name != "all" && name != "group"
            && name.unicodeScalars.allSatisfy { $0.value > 32 && $0.value != 127 && !"/+#".unicodeScalars.contains($0) }
    }

    /// This machine's name as a topic level (the default `--device`).
    public static func deviceName(hostname: String) -> String {
        let cleaned = String(hostname.prefix { $0 != "." }.map { isValidName(String($0)) ? $0 : "-" })
        return isValidName(cleaned) ? cleaned : "trips"
    }
}
