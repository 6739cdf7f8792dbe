import Foundation
import TestSupport
import XCTest

/// A Live Photo (a JPEG with a MOV of its name beside it) and a Motion
/// Photo (a JPEG with an MP4 appended, made by exiftool) in a library,
/// opened big, through the binary on the replay's virtual clock: held, the
/// clip plays (red, then blue); let go, or at the clip's end, the still is back.
final class LivePhotoPlaybackTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try temporaryFolder("trips-live").path }

    /// The colours at the big photo's centre shot at `times` (ms) in a
    /// library of the one live photo, opened by a tap lifted at 160 ms and
    /// then held from `holds.lowerBound` to `holds.upperBound` ms.
    private func colours(at times: [Int], holds: [Range<Int>], arguments: [String] = []) throws -> [String] {
        let shots = times.map { folder + "/shot-\($0).png" }
        let script = ["size 1280 800", "at 100 down 1 100 300", "at 160 up 1"]
            + holds.flatMap { ["at \($0.lowerBound) down 1 461 300", "at \($0.upperBound) up 1"] }
            + zip(times, shots).map { "at \($0) shot \($1)" }
        let run = try Replay.run(script.joined(separator: "\n"), arguments: ["--photos", folder + "/roll"] + arguments)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try shots.map { try MovingMedia.colour(ofPNG: $0, x: 461, y: 300) }
    }

    func testALivePhotosClipPlaysWhileHeldAndItsStillComesBack() throws {
        try FileManager.default.createDirectory(atPath: folder + "/roll", withIntermediateDirectories: true)
        try MovingMedia.run("convert", ["-size", "320x240", "xc:lime", folder + "/roll/IMG_0001.JPG"])
        try MovingMedia.clip(folder + "/roll/IMG_0001.MOV", colours: ["red", "blue"], seconds: 1, rate: 10)
        // Held from 1.0 s: the clip starts at 1.5 (red), blue from 2.5, ends at 3.5 though still held;
        // held again from 4.0 and let go at 4.8, mid-clip.
        XCTAssertEqual(try colours(at: [900, 1400, 2000, 3000, 3700, 4700, 4900], holds: [1000..<3800, 4000..<4800]),
                       ["green", "green", "red", "blue", "green", "red", "green"])
    }

    /// `K` is the hold's keyboard path: the clip plays once and the still comes back; K again plays it from its start.
    func testKPlaysALivePhotosClip() throws {
        try FileManager.default.createDirectory(atPath: folder + "/roll", withIntermediateDirectories: true)
        try MovingMedia.run("convert", ["-size", "320x240", "xc:lime", folder + "/roll/IMG_0003.JPG"])
        try MovingMedia.clip(folder + "/roll/IMG_0003.MOV", colours: ["red", "blue"], seconds: 1, rate: 10)
        let shots = [900, 1500, 2500, 3500, 4500, 5100].map { folder + "/k-\($0).png" }
        let script = ["size 1280 800", "at 100 down 1 100 300", "at 160 up 1", "at 1000 key K", "at 4000 key K", "at 5000 key K"]
            + zip([900, 1500, 2500, 3500, 4500, 5100], shots).map { "at \($0) shot \($1)" }
        let run = try Replay.run(script.joined(separator: "\n"), arguments: ["--photos", folder + "/roll"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // Played at 1.0 s (red, then blue from 2.0, the still at 3.0); again at 4.0, and from the start at 5.0 (red, not blue).
        XCTAssertEqual(try shots.map { try MovingMedia.colour(ofPNG: $0, x: 461, y: 300) }, ["green", "red", "blue", "green", "red", "red"])
    }

    /// A hold asks for the clip: with `--reduce-motion` it plays too.
    func testWithReducedMotionAHoldStillPlaysTheClip() throws {
        try FileManager.default.createDirectory(atPath: folder + "/roll", withIntermediateDirectories: true)
        try MovingMedia.run("convert", ["-size", "320x240", "xc:lime", folder + "/roll/IMG_0002.JPG"])
        try MovingMedia.clip(folder + "/roll/IMG_0002.MOV", colours: ["red"], seconds: 1, rate: 10)
        XCTAssertEqual(try colours(at: [900, 2000, 2700], holds: [1000..<2600], arguments: ["--reduce-motion"]), ["green", "red", "green"])
    }

    func testAMotionPhotosEmbeddedClipPlaysWhileHeld() throws {
        try FileManager.default.createDirectory(atPath: folder + "/roll", withIntermediateDirectories: true)
        let made = try PhoneRoll(folder: folder + "/roll").motionPhoto("PXL_0001.MP.jpg", seconds: 2, clipColor: "blue")
        XCTAssertGreaterThan(made.offset, 0)
        // The still is an orange to purple gradient; the appended clip all blue.
        let shown = try colours(at: [900, 2000, 2700], holds: [1000..<2600])
        XCTAssertNotEqual(shown[0], "blue")
        XCTAssertEqual(shown[1], "blue")
        XCTAssertEqual(shown[2], shown[0])
    }
}
