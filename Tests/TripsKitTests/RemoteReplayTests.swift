import Foundation
import JSON
import XCTest
@testable import TripsKit

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
