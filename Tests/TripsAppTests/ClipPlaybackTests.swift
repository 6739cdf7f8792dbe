import Foundation
import TestSupport
import XCTest

/// A video clip opened big, through the binary on the replay's virtual
/// clock: it plays from the start (red, then blue), a clip under 10 s
/// loops, a longer one plays once and stays on its last frame, and its
/// still (the strip's, once closed) is its first frame. The clip is named
/// by a trips file (a library's clips are the catalog's to find).
final class ClipPlaybackTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try temporaryFolder("trips-clips").path }

    /// The colours at the big photo's centre shot at `times` (ms), the clip
    /// opened by a tap lifted at 160 ms; after them it is closed and the
    /// strip photo's colour is the last.
    private func colours(_ clip: String, at times: [Int]) throws -> [String] {
        let trips = folder + "/trips.json"
        try "{ \"trips\": [ { \"id\": \"clip\", \"city\": \"Clip\", \"nights\": 1, \"photo\": \"\(clip)\" } ] }"
            .write(toFile: trips, atomically: true, encoding: .utf8)
        let shots = times.map { folder + "/shot-\($0).png" }
        let closed = (times.last ?? 0) + 100
        let script = "size 1280 800\nat 100 down 1 100 300\nat 160 up 1\n" + zip(times, shots).map { "at \($0) shot \($1)" }.joined(separator: "\n")
            + "\nat \(closed) key Escape\nat \(closed + 1500) shot \(folder)/closed.png"
        let run = try Replay.run(script, arguments: ["--trips", trips])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try shots.map { try MovingMedia.colour(ofPNG: $0, x: 461, y: 300) } + [MovingMedia.colour(ofPNG: folder + "/closed.png", x: 300, y: 700)]
    }

    func testAShortClipPlaysFromTheStartAndLoops() throws {
        try MovingMedia.clip(folder + "/short.mp4", colours: ["red", "blue"], seconds: 1, rate: 10)
        // Red from 0.16 s, blue from 1.16, red again from 2.16 (looped).
        XCTAssertEqual(try colours("short.mp4", at: [300, 1000, 1300, 2000, 2300, 3300]), ["red", "red", "blue", "blue", "red", "blue", "red"])
    }

    func testAClipOfTenSecondsOrMorePlaysOnceAndStaysOnItsLastFrame() throws {
        try MovingMedia.clip(folder + "/long.mp4", colours: ["red", "blue"], seconds: 5, rate: 5)
        XCTAssertEqual(try colours("long.mp4", at: [300, 5000, 5300, 10_000, 12_000]), ["red", "red", "blue", "blue", "blue", "red"])
    }
}
