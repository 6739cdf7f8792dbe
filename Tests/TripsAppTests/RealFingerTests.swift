import Foundation
import XCTest
@testable import TripsKit

/// Input as real touch panels send it, replayed through the real binary:
/// a lift that comes a frame after the last move, a third finger, a finger
/// that loses contact for a moment. Window 1280 x 800 points: the big photo
/// is (16, 68, 890, 524) once open.
final class RealFingerTests: XCTestCase {
    /// Opened and settled by 1000 ms.
    let opened = "size 1280 800\nat 100 down 1 300 700\nat 160 up 1"

    func testTheLessonsFlickClosesTheBigPhoto() throws {
        // 100 pt down in 33 ms, a move every 8 ms, the lift 8 ms after the
        // last move at the same place: 3,000 pt/s, whose predicted end
        // passes 400 pt although the pull itself is short of 120.
        let flick = """
        at 1000 down 1 400 300
        at 1008 move 1 400 325
        at 1016 move 1 400 350
        at 1024 move 1 400 375
        at 1033 move 1 400 400
        at 1041 up 1 400 400
        at 3000 state
        """
        let r = try Replay.run(opened + "\n" + flick)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.events("close").first?["trip"]?.string, "lisbon", "the flick closes")
        XCTAssertTrue(try r.state(at: 3000)["enlarged"]?.isNull ?? false)
    }

    func testAThirdFingerOnThePhotoDoesNotDisturbATwoFingerPinch() throws {
        // Two fingers spread 100 -> 250 pt (2.5x) while a third touches the
        // photo, moves a little and lifts mid-pinch.
        let third = "at 1050 down 3 700 200\nat 1080 move 3 705 210\nat 1120 move 3 710 220\nat 1150 up 3"
        let r = try Replay.run(opened + "\n" + Gesture.pinch(center: (460, 330), startGap: 100, endGap: 250, start: 1000)
                               + "\n" + third + "\nat 1800 state")
        XCTAssertEqual(r.status, 0, r.stderr)
        let s = try r.state(at: 1800)
        XCTAssertEqual(s["enlarged"]?.string, "lisbon", "no tap or pull closed it")
        XCTAssertEqual(s["zoom"]?.number ?? 0, 2.5, accuracy: 0.02)
        XCTAssertEqual(s["badge"]?.string, "2.5\u{00D7}")
        XCTAssertTrue(r.events("close").isEmpty)
    }

    func testAPinchWithAFingerLiftedAndPutDownAgainKeepsZooming() throws {
        // Fingers 100 -> 175 pt apart (1.75x); finger 2 loses contact for
        // 30 ms and comes back elsewhere, 140 pt from finger 1; then 140 ->
        // 200 pt: 1.75 x 200/140 = 2.5x, with no jump when it rejoins.
        var lines = ["at 1000 down 1 410 330", "at 1000 down 2 510 330"]
        for i in 1...5 { lines.append("at \(1000 + i * 20) move 2 \(510 + i * 15) 330") }
        lines += ["at 1110 up 2", "at 1140 down 2 550 330", "at 1150 state"]
        for i in 1...5 { lines.append("at \(1150 + i * 20) move 2 \(550 + i * 12) 330") }
        lines += ["at 1255 state", "at 1260 up 1", "at 1260 up 2", "at 2000 state"]
        let r = try Replay.run(opened + "\n" + lines.joined(separator: "\n"))
        XCTAssertEqual(r.status, 0, r.stderr)
        let rejoined = try r.state(at: 1150)
        XCTAssertEqual((rejoined["zoom"]?.number ?? 0) * (rejoined["pinch"]?.number ?? 0), 1.75, accuracy: 0.02,
                       "the finger back down: no jump")
        let spreading = try r.state(at: 1255)
        XCTAssertEqual((spreading["zoom"]?.number ?? 0) * (spreading["pinch"]?.number ?? 0), 2.5, accuracy: 0.02, "it keeps zooming")
        let after = try r.state(at: 2000)
        XCTAssertEqual(after["zoom"]?.number ?? 0, 2.5, accuracy: 0.02)
        XCTAssertEqual(after["enlarged"]?.string, "lisbon")
        XCTAssertEqual(r.events("zoom").count, 1, "the pinch ends once, when the last finger lifts")
    }
}

/// What a screen reader finds while the big photo is out.
final class BigPhotoAccessibilityTests: XCTestCase {
    func testTheBigPhotoIsAButtonReadRightAfterTheTitle() throws {
        let r = try Replay.run("size 1280 800\nat 100 down 1 300 700\nat 160 up 1\nat 1500 state\nat 1600 key Escape\nat 2500 state")
        let elements = try r.state(at: 1500)["a11y"]?.array ?? []
        XCTAssertGreaterThan(elements.count, 2)
        XCTAssertEqual(elements.first?["label"]?.string, "Trips")
        let big = elements.dropFirst().first
        XCTAssertEqual(big?["label"]?.string, "Photo of Lisbon", "second in reading order")
        XCTAssertEqual(big?["traits"]?.array.compactMap(\.string), ["button", "image"], "a tap closes it")
        XCTAssertEqual(big?["frame"]?.numbers, [16, 68, 890, 524])
        let closed = try r.state(at: 2500)["a11y"]?.array ?? []
        XCTAssertEqual(closed.dropFirst().first?["label"]?.string, "Playground", "with the photo back, the Playground button follows the title")
    }
}
