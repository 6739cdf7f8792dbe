@testable import Platform
import XCTest

/// The first frame waits for its photos only where the window shows
/// nothing before it, only while they decode, and never for long.
final class FirstFrameHoldTests: XCTestCase {
    func testItWaitsWhileThePhotosDecodeUntilTheDeadline() throws {
        let hold = FirstFrameHold(holds: true, start: 10)
        XCTAssertEqual(try XCTUnwrap(hold.wait(now: 10.05, photosLoading: true)), FirstFrameHold.longest - 0.05, accuracy: 1e-9)
        XCTAssertNil(hold.wait(now: 10.05, photosLoading: false), "decoded: drawn at once")
        XCTAssertNil(hold.wait(now: 10 + FirstFrameHold.longest, photosLoading: true), "past the deadline: placeholders")
    }

    func testAWindowShownBeforeItsFirstFrameNeverWaits() {
        XCTAssertNil(FirstFrameHold(holds: false, start: 10).wait(now: 10, photosLoading: true))
    }
}
