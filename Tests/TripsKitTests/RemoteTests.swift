import Foundation
import Gestures
import JSON
import XCTest
@testable import TripsKit
import TestSupport

/// The MQTT side as plain values: commands, settings and their merge, the
/// topics, the broker's URL, the rate limit, Home Assistant's discovery,
/// and what a command does to the model.
final class RemoteTests: XCTestCase {
    private func parse(_ text: String) -> RemoteCommand? { try? RemoteCommand.parse(text).get() }
    private func refusal(_ text: String) -> String {
        if case .failure(let r) = RemoteCommand.parse(text) { return r.message }
        return "accepted"
    }

    func testPlainWordsAndJSONMeanTheSameCommands() {
        XCTAssertEqual(parse("next"), .next)
        XCTAssertEqual(parse("  Previous\n"), .previous)
        XCTAssertEqual(parse("open 2023-05-01 Lisbon"), .open(trip: "2023-05-01 Lisbon"))
        XCTAssertEqual(parse(#"{"command": "open", "trip": "Rome"}"#), .open(trip: "Rome"))
        XCTAssertEqual(parse("slideshow start"), .slideshow(on: true))
        XCTAssertEqual(parse(#"{"command": "slideshow", "on": false}"#), .slideshow(on: false))
        XCTAssertEqual(parse("slide-seconds 8"), .slideSeconds(8))
        XCTAssertEqual(parse(#"{"command": "slide-seconds", "seconds": 2.5}"#), .slideSeconds(2.5))
        for word in ["close", "sleep", "wake", "reload", "screenshot"] { XCTAssertNotNil(parse(word), word) }
    }

    func testABadCommandIsRefusedNamingTheValue() {
        XCTAssertTrue(refusal("jump").contains("'jump'"))
        XCTAssertTrue(refusal("slide-seconds 0").contains("'0'"))
        XCTAssertTrue(refusal(#"{"command": "slide-seconds", "seconds": 99999}"#).contains("99999"))
        XCTAssertTrue(refusal("next please").contains("'please'"))
        XCTAssertTrue(refusal(#"{"command": "open", "path": "/etc/passwd"}"#).contains("'path'"))
        XCTAssertTrue(refusal(#"{"command": "open""#).contains("not JSON"))
        XCTAssertTrue(refusal("").contains("empty"))
        XCTAssertTrue(refusal("open").contains("nothing"))
        XCTAssertTrue(refusal("next\nnext").contains("more than one line"))
        if case .failure(let r) = RemoteCommand.parse([UInt8](repeating: 65, count: 64 * 1024 + 1)) {
            XCTAssertTrue(r.message.contains("65537 bytes"))
        } else { XCTFail("an oversized payload was read") }
        if case .success = RemoteCommand.parse([0xff, 0xfe]) { XCTFail("bytes that are not UTF-8 were read") }
    }

    /// 2,000 random and oversized payloads: each is taken or refused with
    /// words, none crashes, and none over the limit or naming a path is taken.
    func testTwoThousandRandomPayloadsAreEachTakenOrRefused() {
        var random = SplitMix64(seed: 36)
        let words = Array("next open slide-seconds slideshow sleep { } \"command\" : , [ ] ../ 9 -1 1e308 \u{202E} \0".split(separator: " "))
        for k in 0..<2000 {
            var payload: [UInt8]
            switch k % 4 {
            case 0: payload = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            case 1: payload = Array((0..<Int(1 + random.next() % 6)).map { _ in String(words[Int(random.next() % UInt64(words.count))]) }.joined(separator: " ").utf8)
            case 2: payload = Array(String(repeating: "{\"command\": [", count: Int(1 + random.next() % 3000)).utf8)
            default: payload = [UInt8](repeating: UInt8(ascii: "n"), count: 64 * 1024 + 1 + Int(random.next() % 10_000))
            }
            switch RemoteCommand.parse(payload) {
            case .success(let command):
                XCTAssertLessThanOrEqual(payload.count, RemoteCommand.maximumPayloadBytes)
                if case .open(let trip) = command { XCTAssertFalse(trip.contains("\n"), trip) }
            case .failure(let refusal):
                XCTAssertFalse(refusal.message.isEmpty)
                XCTAssertLessThan(refusal.message.count, 400, "a refusal quotes a bounded part of the payload")
            }
            _ = FleetSettings.parse(payload, topic: "trips/all/config")
        }
    }

    func testSettingsMergeAllThenGroupsThenDevice() throws {
        let all = try FleetSettings.parse(#"{"slide_seconds": 6, "idle_seconds": 60, "language": "fr"}"#, topic: "trips/all/config").get()
        let floor = try FleetSettings.parse(#"{"slide_seconds": 8, "reduce_motion": true}"#, topic: "trips/group/floor/config").get()
        let device = try FleetSettings.parse(#"{"slide_seconds": 9, "awake_hours": "08:00-20:00"}"#, topic: "trips/a/config").get()
        let merged = FleetSettings.merged(all: all, groups: [floor], device: device)
        XCTAssertEqual(merged, FleetSettings(slideSeconds: 9, idleSeconds: 60, awakeHours: "08:00-20:00", language: "fr", reduceMotion: true))
        XCTAssertEqual(FleetSettings.merged(all: all, groups: [floor], device: FleetSettings()).slideSeconds, 8)
        XCTAssertEqual(FleetSettings.merged(all: all, groups: [], device: FleetSettings()).slideSeconds, 6)
        XCTAssertEqual(merged.changes(from: all), "slide_seconds 6 → 9, awake_hours unset → 08:00-20:00, reduce_motion unset → true")
        XCTAssertEqual(try FleetSettings.parse("", topic: "t").get(), FleetSettings())
    }

    func testABadSettingRefusesItsPayloadNamingKeyAndValue() {
        for (text, named) in [(#"{"slide_seconds": "fast"}"#, "'fast'"), (#"{"idle_seconds": -1}"#, "-1"),
                              (#"{"awake_hours": "25:00-08:00"}"#, "'25:00-08:00'"), (#"{"language": "../etc"}"#, "'../etc'"),
                              (#"{"reduce_motion": "yes"}"#, "'yes'"), (#"{"brightness": 3}"#, "'brightness'"), ("[1]", "object")] {
            guard case .failure(let r) = FleetSettings.parse(text, topic: "trips/all/config") else { XCTFail(text); continue }
            XCTAssertTrue(r.message.contains(named) && r.message.hasPrefix("trips/all/config"), r.message)
        }
        // Awake hours are read as --awake reads them.
        XCTAssertEqual(try FleetSettings.parse(#"{"awake_hours": "mon-fri 08:00-18:00"}"#, topic: "t").get().awakeHours, "mon-fri 08:00-18:00")
        guard case .failure = FleetSettings.parse(#"{"awake_hours": "8-20"}"#, topic: "t") else { return XCTFail("8-20 taken") }
    }

    func testTopicsOfADeviceItsGroupsAndTheFleet() {
        let topics = RemoteTopics(device: "hall", groups: ["floor1", "museum"])
        XCTAssertEqual(topics.commandTopics, ["trips/all/cmd", "trips/group/floor1/cmd", "trips/group/museum/cmd", "trips/hall/cmd"])
        XCTAssertEqual(topics.classify("trips/group/museum/config"), .config(.group("museum")))
        XCTAssertEqual(topics.classify("trips/hall/config"), .config(.device))
        XCTAssertEqual(topics.classify("trips/all/cmd"), .command)
        XCTAssertNil(topics.classify("trips/other/cmd"))
        XCTAssertFalse(RemoteTopics.isValidName("a/b"))
        XCTAssertFalse(RemoteTopics.isValidName("#"))
        XCTAssertFalse(RemoteTopics.isValidName("all"))
        XCTAssertEqual(RemoteTopics.deviceName(hostname: "kiosk-3.museum.local"), "kiosk-3")
    }

    func testTheBrokerURL() throws {
        let plain = try BrokerAddress(parsing: "mqtt://broker.lan")
        XCTAssertEqual(plain, BrokerAddress(secure: false, host: "broker.lan", port: 1883))
        let full = try BrokerAddress(parsing: "mqtts://kiosk:p%40ss@10.0.0.2:8884")
        XCTAssertEqual(full, BrokerAddress(secure: true, host: "10.0.0.2", port: 8884, user: "kiosk", password: "p@ss"))
        XCTAssertEqual(full.description, "mqtts://kiosk:***@10.0.0.2:8884")
        XCTAssertEqual(try BrokerAddress(parsing: "mqtts://[::1]").port, 8883)
        for bad in ["http://x", "mqtt://", "mqtt://x:0", "mqtt://x/topic", "mqtt://x:port"] {
            XCTAssertThrowsError(try BrokerAddress(parsing: bad), bad)
        }
        XCTAssertThrowsError(try BrokerAddress(parsing: "ftp://u:secret@h")) { error in
            XCTAssertFalse("\(error)".contains("secret"), "\(error)")
        }
    }

    func testTheMQTTFlags() throws {
        guard case .run(let options) = try LaunchOptions.parse(["--mqtt", "mqtt://b", "--device", "hall", "--group", "a", "--group", "b"]) else {
            return XCTFail("not a run")
        }
        XCTAssertEqual(options.broker?.host, "b")
        XCTAssertEqual(options.device, "hall")
        XCTAssertEqual(options.groups, ["a", "b"])
        XCTAssertThrowsError(try LaunchOptions.parse(["--device", "hall"]))
        XCTAssertThrowsError(try LaunchOptions.parse(["--mqtt", "mqtt://b", "--mqtt-ca", "ca.pem"]))
        XCTAssertThrowsError(try LaunchOptions.parse(["--mqtt", "mqtts://b", "--mqtt-cert", "c.pem"]))
        XCTAssertThrowsError(try LaunchOptions.parse(["--mqtt", "mqtt://b", "--group", "x/y"]))
        XCTAssertThrowsError(try LaunchOptions.parse(["--mqtt", "mqtt://u:p@b", "--mqtt-password-file", "f"]))
    }

    func testARateLimitDropsABurstAndCountsIt() {
        var limit = CommandRateLimit(perSecond: 10, burst: 3)
        XCTAssertEqual((0..<3).map { _ in limit.offer(at: 0) }, Array(repeating: .take(droppedBefore: 0), count: 3))
        XCTAssertEqual(limit.offer(at: 0), .drop(first: true))
        XCTAssertEqual(limit.offer(at: 0.01), .drop(first: false))
        XCTAssertEqual(limit.offer(at: 1), .take(droppedBefore: 2))
    }

    func testDiscoveryConfigsHaveTheKeysHomeAssistantNeeds() throws {
        let configs = HomeAssistantDiscovery(topics: RemoteTopics(device: "hall.1", groups: []), version: "0.1.0").configs(trips: ["lisbon", "rome"])
        let needed = ["button": ["command_topic", "payload_press"], "switch": ["command_topic", "state_topic", "payload_on", "payload_off"],
                      "select": ["command_topic", "state_topic", "options"], "sensor": ["state_topic"], "camera": ["topic"]]
        XCTAssertEqual(Set(configs.map { $0.topic.split(separator: "/")[1] }), Set(needed.keys.map { Substring($0) }))
        for (topic, payload) in configs {
            let parts = topic.split(separator: "/")
            XCTAssertEqual(parts.count, 5, topic)
            XCTAssertEqual(parts[0], "homeassistant")
            XCTAssertEqual(parts[2], "trips_hall_1", "the node id has only [a-zA-Z0-9_-]")
            XCTAssertEqual(parts[4], "config")
            let json = try JSONDocument.parse(payload)
            for key in ["unique_id", "name", "availability_topic"] + needed[String(parts[1])]! {
                XCTAssertNotNil(json[key], "\(topic) has no \(key)")
            }
            XCTAssertEqual(json["device", "model"]?.string, "Trips")
            XCTAssertEqual(json["device", "sw_version"]?.string, "0.1.0")
            XCTAssertEqual(json["device", "identifiers"]?.array.first?.string, "trips_hall_1")
            XCTAssertEqual(json["availability_topic"]?.string, "trips/hall.1/availability")
            XCTAssertEqual(json["default_entity_id"]?.string, "\(parts[1]).trips_hall_1_\(parts[3])")
            XCTAssertNil(json["object_id"], "object_id is no longer read (Home Assistant 2026.4)")
        }
        let select = try JSONDocument.parse(try XCTUnwrap(configs.first { $0.topic.contains("/select/") }).payload)
        XCTAssertEqual(select["options"]?.array.compactMap(\.string), ["none", "lisbon", "rome"])
        XCTAssertEqual(Set(configs.map { try! JSONDocument.parse($0.payload)["unique_id"]!.string! }).count, configs.count)
    }

    // MARK: The model

    private func app() -> AppModel {
        let trips = ["lisbon", "oslo", "rome"].map { Trip(id: "2023 \($0)", city: $0.capitalized, nights: 1, photoPaths: ["/p/\($0)/a.jpg", "/p/\($0)/b.jpg"]) }
        let app = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .kiosk, idleTimeout: 120)
        app.advance(to: 1)
        return app
    }

    func testNextPagesThenGoesToTheNextTrip() {
        let app = app()
        app.handle(.remote(.next))
        XCTAssertEqual(app.remoteState.tripID, "2023 lisbon")
        XCTAssertEqual(app.remoteState.photo, "a.jpg")
        app.handle(.remote(.next))
        XCTAssertEqual(app.remoteState.photo, "b.jpg")
        app.handle(.remote(.next))
        XCTAssertEqual(app.remoteState.tripID, "2023 oslo")
        app.handle(.remote(.previous))
        XCTAssertEqual(app.remoteState.tripID, "2023 lisbon")
    }

    func testOpenByIDOrCityAndARefusalForAnUnknownTrip() {
        let app = app()
        app.handle(.remote(.open(trip: "ROME")))
        XCTAssertEqual(app.remoteState.tripID, "2023 rome")
        app.handle(.remote(.open(trip: "2023 oslo")))
        XCTAssertEqual(app.remoteState.tripID, "2023 oslo")
        _ = app.takeEvents()
        app.handle(.remote(.open(trip: "../../etc/passwd")))
        XCTAssertEqual(app.takeEvents().map(\.kind), [.remoteRefused("open: no trip has the id or city '../../etc/passwd'")])
        app.handle(.remote(.close))
        app.advance(to: 3)
        XCTAssertNil(app.remoteState.tripID)
    }

    func testSleepIsBlackAndStillUntilWakeOrATouch() {
        let app = app()
        app.handle(.remote(.open(trip: "oslo")))
        app.handle(.remote(.sleep))
        app.advance(to: 3)
        XCTAssertEqual(app.remoteState.power, "asleep")
        XCTAssertEqual(app.scene().commands, [])
        XCTAssertFalse(app.isAnimating)
        XCTAssertNil(app.nextDeadline, "nothing wakes a sleeping kiosk but a command or a touch")
        app.advance(to: 500) // no idle reset, no slideshow while asleep
        XCTAssertEqual(app.screen, .overview)
        app.handle(.remote(.wake))
        XCTAssertEqual(app.remoteState.power, "awake")
        XCTAssertFalse(app.scene().commands.isEmpty)
        app.handle(.remote(.sleep))
        app.handle(.pointer(PointerEvent(id: .mouse, phase: .down, location: CGPoint(x: 300, y: 700), timestamp: 501)))
        XCTAssertEqual(app.remoteState.power, "awake")
    }

    func testSlideshowAndItsSecondsAndTheFleetsIdleTime() {
        let app = app()
        app.handle(.remote(.slideSeconds(9)))
        app.handle(.remote(.slideshow(on: true)))
        XCTAssertEqual(app.screen, .attract)
        XCTAssertEqual(app.remoteState.slideSeconds, 9)
        let first = app.remoteState.photo
        app.handle(.remote(.next))
        XCTAssertEqual(app.screen, .attract)
        XCTAssertNotEqual(app.remoteState.photo, first)
        app.handle(.remote(.slideshow(on: false)))
        XCTAssertEqual(app.screen, .overview)
        app.handle(.remote(.settings(FleetSettings(slideSeconds: 4, idleSeconds: 30))))
        XCTAssertEqual(app.attract?.settings.slideSeconds, 4)
        XCTAssertEqual(app.idle.timeout, 30)
        app.handle(.remote(.settings(FleetSettings(reduceMotion: true))))
        XCTAssertTrue(app.bigPhoto.reduceMotion)
        XCTAssertEqual(app.attract?.reduceMotion, true)
        XCTAssertEqual(app.attract?.settings.slideSeconds, 4)
    }
}

/// What comes over MQTT and the sleep signals are inputs like a touch: a
/// replay says them (`remote`, `settings`, `power` lines), `--record` writes
/// them, and they replay to the same state.
final class RemoteReplayTests: XCTestCase {
    func testRemoteCommandsSettingsAndSignalsReplay() throws {
        let r = try ModelReplay("size 1280 800\nat 100 remote open Kyoto\nat 1500 state\nat 1600 remote next\nat 2600 state"
                                + "\nat 2700 power sleep\nat 2800 state\nat 2900 remote wake\nat 3000 state\nat 3100 settings {\"idle_seconds\": 5}")
        XCTAssertEqual(try r.state(at: 1500)["enlarged"]?.string, "kyoto")
        let opened = r.events("open").compactMap { $0["trip"]?.string }
        XCTAssertEqual(opened.first, "kyoto")
        XCTAssertEqual(opened.count, 2, "next, past Kyoto's one photo, opens the next trip")
        XCTAssertEqual(try r.state(at: 2600)["enlarged"]?.string, opened.last)
        XCTAssertEqual(r.events("asleep").count, 1)
        XCTAssertEqual(try r.state(at: 2800)["a11y"]?.array.compactMap { $0["label"]?.string }, ["Asleep: touch the screen to wake it"])
        XCTAssertEqual(r.events("awake").count, 1, "remote wake is SIGUSR1's wake")
        XCTAssertEqual(try r.state(at: 3000)["screen"]?.string, "overview")
    }

    func testEachLineIsWrittenAsItIsRead() throws {
        let lines = ["remote open Grandma's 80th", "remote slideshow start", "remote slide-seconds 2.5", "remote next",
                     #"settings {"slide_seconds":3,"reduce_motion":true}"#, "power sleep", "power wake"]
        let text = "size 1280 800\n" + lines.enumerated().map { "at \($0.offset * 10) \($0.element)\n" }.joined()
        let script = try ReplayScript.parse(text, file: "s")
        let written = script.steps.map { ReplayScript.words(for: $0.command) }
        XCTAssertEqual(written.filter { !$0.hasPrefix("settings") }, lines.filter { !$0.hasPrefix("settings") })
        XCTAssertTrue(written.contains { $0.hasPrefix("settings {") && $0.contains("\"reduce_motion\"") }, "\(written)")
        XCTAssertEqual(try ReplayScript.parse(script.serialized(), file: "s"), script)
    }

    func testABadRemoteLineNamesItsLineAndTheValue() {
        XCTAssertThrowsError(try ReplayScript.parse("size 1280 800\nat 10 remote slide-seconds 0\n", file: "s")) { error in
            XCTAssertTrue("\(error)".hasPrefix("s:2:") && "\(error)".contains("'0'"), "\(error)")
        }
        XCTAssertThrowsError(try ReplayScript.parse("size 1280 800\nat 10 power off\n", file: "s"))
    }
}
