import Foundation
import JSON
import XCTest
@testable import TripsKit

/// `--reduce-motion`: the big photo fades in and out where it stands
/// instead of travelling, and zoom changes at once (bundled trips, 1280 x
/// 800 points, where the big frame is 16, 68, 890 x 524).
final class ReducedMotionTests: XCTestCase {
    /// Right puts the focus on Lisbon's strip photo, Return opens it, `+`
    /// zooms, Escape closes.
    let script = "size 1280 800\nat 100 key Right\nat 200 key Return\nat 250 state\nat 700 state\n"
        + "at 800 key +\nat 817 state\nat 900 key Escape\nat 950 state\nat 1500 state"

    func testTheBigPhotoFadesInPlaceAndZoomsAtOnce() throws {
        let r = try Replay.run(script, arguments: ["--reduce-motion"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let opening = try r.state(at: 250)
        XCTAssertEqual(opening["photo", "frame"]?.numbers, [16, 68, 890, 524], "already in the big frame")
        let fadingIn = try XCTUnwrap(opening["photo", "opacity"]?.number)
        XCTAssertGreaterThan(fadingIn, 0)
        XCTAssertLessThan(fadingIn, 1, "fading in")
        XCTAssertEqual(try r.state(at: 700)["photo", "opacity"]?.number, 1)
        XCTAssertEqual(try r.state(at: 817)["photo", "scale"]?.number, 1.5, "zoomed at once")
        let closing = try r.state(at: 950)
        XCTAssertEqual(closing["photo", "frame"]?.numbers, [16, 68, 890, 524], "fades out where it is")
        XCTAssertLessThan(try XCTUnwrap(closing["photo", "opacity"]?.number), 1)
        XCTAssertTrue(try r.state(at: 1500)["photo"]?.isNull ?? false, "then it is gone")
    }

    func testWithoutItThePhotoTravelsAndZoomsOnSprings() throws {
        let r = try Replay.run(script)
        XCTAssertNotEqual(try r.state(at: 250)["photo", "frame"]?.numbers, [16, 68, 890, 524], "still growing from its slot")
        XCTAssertEqual(try r.state(at: 250)["photo", "opacity"]?.number, 1)
        XCTAssertLessThan(try XCTUnwrap(r.state(at: 817)["photo", "scale"]?.number), 1.5, "on its way to 1.5")
    }
}
