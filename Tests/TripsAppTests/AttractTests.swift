import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The kiosk's attract loop, replayed on the virtual clock with the bundled
/// trips (Lisbon first, then Reykjavik): `--idle 5 --slide 2`, so the reset
/// comes at 5 s, the loop at 7 s, the next photo at 9 s.
final class AttractTests: XCTestCase {
    func run(_ script: String, _ extra: [String] = []) throws -> Replay {
        let r = try Replay.run("size 1280 800\n" + script, arguments: ["--kiosk", "--idle", "5", "--slide", "2"] + extra)
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        return r
    }

    func testAfterTheIdleTimeTheTripsPhotosPlayWithACaptionAndCrossFade() throws {
        let r = try run("at 6500 state\nat 7500 state\nat 8900 state\nat 9100 state\nat 10500 state")
        XCTAssertEqual(try r.state(at: 6500)["screen"]?.string, "overview", "the reset lands on the Overview first")
        let first = try r.state(at: 7500)
        XCTAssertEqual(first["screen"]?.string, "attract")
        XCTAssertEqual(first["attract", "trip"]?.string, "lisbon")
        XCTAssertEqual(first["attract", "caption"]?.string, "Lisbon · 4 nights")
        XCTAssertEqual(first["a11y"]?.array.first?["value"]?.string, "Lisbon · 4 nights")
        let zoomEarly = try XCTUnwrap(first["attract", "zoom"]?.number), zoomLate = try XCTUnwrap(r.state(at: 8900)["attract", "zoom"]?.number)
        XCTAssertGreaterThan(zoomLate, zoomEarly + 0.05, "the photo slowly zooms")
        XCTAssertEqual(try r.state(at: 8900)["attract", "opacity"]?.number, 1)
        let fading = try r.state(at: 9100)
        XCTAssertEqual(fading["attract", "trip"]?.string, "reykjavik")
        XCTAssertEqual(fading["attract", "fading-out"]?.string, "dune.jpg", "Lisbon's photo is under it")
        XCTAssertLessThan(try XCTUnwrap(fading["attract", "opacity"]?.number), 0.5)
        XCTAssertTrue(try r.state(at: 10500)["attract", "fading-out"]?.isNull ?? false)
        XCTAssertEqual(r.events("attract").count, 1)
    }

    func testTheFirstTouchEndsItWithoutActingOnWhatWasUnderTheFinger() throws {
        // A tap on the first strip photo, a swipe along the strip, and Return: each only ends a loop.
        let r = try run("at 8000 down 1 300 700\nat 8060 up 1\nat 8100 state\nat 9000 state\n"
                        + Gesture.drag(from: (600, 700), to: (100, 700), start: 16000, duration: 200) + "\nat 17000 state\n"
                        + "at 24000 key Return\nat 25000 state")
        XCTAssertEqual(r.events("attract-end").count, 3)
        XCTAssertEqual(r.events("attract").count, 3)
        for t in [8100, 9000, 17000, 25000] {
            let s = try r.state(at: t)
            XCTAssertEqual(s["screen"]?.string, "overview", "\(t)")
            XCTAssertTrue(s["enlarged"]?.isNull ?? false, "nothing opened at \(t)")
            XCTAssertEqual(s["strip", "offset"]?.number, 0, "the strip did not scroll at \(t)")
        }
        XCTAssertTrue(r.events("open").isEmpty)
    }

    func testReducedMotionOnlyCrossFades() throws {
        let r = try run("at 7500 state\nat 8900 state\nat 9100 state", ["--reduce-motion"])
        for t in [7500, 8900, 9100] {
            let s = try r.state(at: t)
            XCTAssertEqual(s["screen"]?.string, "attract")
            XCTAssertEqual(s["attract", "zoom"]?.number, 1, "no zoom at \(t)")
            XCTAssertEqual(s["attract", "center"]?.numbers, [0.5, 0.5], "no pan at \(t)")
        }
        XCTAssertEqual(try r.state(at: 9100)["attract", "fading-out"]?.string, "dune.jpg", "still a cross-fade")
        XCTAssertEqual(try r.state(at: 8900)["animating"]?.bool, false, "nothing moves between fades")
    }

    func testADesktopWindowPlaysNoLoopUnlessAsked() throws {
        let plain = try Replay.run("size 1280 800\nat 12000 state", arguments: ["--idle", "5"])
        XCTAssertEqual(try plain.state(at: 12000)["screen"]?.string, "overview")
        let asked = try Replay.run("size 1280 800\nat 12000 state", arguments: ["--idle", "5", "--slide", "3"])
        XCTAssertEqual(try asked.state(at: 12000)["screen"]?.string, "attract")
        let bad = try Replay.run("size 1280 800\nat 0 state", arguments: ["--slide", "0"])
        XCTAssertEqual(bad.status, ExitCode.badInput.rawValue)
        XCTAssertTrue(bad.stderr.contains("--slide expects seconds from 1 to 3600, got '0'"), bad.stderr)
    }
}
