import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The big photo, replayed on the model in-process (`ModelReplay`): a tap
/// on Lisbon's strip photo at 100 ms has it open and settled by 1000 ms, in
/// its big frame (16, 68, 890, 524).
final class BigPhotoTests: XCTestCase {
    let opened = "size 1280 800\nat 100 down 1 300 700\nat 160 up 1\n"

    func tap(_ x: Double, _ y: Double, at t: Int) -> String { "at \(t) down 1 \(x) \(y)\nat \(t + 60) up 1\n" }

    func testATapOnAStripPhotoGrowsItIntoTheBigFrame() throws {
        let r = try ModelReplay(opened + "at 400 state\nat 1500 state")
        XCTAssertEqual(r.events("open").map { $0["trip"]?.string }, ["lisbon"])
        XCTAssertEqual(try r.state(at: 400)["animating"]?.bool, true, "it travels on a spring")
        XCTAssertEqual(try r.state(at: 1500)["photo", "frame"]?.numbers ?? [], [16, 68, 890, 524])
    }

    func testOneTapClosesOnceTheDoubleTapWindowHasPassed() throws {
        let r = try ModelReplay(opened + tap(460, 330, at: 1000) + "at 1200 state\nat 1500 state")
        XCTAssertEqual(try r.state(at: 1200)["enlarged"]?.string, "lisbon", "a second tap could still come")
        XCTAssertTrue(try r.state(at: 1500)["enlarged"]?.isNull ?? false)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(r.events("close").first?["t"]?.number), 1060 + 300)
    }

    func testTwoTapsZoomTo2xAndTwoMoreBackTo1x() throws {
        let r = try ModelReplay(opened + tap(460, 330, at: 1000) + tap(460, 330, at: 1150) + "at 1900 state\n"
                                + tap(460, 330, at: 2000) + tap(460, 330, at: 2150) + "at 2900 state")
        XCTAssertEqual(try r.state(at: 1900)["zoom"]?.number, 2)
        XCTAssertEqual(try r.state(at: 1900)["badge"]?.string, "2.0\u{00D7}")
        XCTAssertEqual(try r.state(at: 2900)["zoom"]?.number, 1)
        XCTAssertTrue(r.events("close").isEmpty, "double taps never close it")
    }

    func testKeysZoomWithin1And4xOfThePicturesPixelsAndEscapeCloses() throws {
        let r = try ModelReplay(opened + "at 1000 key +\nat 1600 state\n"
                                + (0..<14).map { "at \(1700 + $0 * 50) key +\n" }.joined() + "at 2600 state\nat 2700 key 0\nat 3300 state\n"
                                + "at 3400 key Escape\nat 4400 state")
        XCTAssertEqual(try r.state(at: 1600)["zoom"]?.number, 1.5)
        // Lisbon's 1600 x 1000 photo in the 890 x 524 card: a pixel is 4 points at 4 x 1600/890.
        XCTAssertEqual(try r.state(at: 2600)["zoom"]?.number ?? 0, 4 * 1600 / 890, accuracy: 0.001, "clamped at 4 points a pixel")
        XCTAssertEqual(try r.state(at: 3300)["zoom"]?.number, 1)
        XCTAssertTrue(try r.state(at: 4400)["enlarged"]?.isNull ?? false)
        XCTAssertEqual(r.events("close").map { $0["trip"]?.string }, ["lisbon"])
    }

    func testTheZoomCeilingIs4PointsAPicturePixelAndNeverBelow4xOfTheCard() {
        let card = CGSize(width: 890, height: 524)
        // A 12 MP photo: filled at 890/4000 points a pixel, so 4 points a pixel is 17.98x.
        XCTAssertEqual(BigPhoto.zoomCeiling(picture: CGSize(width: 4000, height: 3000), card: card), 4 * 4000 / 890, accuracy: 1e-9)
        // A portrait one fills the card by its width too.
        XCTAssertEqual(BigPhoto.zoomCeiling(picture: CGSize(width: 3000, height: 4000), card: card), 4 * 3000 / 890, accuracy: 1e-9)
        // Smaller than the card, or of no known size: 4x of the card, as before.
        XCTAssertEqual(BigPhoto.zoomCeiling(picture: CGSize(width: 640, height: 480), card: card), 4)
        XCTAssertEqual(BigPhoto.zoomCeiling(picture: nil, card: card), 4)
        XCTAssertEqual(BigPhoto.zoomCeiling(picture: CGSize(width: 0, height: 480), card: card), 4)
    }

    /// Two fingers 200 pt apart about the frame's centre, turned `degrees`
    /// clockwise in 10° steps from `start`, lifted at `lift` (after a state at `lift - 10`).
    func turn(_ degrees: Double, start: Int, lift: Int) -> String {
        var lines = "at \(start) down 1 361 330\nat \(start) down 2 561 330\n"
        let steps = Int(abs(degrees) / 10)
        for i in 1...steps {
            let a = Double(i) * 10 * (degrees < 0 ? -1 : 1) * .pi / 180, t = start + i * 16
            lines += "at \(t) move 1 \(461 - 100 * cos(a)) \(330 - 100 * sin(a))\nat \(t) move 2 \(461 + 100 * cos(a)) \(330 + 100 * sin(a))\n"
        }
        return lines + "at \(lift - 10) state\nat \(lift) up 1\nat \(lift) up 2\n"
    }

    func testATwoFingerTurnPast45DegreesShowsTheQuarterItSnapsTo() throws {
        let r = try ModelReplay(opened + turn(60, start: 1000, lift: 1200) + "at 1600 state\n" + turn(-30, start: 2000, lift: 2100))
        XCTAssertEqual(try r.state(at: 1190)["badge"]?.string, "\u{21BB} 90\u{00B0}", "60° clockwise: its lift turns it a quarter")
        XCTAssertTrue(try r.state(at: 1600)["badge"]?.isNull ?? false, "the fingers lifted")
        XCTAssertEqual(try r.state(at: 1600)["enlarged"]?.string, "lisbon", "a turn never closes it")
        XCTAssertTrue(try r.state(at: 2090)["badge"]?.isNull ?? false, "30° is within 45°: nothing to snap to")
    }

    func testATurnSnapsToTheNearestQuarterPast45Degrees() {
        XCTAssertEqual([0, 44, 46, 130, 140, -50, -200, 350, .nan].map(BigPhoto.snappedQuarters), [0, 0, 1, 1, 2, -1, -2, 4, 0])
    }

    func testAPullPast120PointsPutsItBack() throws {
        var script = opened + "at 1000 down 1 400 300\n"
        for i in 1...25 { script += "at \(1000 + i * 16) move 1 400 \(300 + 8 * i)\n" }
        script += "at 1410 up 1\nat 2500 state"
        let r = try ModelReplay(script)
        XCTAssertTrue(try r.state(at: 2500)["enlarged"]?.isNull ?? false)
        XCTAssertEqual(r.events("close").count, 1)
    }

    func testATouchpadPinchZoomsAndIsClampedTo4xOfThePicturesPixels() throws {
        var script = opened + "at 1000 pinch begin 460 330\n"
        for i in 1...10 { script += "at \(1000 + i * 16) pinch change \(1 + 9 * Double(i) / 10) 0\n" }
        script += "at 1200 pinch end\nat 2000 state"
        let r = try ModelReplay(script)
        XCTAssertEqual(try r.state(at: 2000)["zoom"]?.number ?? 0, 4 * 1600 / 890, accuracy: 0.001)
        XCTAssertEqual(r.events("zoom").last?["zoom"]?.number ?? 0, 4 * 1600 / 890, accuracy: 0.001)
    }

    func testCtrlWheelZoomsByATenthANotchAndACancelledPinchKeepsTheZoom() throws {
        let r = try ModelReplay(opened + (0..<3).map { "at \(1000 + $0 * 50) wheel 0 1 ctrl 460 330\n" }.joined() + "at 2000 state\n"
                                + "at 2100 pinch begin 460 330\nat 2116 pinch change 1.5 0\nat 2132 pinch cancel\nat 3000 state")
        XCTAssertEqual(try r.state(at: 2000)["zoom"]?.number ?? 0, 1.331, accuracy: 0.01, "three notches of 1.1x")
        XCTAssertEqual(try r.state(at: 3000)["zoom"]?.number ?? 0, 1.331, accuracy: 0.01, "the cancelled pinch gave it back")
    }
}
