import Foundation
import JSON
import XCTest
@testable import TripsKit

/// The strip, replayed on the model in-process (`ModelReplay`): 1280 x 800
/// points, photo 0 at (16, 604), 709.6 x 180, a photo every 721.6 points.
final class StripTests: XCTestCase {
    let pitch = 709.6 + 12

    /// A finger from x0 to x1 along the strip (y 700), a move every 16 ms.
    func swipe(from x0: Double, to x1: Double, start: Int, duration: Int, lift: Bool = true) -> String {
        let steps = duration / 16
        var lines = ["at \(start) down 1 \(x0) 700"]
        for i in 1...steps { lines.append("at \(start + i * 16) move 1 \(x0 + (x1 - x0) * Double(i) / Double(steps)) 700") }
        if lift { lines.append("at \(start + steps * 16) up 1") }
        return lines.joined(separator: "\n") + "\n"
    }

    func testAWheelNotchMovesItOnePhotoAndBackAgain() throws {
        let r = try ModelReplay("size 1280 800\nat 100 wheel 0 -1 400 700\nat 1500 state\nat 1600 wheel 0 1 400 700\nat 3000 state")
        XCTAssertEqual(try r.state(at: 1500)["strip", "offset"]?.number ?? 0, pitch, accuracy: 0.5)
        XCTAssertEqual(try r.state(at: 3000)["strip", "offset"]?.number ?? -1, 0, accuracy: 0.5)
    }

    func testASwipeScrollsAndSettlesWithAPhotoAtTheLeadingEdge() throws {
        let r = try ModelReplay("size 1280 800\n" + swipe(from: 700, to: 400, start: 100, duration: 300) + "at 2000 state")
        let offset = try XCTUnwrap(try r.state(at: 2000)["strip", "offset"]?.number)
        XCTAssertGreaterThan(offset, 1)
        XCTAssertEqual(offset / pitch, (offset / pitch).rounded(), accuracy: 0.01)
        XCTAssertTrue(r.events("open").isEmpty, "a swipe is not a tap")
    }

    func testTheFirstEdgeResistsLikeARubberBandAndSpringsBack() throws {
        let r = try ModelReplay("size 1280 800\n" + swipe(from: 300, to: 600, start: 100, duration: 304, lift: false)
                                + "at 410 state\nat 900 up 1\nat 2000 state")
        let pulled = try XCTUnwrap(try r.state(at: 410)["strip", "offset"]?.number)
        XCTAssertLessThan(pulled, -50, "the strip follows past its edge")
        XCTAssertGreaterThan(pulled, -300, "but less far than the finger")
        XCTAssertEqual(try r.state(at: 2000)["strip", "offset"]?.number, 0)
    }

    func testHoldingAPhotoThenDraggingItReorders() throws {
        // Held 0.5 s, then dragged one photo to the right.
        var script = "size 1280 800\nat 100 down 1 300 700\n"
        for i in 1...37 { script += "at \(600 + i * 16) move 1 \(300 + 730 * Double(i) / 37) 700\n" }
        script += "at 1300 up 1\nat 2500 state"
        let r = try ModelReplay(script)
        XCTAssertEqual(Array((try r.state(at: 2500)["order"]?.array.compactMap(\.string) ?? []).prefix(2)), ["reykjavik", "lisbon"])
        XCTAssertEqual(r.events("reorder").count, 1)
        XCTAssertEqual(r.events("reorder").first?["order"]?.array.first?.string, "reykjavik")
    }

    func testCtrlArrowMovesTheFocusedTripAndTheFocusGoesWithIt() throws {
        let r = try ModelReplay("size 1280 800\nat 100 key Right\nat 200 key ctrl+Right\nat 300 key ctrl+Right\nat 900 state")
        let s = try r.state(at: 900)
        XCTAssertEqual(Array((s["order"]?.array.compactMap(\.string) ?? []).prefix(3)), ["reykjavik", "kyoto", "lisbon"])
        XCTAssertEqual(s["focus"]?.string, "strip:lisbon")
        XCTAssertEqual(r.events("reorder").count, 2)
    }

    func testTwoTouchpadFingersScrollItAndItFlingsOnWhenTheyLift() throws {
        var script = "size 1280 800\n"
        for i in 0..<10 { script += "at \(100 + i * 16) scroll 30 0 400 700\n" }
        script += "at 250 state\nat 252 scroll stop\nat 3000 state"
        let r = try ModelReplay(script)
        let lifted = try XCTUnwrap(try r.state(at: 250)["strip", "offset"]?.number)
        XCTAssertEqual(lifted, 300, accuracy: 1, "the strip follows the fingers point for point")
        let settled = try XCTUnwrap(try r.state(at: 3000)["strip", "offset"]?.number)
        XCTAssertGreaterThan(settled, lifted, "it carries on past where they lifted")
        XCTAssertEqual(settled / pitch, (settled / pitch).rounded(), accuracy: 0.01, "and settles on a photo")
    }
}

/// The strip's photos past its edge (under the list of trips, beside it
/// in a landscape window) are clipped away, for touches as for drawing.
final class StripClipTests: XCTestCase {
    func testATapBesideTheStripOpensNothingThatIsNotDrawnThere() throws {
        // 1280 x 800: the strip ends at x 922, where the list begins; photo 1
        // runs on from 737.6 to 1447.2 under it.
        let r = try ModelReplay("size 1280 800\nat 100 down 1 1200 700\nat 160 up 1\nat 1500 state\n"
                                + "at 1600 down 1 800 700\nat 1660 up 1\nat 3000 state")
        let opened = r.events("open").compactMap { $0["trip"]?.string }
        XCTAssertEqual(opened.count, 1, "only the tap on the drawn part opens a photo: \(opened)")
        XCTAssertNil(try r.state(at: 1500)["enlarged"]?.string, "beside the strip, nothing opened")
        XCTAssertNotNil(try r.state(at: 3000)["enlarged"]?.string, "on the strip, photo 1 opened")
    }

    func testAPartlyShownPhotoIsReadAsItsShownPartAndAReaderClickOpensIt() throws {
        let start = try ModelReplay("size 1280 800\nat 100 state")
        let second = try XCTUnwrap(start.state(at: 100)["order"]?.array.dropFirst().first?.string)
        let r = try ModelReplay("size 1280 800\nat 100 state\nat 200 reader click strip:\(second)\nat 1500 state")
        let photos = try r.state(at: 100)["a11y"]?.array.filter { $0["label"]?.string?.hasPrefix("Photo of") == true } ?? []
        XCTAssertEqual(photos.count, 2, "photo 2, clipped away, is not read")
        let element = try XCTUnwrap(photos.last, "photo 1 is read")
        let frame = element["frame"]?.numbers ?? []
        XCTAssertEqual(frame.count, 4)
        XCTAssertEqual(frame[0], 737.6, accuracy: 0.5)
        XCTAssertEqual(frame[0] + frame[2], 922, accuracy: 0.5, "read as far as the strip's edge, where it is drawn to")
        XCTAssertEqual(try r.state(at: 1500)["enlarged"]?.string, second, "a reader's click lands on its drawn part and opens it")
    }
}
