import Foundation
import TestSupport
import XCTest

/// Animations (GIF, APNG, WebP, JPEG XL) in the big photo on the replay's
/// virtual clock, through the binary: shots at chosen times show the frame
/// due then (red, blue and green frames of 300 ms), loop counts end on the last frame, the same
/// script gives the same bytes, and reduced motion shows the first frame.
final class MovingPhotoTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try temporaryFolder("trips-moving").path }

    /// The big photo's centre in a 1280 x 800 window.
    private let centre = (x: 461, y: 300)
    /// The tap that opens the only trip's photo: the big photo comes out at its lift, 0.16 s.
    private let open = "size 1280 800\nat 100 down 1 100 300\nat 160 up 1\n"

    /// The colours shot at `times` (ms) in a library of `file` alone.
    private func colours(_ file: String, at times: [Int], arguments: [String] = []) throws -> [String] {
        let library = folder + "/" + file.replacingOccurrences(of: ".", with: "-")
        let shots = times.map { folder + "/shot-\(file)-\($0).png" }
        let script = open + zip(times, shots).map { "at \($0) shot \($1)" }.joined(separator: "\n")
        let run = try Replay.run(script, arguments: arguments + ["--photos", library])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try shots.map { try MovingMedia.colour(ofPNG: $0, x: centre.x, y: centre.y) }
    }

    private func library(for file: String) throws -> String {
        let library = folder + "/" + file.replacingOccurrences(of: ".", with: "-")
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        return library + "/" + file
    }

    /// Red, blue, green for 300 ms each, played twice, in each format.
    private func makeAll() throws -> [String] {
        let colours = ["red", "blue", "lime"]
        try MovingMedia.gif(try library(for: "a.gif"), colours: colours, delay: 30, loops: 2, width: 320, height: 240)
        try MovingMedia.apng(try library(for: "a.png"), colours: colours, delay: 300, loops: 2, width: 320, height: 240)
        try MovingMedia.webp(try library(for: "a.webp"), colours: colours, delay: 300, loops: 2, width: 320, height: 240)
        return ["a.gif", "a.png", "a.webp"]
    }

    func testFramesShowAtTheirTimesAndTheLastStaysAfterTheLoops() throws {
        // Opened at 160 ms: red until 460, blue until 760, green until
        // 1060, then the second play to 1960, and green from then on.
        let times = [200, 440, 480, 740, 780, 1040, 1080, 1400, 1700, 1940, 1980, 3000]
        let expected = ["red", "red", "blue", "blue", "green", "green", "red", "blue", "green", "green", "green", "green"]
        for file in try makeAll() {
            XCTAssertEqual(try colours(file, at: times), expected, file)
        }
        // cjxl plays every JPEG XL for ever, whatever its GIF said: a third play from 1960.
        try MovingMedia.jxl(try library(for: "a.jxl"), colours: ["red", "blue", "lime"], delay: 30, loops: 0, width: 320, height: 240)
        XCTAssertEqual(try colours("a.jxl", at: times), Array(expected.dropLast(2)) + ["red", "red"], "a.jxl")
    }

    /// An AVIF image sequence (frames of 100 ms, three a colour) plays as
    /// an animation, for ever: libavformat does not read its repeat count.
    func testAnAVIFSequencePlays() throws {
        try MovingMedia.avifSequence(try library(for: "a.avif"), colours: ["red", "blue", "lime"], seconds: 0.3)
        XCTAssertEqual(try colours("a.avif", at: [200, 440, 480, 740, 780, 1040, 1080, 1400]),
                       ["red", "red", "blue", "blue", "green", "green", "red", "blue"])
    }

    /// A first look long after the opening (a replay's jump, a stalled
    /// machine): the worker skips to the frame due, past all of the first
    /// play but its first frame, and the picture still plays on.
    func testAFirstShotPastTheFirstPlayShowsTheFrameDueThen() throws {
        try MovingMedia.gif(try library(for: "late.gif"), colours: ["red", "blue", "lime"], delay: 30, loops: 0, width: 320, height: 240)
        // Opened at 160 ms, 900 ms a play, first looked at 2100 ms: 140 ms
        // into the third play (red), then 440 (blue) and 740 (green).
        XCTAssertEqual(try colours("late.gif", at: [2100, 2400, 2700]), ["red", "blue", "green"])
    }

    func testTheSameScriptShootsTheSameBytes() throws {
        let file = try makeAll()[0]
        _ = try colours(file, at: [300, 700, 1100])
        let first = try [300, 700, 1100].map { try Data(contentsOf: URL(fileURLWithPath: folder + "/shot-\(file)-\($0).png")) }
        _ = try colours(file, at: [300, 700, 1100])
        let second = try [300, 700, 1100].map { try Data(contentsOf: URL(fileURLWithPath: folder + "/shot-\(file)-\($0).png")) }
        XCTAssertEqual(first, second)
    }

    /// With reduced motion the badge in the big photo's corner (at 64,
    /// 102) is what plays an animation: from its start at the tap, until
    /// a second tap holds the frame shown then. Red, blue, green of 300 ms, for ever.
    func testReducedMotionPlaysAnAnimationOnATapOfItsBadge() throws {
        try MovingMedia.gif(try library(for: "r.gif"), colours: ["red", "blue", "lime"], delay: 30, loops: 0, width: 320, height: 240)
        let times = [700, 1000, 1200, 1500, 1800, 2800, 3200]
        let shots = times.map { folder + "/shot-r-\($0).png" }
        // Tapped at 1050 (down at 1000): red to 1350, blue to 1650, green to 1950, red, then blue from 2250;
        // held at 2450 (blue) by the second tap.
        let taps = "at 1000 down 2 64 102\nat 1050 up 2\nat 1100 state\nat 2400 down 3 64 102\nat 2450 up 3\nat 2500 state\n"
        let script = open + "at 900 state\n" + taps + zip(times, shots).map { "at \($0) shot \($1)" }.joined(separator: "\n")
        let run = try Replay.run(script, arguments: ["--reduce-motion", "--photos", folder + "/r-gif"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try shots.map { try MovingMedia.colour(ofPNG: $0, x: centre.x, y: centre.y) },
                       ["red", "red", "red", "blue", "green", "blue", "blue"])
        func badge(at t: Int) throws -> String? {
            try run.state(at: t)["a11y"]?.array.compactMap { $0["label"]?.string }.first { $0.hasSuffix(" animation") }
        }
        XCTAssertEqual(try badge(at: 900), "Play animation")
        XCTAssertEqual(try badge(at: 1100), "Pause animation")
        XCTAssertEqual(try badge(at: 2500), "Play animation")
    }

    func testReducedMotionShowsTheFirstFrame() throws {
        for file in try makeAll() {
            XCTAssertEqual(try colours(file, at: [300, 700, 1100], arguments: ["--reduce-motion"]), ["red", "red", "red"], file)
        }
    }
}
