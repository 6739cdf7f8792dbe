import Foundation
import JSON
import TestSupport
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

    /// A library of a clip (red then blue, `seconds` each) made before a
    /// lime photo: the colour at the window's middle shot at `times` (ms).
    private func clipSlideColours(seconds: Double, rate: Int, at times: [Int]) throws -> [String] {
        let folder = try temporaryFolder("trips-attract-clip").path, roll = folder + "/roll"
        try FileManager.default.createDirectory(atPath: roll, withIntermediateDirectories: true)
        try MovingMedia.clip(roll + "/a.mp4", colours: ["red", "blue"], seconds: seconds, rate: rate)
        try MovingMedia.run("convert", ["-size", "320x240", "xc:lime", roll + "/b.jpg"])
        try MovingMedia.run("touch", ["-d", "2024-05-01 10:00:00", roll + "/a.mp4"])
        try MovingMedia.run("touch", ["-d", "2024-05-01 10:05:00", roll + "/b.jpg"])
        let shots = times.map { folder + "/shot-\($0).png" }
        _ = try run(zip(times, shots).map { "at \($0) shot \($1)" }.joined(separator: "\n"), ["--photos", roll])
        return try shots.map { try MovingMedia.colour(ofPNG: $0, x: 640, y: 300) }
    }

    /// A clip under 30 s plays through once as its slide, which lasts as
    /// long as it (3 s, not the 2 s of `--slide`), then the next photo comes.
    func testTheLoopPlaysAShortClipThroughAsItsSlide() throws {
        // The loop starts at 7 s: red to 8.5, blue to 10, then the photo
        // fades in over the clip's last frame (blue and lime: no red).
        let shown = try clipSlideColours(seconds: 1.5, rate: 10, at: [8200, 9500, 9900, 10_300, 11_500])
        XCTAssertEqual(shown.prefix(3) + shown.suffix(1), ["red", "blue", "blue", "green"])
        XCTAssertTrue(["blue", "green"].contains(shown[3]) || shown[3].hasPrefix("rgb(0,"), shown[3])
    }

    /// A clip of 30 s or more shows its first 10 s.
    func testTheLoopShowsALongClipsFirstTenSeconds() throws {
        // Red for the clip's first 15 s: at 9.5 s of the slide still red, the photo once 10 s have passed.
        XCTAssertEqual(try clipSlideColours(seconds: 15, rate: 2, at: [8200, 16_500, 18_500]), ["red", "red", "green"])
    }

    /// A library of an animated GIF (red, blue, green of 300 ms, for ever)
    /// made before a lime photo: the colour at the window's middle shot at `times` (ms).
    private func animationSlideColours(at times: [Int], _ extra: [String] = []) throws -> [String] {
        let folder = try temporaryFolder("trips-attract-animation").path, roll = folder + "/roll"
        try FileManager.default.createDirectory(atPath: roll, withIntermediateDirectories: true)
        try MovingMedia.gif(roll + "/a.gif", colours: ["red", "blue", "lime"], delay: 30, loops: 0, width: 320, height: 240)
        try MovingMedia.run("convert", ["-size", "320x240", "xc:lime", roll + "/b.jpg"])
        try MovingMedia.run("touch", ["-d", "2024-05-01 10:00:00", roll + "/a.gif"])
        try MovingMedia.run("touch", ["-d", "2024-05-01 10:05:00", roll + "/b.jpg"])
        let shots = times.map { folder + "/shot-\($0).png" }
        _ = try run(zip(times, shots).map { "at \($0) shot \($1)" }.joined(separator: "\n"), ["--photos", roll] + extra)
        return try shots.map { try MovingMedia.colour(ofPNG: $0, x: 640, y: 300) }
    }

    /// An animation plays as its slide (`--slide`'s 2 s, from 7 s: red,
    /// blue, green, red, blue, green...), as it asks, with no pan or zoom; with
    /// reduced motion it shows its first frame.
    func testTheLoopPlaysAnAnimationAsItsSlide() throws {
        let times = [7950, 8350, 8650, 9950]
        XCTAssertEqual(try animationSlideColours(at: times), ["red", "blue", "green", "green"])
        XCTAssertEqual(try animationSlideColours(at: times, ["--reduce-motion"]), ["red", "red", "red", "green"])
    }
}
