import XCTest
@testable import Platform

final class UploadPacingTests: XCTestCase {
    func testAFrameAfterAQuietOneUploads() {
        var pacing = UploadPacing()
        XCTAssertTrue(pacing.mayUpload(lastFrameSeconds: 0.0005, photosWaiting: 0))
        XCTAssertTrue(pacing.mayUpload(lastFrameSeconds: pacing.busyFrameSeconds, photosWaiting: 0), "at the limit is not busy")
    }

    func testAFrameAfterABusyOneWaits() {
        var pacing = UploadPacing()
        XCTAssertFalse(pacing.mayUpload(lastFrameSeconds: 0.003, photosWaiting: 0))
        XCTAssertEqual(pacing.waited, 1)
        XCTAssertTrue(pacing.mayUpload(lastFrameSeconds: 0.001, photosWaiting: 0), "the animation settled")
        XCTAssertEqual(pacing.waited, 0)
    }

    func testPlaceholdersNeverWait() {
        var pacing = UploadPacing()
        XCTAssertTrue(pacing.mayUpload(lastFrameSeconds: 0.015, photosWaiting: 3), "the first frame is slow, and shows no photo yet")
    }

    func testALongAnimationStillUploadsEveryMaximumWaitFrames() {
        var pacing = UploadPacing(maximumWait: 4)
        let answers = (0..<10).map { _ in pacing.mayUpload(lastFrameSeconds: 0.003, photosWaiting: 0) }
        XCTAssertEqual(answers, [false, false, false, false, true, false, false, false, false, true])
    }
}
