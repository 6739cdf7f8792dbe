import Foundation
import JSON
import TestSupport
import XCTest

/// A clip's controls through the binary on the replay's virtual clock: a
/// tap on the playing clip brings up a pause button and a scrubber; paused,
/// the frame stays; a drag on the scrubber shows the frame there; play goes
/// on from it; the controls go a few seconds after the last touch.
final class ClipControlsTests: XCTestCase {
    /// A folder with a roll of one clip, red for 2 s, then blue for 2 s (under 10 s: it loops).
    private func redThenBlue(_ name: String) throws -> (folder: String, roll: String) {
        let folder = try temporaryFolder(name).path, roll = folder + "/roll"
        try FileManager.default.createDirectory(atPath: roll, withIntermediateDirectories: true)
        try MovingMedia.clip(roll + "/clip.mp4", colours: ["red", "blue"], seconds: 2, rate: 10)
        return (folder, roll)
    }

    func testATapShowsControlsThatPauseAndScrub() throws {
        let (folder, roll) = try redThenBlue("trips-clip-controls")
        // The bar sits over the big photo's foot (1280 x 800: the button at 60,516; the scrubber from 94 to 870).
        let times = [1600, 3500, 5000, 5600, 7000, 8600, 12_000]
        let shots = times.map { "\(folder)/shot-\($0).png" }
        let script = ["size 1280 800", "at 100 down 1 100 300", "at 160 up 1",
                      "at 1000 down 1 461 300", "at 1060 up 1", // the controls
                      "at 1800 down 1 60 516", "at 1860 up 1", // pause at 1.7 s of the clip (red)
                      "at 5200 down 1 676 516", "at 5300 up 1", // scrub to three quarters, 3 s (blue), still paused
                      "at 7200 down 1 60 516", "at 7260 up 1", // play on from 3 s: blue, then red again past 4 s
                      "at 1700 state", "at 5000 state", "at 12000 state"]
            + zip(times, shots).map { "at \($0) shot \($1)" }
        let r = try Replay.run(script.joined(separator: "\n"), arguments: ["--photos", roll])
        XCTAssertEqual(r.status, 0, r.stderr)
        let colours = try shots.map { try MovingMedia.colour(ofPNG: $0, x: 461, y: 300) }
        XCTAssertEqual(colours, ["red", "red", "red", "blue", "blue", "red", "blue"])
        func labels(_ t: Int) throws -> [String] { try r.state(at: t)["a11y"]?.array.compactMap { $0["label"]?.string } ?? [] }
        let (playing, paused, later) = (try labels(1700), try labels(5000), try labels(12_000))
        XCTAssertTrue(playing.contains("Pause") && playing.contains("Position"), "\(playing)")
        XCTAssertTrue(paused.contains("Play"), "paused, the controls stay: \(paused)")
        XCTAssertFalse(later.contains("Pause"), "gone 3 s after the last touch: \(later)")
        // The pause sign is drawn (white) while the controls are up, the clip's colour once they went.
        XCTAssertEqual(try MovingMedia.colour(ofPNG: shots[0], x: 55, y: 516), "rgb(255,255,255)")
        XCTAssertEqual(try MovingMedia.colour(ofPNG: shots[6], x: 55, y: 516), "blue")
    }

    /// `K` is the keyboard's play/pause: the clip holds its frame, and plays on at the next.
    func testKPausesAndPlaysTheClip() throws {
        let (folder, roll) = try redThenBlue("trips-clip-k")
        let shots = [3000, 5500].map { "\(folder)/k-\($0).png" }
        // Opened at 0.16 s; paused at 1.0 s (0.84 s in: red), played on at 4.0 s.
        let r = try Replay.run("size 1280 800\nat 100 down 1 100 300\nat 160 up 1\nat 1000 key K\nat 3000 shot \(shots[0])\n"
                               + "at 4000 key K\nat 5500 shot \(shots[1])", arguments: ["--photos", roll])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try MovingMedia.colour(ofPNG: shots[0], x: 461, y: 300), "red", "paused (unpaused, 2.84 s in: blue)")
        // 0.84 + 1.5 = 2.34 s in: blue (never paused, 5.34 s: looped, red).
        XCTAssertEqual(try MovingMedia.colour(ofPNG: shots[1], x: 461, y: 300), "blue")
    }

    /// The scrubber's keyboard path and the screen reader's: `L` moves the
    /// clip 5 s on (round its 4 s loop), `J` back; a reader's set of its
    /// position (as Orca's increment does) shows the frame there.
    func testJLAndAReadersSetMoveTheClip() throws {
        let (folder, roll) = try redThenBlue("trips-clip-seek")
        let shots = [1500, 2500, 3500, 4500].map { "\(folder)/seek-\($0).png" }
        // Opened at 0.16 s; paused at 1.0 s (0.84 s in: red); L: 1.84 s (red, round the loop from 5.84);
        // again: 2.84 s (blue); J: back round to 1.84 s (red); the reader: 3 s (blue).
        let r = try Replay.run(["size 1280 800", "at 100 down 1 100 300", "at 160 up 1", "at 1000 key K",
                                "at 1400 key L", "at 1500 shot \(shots[0])", "at 2400 key L", "at 2500 shot \(shots[1])",
                                "at 3400 key J", "at 3500 shot \(shots[2])", "at 3600 state",
                                "at 4400 reader set 3 button:clip-scrubber", "at 4500 shot \(shots[3])", "at 4600 state"].joined(separator: "\n"),
                               arguments: ["--photos", roll])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try shots.map { try MovingMedia.colour(ofPNG: $0, x: 461, y: 300) }, ["red", "blue", "red", "blue"])
        func position(_ t: Int) throws -> String? { try r.state(at: t)["a11y"]?.array.first { $0["label"]?.string == "Position" }?["value"]?.string }
        XCTAssertEqual(try position(3600), "0:02 of 0:04")
        XCTAssertEqual(try position(4600), "0:03 of 0:04")
    }

    /// With reduced motion a clip shows its first frame until its badge
    /// (at 64, 102) is tapped: then it plays from its start.
    func testWithReducedMotionAClipPlaysOnATapOfItsBadge() throws {
        let (folder, roll) = try redThenBlue("trips-clip-badge")
        let shots = [2500, 3800].map { "\(folder)/badge-\($0).png" }
        // Tapped at 1.6 s (up): red to 3.6 s, then blue.
        let r = try Replay.run("size 1280 800\nat 100 down 1 100 300\nat 160 up 1\nat 1550 down 2 64 102\nat 1600 up 2\n"
                               + zip([2500, 3800], shots).map { "at \($0) shot \($1)" }.joined(separator: "\n"),
                               arguments: ["--reduce-motion", "--photos", roll])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try shots.map { try MovingMedia.colour(ofPNG: $0, x: 461, y: 300) }, ["red", "blue"])
        let still = try Replay.run("size 1280 800\nat 100 down 1 100 300\nat 160 up 1\nat 3800 shot \(shots[1])",
                                   arguments: ["--reduce-motion", "--photos", roll])
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(try MovingMedia.colour(ofPNG: shots[1], x: 461, y: 300), "red", "untapped, its first frame")
    }

    /// `M` through the binary: the controls come up with a sound button
    /// drawn at the bar's end (a speaker, white) and read as "Sound off",
    /// and the state says the sound is on; `M` again, off.
    func testMTurnsTheSoundOnWithItsButtonDrawnAndRead() throws {
        let folder = try temporaryFolder("trips-clip-m").path, roll = folder + "/roll"
        try FileManager.default.createDirectory(atPath: roll, withIntermediateDirectories: true)
        try MovingMedia.clip(roll + "/clip.mp4", colours: ["red", "blue"], seconds: 2, rate: 10)
        let shot = folder + "/m.png"
        // No audio device is wanted here: the model's word is what is checked (Tests/e2e/sound.sh plays it).
        let r = try Replay.run("size 1280 800\nat 100 down 1 100 300\nat 160 up 1\nat 1000 key M\nat 1100 state\nat 1100 shot \(shot)\n"
                               + "at 2000 key M\nat 2100 state", arguments: ["--photos", roll], environment: ["SDL_AUDIODRIVER": "none-such"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let (on, off) = (try r.state(at: 1100), try r.state(at: 2100))
        XCTAssertEqual(on["clip", "sound"]?.bool, true)
        XCTAssertEqual(off["clip", "sound"]?.bool, false)
        XCTAssertTrue(on["a11y"]?.array.contains { $0["label"]?.string == "Sound off" } == true)
        // The speaker's body, left of the button's middle (the bar ends at 890; the button is 44 wide, 6 in).
        XCTAssertEqual(try MovingMedia.colour(ofPNG: shot, x: 854, y: 516), "rgb(255,255,255)")
    }
}
