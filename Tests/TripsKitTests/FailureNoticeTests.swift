import XCTest
@testable import TripsKit

/// A save that keeps failing is said once, and its mending once.
final class FailureNoticeTests: XCTestCase {
    func testAFailureIsSaidOnceUntilItIsMended() {
        var notice = FailureNotice()
        XCTAssertNil(notice.succeeded("saved again"), "nothing was failing")
        XCTAssertEqual(notice.failed("cannot save: the disk is full"), "cannot save: the disk is full")
        XCTAssertNil(notice.failed("cannot save: the disk is full"))
        XCTAssertNil(notice.failed("cannot save: the disk is full"))
        XCTAssertEqual(notice.succeeded("saved again"), "saved again")
        XCTAssertNil(notice.succeeded("saved again"))
        XCTAssertEqual(notice.failed("cannot save: the disk is read-only"), "cannot save: the disk is read-only", "a new spell is said again")
    }

    /// The reasons a person meets are said in their words, the rest as the system says them.
    func testADiskThatSaysNoIsSaidInWords() {
        XCTAssertEqual("\(AtomicFile.Failure(step: "cannot write /s/f.tmp", code: ENOSPC))", "cannot write /s/f.tmp: the disk is full")
        XCTAssertEqual("\(AtomicFile.Failure(step: "cannot create /s/f.tmp", code: EROFS))", "cannot create /s/f.tmp: the disk is read-only")
        XCTAssertEqual("\(AtomicFile.Failure(step: "cannot create /s/f.tmp", code: EACCES))", "cannot create /s/f.tmp: Permission denied")
    }
}
