import Foundation
import PhotoLoading
import TestSupport
import XCTest

/// A library's first photos of last time decode on a guess before the
/// trips are known (`PhotoLoader.guess`): the one the first frame really
/// asks for is taken over (its decode not done twice), a wrong guess is
/// never handed over.
final class PhotoLoaderGuessTests: XCTestCase {
    func testTheGuessThePrefetchNamesIsTakenOverAndTheWrongOneDropped() throws {
        let folder = try temporaryFolder("trips-guess")
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Seeds/seed.jpg")
        let right = folder.appending("right.jpg"), wrong = folder.appending("wrong.jpg")
        for path in [right, wrong] { try FileManager.default.copyItem(at: seed, to: URL(fileURLWithPath: path)) }
        let loader = PhotoLoader(workers: 2, executable: DecodeFixtures.trips)
        defer { loader.stop() }
        loader.guess([right, wrong], thumbnailTarget: (48, 32))
        loader.waitUntilIdle() // both decoded before the trips are known

        // The trips: `right` is photo 3, and the first frame shows it.
        let paths = [folder.appending("a.jpg"), folder.appending("b.jpg"), folder.appending("c.jpg"), right]
        XCTAssertEqual(loader.prefetch([3], photoPaths: paths, thumbnailTarget: (48, 32)), [right])
        XCTAssertFalse(loader.isBusy, "nothing decoded again: the guess was done")
        let thumbnails = loader.takeFinished().filter { $0.job.use == .thumbnail }
        XCTAssertEqual(thumbnails.map(\.job.photo), [3], "the guess under its number in the trips; the wrong one dropped")
        guard case .success(let decoded)? = thumbnails.first?.result else { return XCTFail("no picture for photo 3") }
        XCTAssertEqual([decoded.fullWidth, decoded.fullHeight], [96, 64])
        XCTAssertTrue(loader.takeFinished().isEmpty, "handed over once")
    }
}
