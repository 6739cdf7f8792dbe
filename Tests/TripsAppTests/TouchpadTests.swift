import Foundation
import JSON
import XCTest
@testable import TripsKit

/// docs/BEHAVIOUR.md's touchpad lines, replayed through the real binary: a
/// touchpad pinch zooms the big photo at the pointer and turns the
/// playground's square; two fingers scroll the strip and fling it on when
/// they lift; resting fingers stop the fling. (Paging with two fingers is in
/// PagingTests, which has a trip of several photos.) Window 1280 x 800: the
/// big photo's frame is (16, 68, 890, 524), the strip's photos at y 604...784.
final class TouchpadTests: XCTestCase {
    let opened = "size 1280 800\nat 100 down 1 300 700\nat 160 up 1"

    func testAPinchZoomsTheBigPhotoAtThePointerWithTheBadgeAndTheAccessibilityValue() throws {
        let r = try Replay.run(opened + "\n" + Gesture.touchpadPinch(at: (300, 200), scale: 2.5, start: 1000)
                               + "\nat 1100 state\nat 2000 state")
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let during = try r.state(at: 1100)
        XCTAssertGreaterThan(during["pinch"]?.number ?? 1, 1.5, "drawn at zoom x pinch while the fingers move")
        let s = try r.state(at: 2000)
        XCTAssertEqual(s["zoom"]?.number ?? 0, 2.5, accuracy: 1e-6)
        XCTAssertEqual(s["badge"]?.string, "2.5\u{00D7}")
        let photo = s["a11y"]?.array.first { $0["label"]?.string == "Photo of Lisbon" }
        XCTAssertEqual(photo?["value"]?.string, "Zoomed in 2.5\u{00D7}")
        // The picture point under the pointer stays there: the pointer is at
        // (0.319, 0.252) of the frame, so the centre goes from 0.5 to
        // p - (p - 0.5) / 2.5 on each axis.
        let center = s["photo", "center"]?.numbers ?? []
        XCTAssertEqual(center.count, 2)
        XCTAssertEqual(center.first ?? 0, 0.319 + (0.5 - 0.319) / 2.5, accuracy: 0.005)
        XCTAssertEqual(center.last ?? 0, 0.252 + (0.5 - 0.252) / 2.5, accuracy: 0.005)
        XCTAssertEqual(r.events("zoom").last?["zoom"]?.number ?? 0, 2.5, accuracy: 1e-6)
    }

    /// The fingers' centre moving during a pinch (zwp_pointer_gesture_pinch_v1
    /// update's dx, dy; the script's DX DY) carries the picture with it, as
    /// two fingers on a screen do; the same pinch standing still does not.
    func testAPinchWhoseFingersMovePansThePhotoWithThem() throws {
        // Out to 2x standing still, then the fingers move together at 2x.
        func pinch(_ dx: Int, _ dy: Int) -> String {
            opened + "\nat 1000 pinch begin 460 330\n"
                + (1...4).map { "at \(1000 + $0 * 16) pinch change \(1 + Double($0) / 4) 0" }.joined(separator: "\n") + "\n"
                + (1...4).map { "at \(1064 + $0 * 16) pinch change 2 0 \(dx * $0 / 4) \(dy * $0 / 4) 460 330" }.joined(separator: "\n")
                + "\nat 1200 pinch end\nat 2500 state"
        }
        let still = try Replay.run(pinch(0, 0)), moved = try Replay.run(pinch(-120, 60))
        XCTAssertEqual(moved.status, ExitCode.done.rawValue, moved.stderr)
        let a = try still.state(at: 2500), b = try moved.state(at: 2500)
        XCTAssertEqual(a["zoom"]?.number ?? 0, 2, accuracy: 1e-6)
        XCTAssertEqual(b["zoom"]?.number ?? 0, 2, accuracy: 1e-6, "the pan does not change the zoom")
        let ca = a["photo", "center"]?.numbers ?? [], cb = b["photo", "center"]?.numbers ?? []
        XCTAssertEqual(ca.count, 2)
        XCTAssertEqual(cb.count, 2)
        // Moved left by 120 of the frame's 890 points and down by 60 of 524,
        // at 2x: the picture's centre point moves right by 120 / 890 / 2 and up by 60 / 524 / 2.
        XCTAssertEqual((cb.first ?? 0) - (ca.first ?? 0), 120.0 / 890 / 2, accuracy: 0.01)
        XCTAssertEqual((cb.last ?? 0) - (ca.last ?? 0), -60.0 / 524 / 2, accuracy: 0.01)
    }

    func testAPinchIsClampedTo4xOfThePicturesPixelsAndACancelledOneLeavesTheZoom() throws {
        let up = try Replay.run(opened + "\n" + Gesture.touchpadPinch(at: (460, 330), scale: 9, start: 1000) + "\nat 2000 state")
        // Lisbon's 1600 x 1000 photo in the 890 x 524 card.
        XCTAssertEqual(try up.state(at: 2000)["zoom"]?.number ?? 0, 4 * 1600 / 890, accuracy: 0.001)
        let cancelled = try Replay.run(opened + "\nat 1000 pinch begin 460 330\nat 1016 pinch change 2 0\nat 1032 state"
                                       + "\nat 1040 pinch cancel\nat 2000 state")
        XCTAssertEqual(try cancelled.state(at: 1032)["pinch"]?.number ?? 0, 2, accuracy: 1e-6)
        let after = try cancelled.state(at: 2000)
        XCTAssertEqual(after["zoom"]?.number, 1, "a cancel runs no onEnded")
        XCTAssertEqual(after["pinch"]?.number, 1, "and the pinch state went back")
        XCTAssertTrue(cancelled.events("zoom").isEmpty)
    }

    func testAPinchRotateTurnsAndScalesThePlaygroundsSquareTogether() throws {
        let r = try Replay.run("size 1280 800\n" + Gesture.touchpadPinch(at: (640, 400), scale: 1.5, degrees: 90, start: 500)
                               + "\nat 600 state\nat 1500 state", arguments: ["--playground"])
        let during = try r.state(at: 600)
        XCTAssertGreaterThan(during["playground", "square", "angle"]?.number ?? 0, 30, "it turns while the fingers turn")
        let s = try r.state(at: 1500)
        XCTAssertEqual(s["playground", "square", "scale"]?.number ?? 0, 1.5, accuracy: 1e-3)
        XCTAssertEqual(s["playground", "square", "angle"]?.number ?? 0, 90, accuracy: 1e-3)
        let square = s["a11y"]?.array.first { $0["label"]?.string == "Square" }
        XCTAssertEqual(square?["value"]?.string, "150%, 90°")
    }

    private func offset(_ s: JSONNode) -> Double { s["strip", "offset"]?.number ?? .nan }

    func testTwoFingersScrollTheStripAndFlingItOnWhenTheyLift() throws {
        // 20 pt every 16 ms for 10 events: 200 pt at 1250 pt/s.
        let flung = try Replay.run("size 1280 800\n" + Gesture.touchpadScroll(at: (300, 700), step: 20, count: 10, start: 500)
                                   + "\nat 640 state\nat 3000 state")
        XCTAssertEqual(offset(try flung.state(at: 640)), 180, accuracy: 0.5, "the strip follows the fingers point for point")
        let rested = try Replay.run("size 1280 800\n" + Gesture.touchpadScroll(at: (300, 700), step: 20, count: 10, start: 500, stop: false)
                                    + "\nat 800 scroll stop\nat 3000 state")
        let pitch = 709.6 + 12 // a photo's width and the gap
        let far = offset(try flung.state(at: 3000)), near = offset(try rested.state(at: 3000))
        XCTAssertEqual(near, 0, accuracy: 0.5, "fingers that rested before lifting: 200 pt settles back on the first photo")
        XCTAssertGreaterThan(far, near, "the lift carried the strip on at the fingers' speed")
        XCTAssertEqual(far / pitch, (far / pitch).rounded(), accuracy: 0.01, "and it settled with a photo at its leading edge (\(far))")
        XCTAssertEqual(try flung.state(at: 3000)["animating"]?.bool, false)
    }

    func testRestingFingersStopAFlingAndItSettlesWhereTheyCaughtIt() throws {
        let fling = Gesture.touchpadScroll(at: (300, 700), step: 80, count: 10, start: 500)
        let free = try Replay.run("size 1280 800\n" + fling + "\nat 700 state\nat 4000 state")
        let held = try Replay.run("size 1280 800\n" + fling + "\nat 670 scroll hold\nat 690 state\nat 800 state\nat 850 scroll release\nat 4000 state")
        let caught = offset(try held.state(at: 690))
        XCTAssertEqual(offset(try held.state(at: 800)), caught, accuracy: 0.01, "held: the strip stands still")
        XCTAssertLessThan(offset(try held.state(at: 4000)), offset(try free.state(at: 4000)), "it stopped short of where the fling went")
        XCTAssertEqual(try held.state(at: 4000)["animating"]?.bool, false)
    }

    func testWheelClicksStayDiscreteSteps() throws {
        let r = try Replay.run("size 1280 800\nat 500 wheel 0 -1 300 700\nat 1500 state")
        let pitch = 709.6 + 12
        XCTAssertEqual(offset(try r.state(at: 1500)), pitch, accuracy: 1, "one notch, one photo")
    }
}
