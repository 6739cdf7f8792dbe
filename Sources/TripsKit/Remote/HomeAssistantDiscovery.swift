import Foundation
import JSON

/// Home Assistant's MQTT discovery for one kiosk: retained configs under
/// `homeassistant/<component>/<node>/<object>/config`, each with the same
/// `device` block, so the kiosk appears with no YAML. The keys are those of
/// Home Assistant's MQTT integration documentation: every entity has
/// `unique_id`, `availability_topic` and the topics its component needs
/// (`command_topic` for a button, `command_topic` and `state_topic` for a
/// switch and a select, `state_topic` for a sensor, `topic` for a camera).
public struct HomeAssistantDiscovery: Sendable {
    public static let prefix = "homeassistant"
    public var topics: RemoteTopics
    public var version: String

    public init(topics: RemoteTopics, version: String) {
        self.topics = topics
        self.version = version
    }

    /// The node id: the device's name with only the characters Home
    /// Assistant's discovery topics allow ([a-zA-Z0-9_-]).
    public var node: String {
        "trips_" + String(topics.device.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
    }

    private var device: JSONValue {
        .obj([("identifiers", .list([.string(node)])), ("name", .string("Trips \(topics.device)")), ("model", .string("Trips")),
              ("manufacturer", .string("Trips")), ("sw_version", .string(version))])
    }

    /// Every config: its topic and its JSON. `trips` are the select's
    /// options (the trips' ids), "none" first for the Overview.
    public func configs(trips: [String]) -> [(topic: String, payload: String)] {
        func entity(_ component: String, _ object: String, _ name: String, _ fields: [(String, JSONValue)]) -> (topic: String, payload: String) {
            let common: [(String, JSONValue)] = [
                ("name", .string(name)), ("unique_id", .string("\(node)_\(object)")),
                // The entity id it is first given (Home Assistant 2025.10 on; `object_id` is gone since 2026.4).
                ("default_entity_id", .string("\(component).\(node)_\(object)")),
                ("availability_topic", .string(topics.availability)), ("payload_available", .string("online")),
                ("payload_not_available", .string("offline")), ("device", device),
            ]
            return ("\(Self.prefix)/\(component)/\(node)/\(object)/config", JSONLine.write(.obj(common + fields)))
        }
        let command = JSONValue.string(topics.command), state = JSONValue.string(topics.state)
        return [
            entity("button", "next", "Next photo", [("command_topic", command), ("payload_press", .string("next"))]),
            entity("button", "previous", "Previous photo", [("command_topic", command), ("payload_press", .string("previous"))]),
            entity("button", "reload", "Reload photos", [("command_topic", command), ("payload_press", .string("reload"))]),
            entity("switch", "awake", "Awake", [("command_topic", command), ("state_topic", state),
                                                ("payload_on", .string("wake")), ("payload_off", .string("sleep")),
                                                ("state_on", .string("awake")), ("state_off", .string("asleep")),
                                                ("value_template", .string("{{ value_json.power }}"))]),
            entity("select", "trip", "Trip", [("command_topic", command), ("state_topic", state),
                                              ("options", .list((["none"] + trips).map { .string($0) })),
                                              ("value_template", .string("{{ value_json.trip_id or 'none' }}")),
                                              ("command_template", .string("{% if value == 'none' %}close{% else %}{\"command\": \"open\", \"trip\": {{ value | tojson }}}{% endif %}"))]),
            entity("sensor", "trip_name", "Trip shown", [("state_topic", state), ("value_template", .string("{{ value_json.trip or 'none' }}"))]),
            entity("sensor", "photo", "Photo shown", [("state_topic", state), ("value_template", .string("{{ value_json.photo or 'none' }}"))]),
            entity("camera", "screen", "Screen", [("topic", .string(topics.screenshot))]),
            entity("button", "screenshot", "Take screenshot", [("command_topic", command), ("payload_press", .string("screenshot"))]),
        ]
    }
}
