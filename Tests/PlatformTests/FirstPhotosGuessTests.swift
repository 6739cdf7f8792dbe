import Foundation
import Decoding
import PhotoLoading
import TripsKit
import XCTest

/// A library's first photos of last time decode on a guess before the
/// trips are known: the one the first frame really asks for is taken over
/// (its decode not done twice), a wrong guess is never handed over.
final class FirstPhotosGuessTests: XCTestCase {
    private var folder = ""

    override func setUp() { folder = DecodeFixtures.temporaryFolder("trips-guess") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testTheGuessThePrefetchNamesIsTakenOverAndTheWrongOneDropped() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Seeds/seed.jpg")
        let right = folder + "/right.jpg", wrong = folder + "/wrong.jpg"
        for path in [right, wrong] { try FileManager.default.copyItem(at: seed, to: URL(fileURLWithPath: path)) }
        let loader = PhotoLoader(workers: 2, executable: DecodeFixtures.trips)
        defer { loader.stop() }
        loader.guess([right, wrong], thumbnailTarget: (48, 32))
        loader.waitUntilIdle() // both decoded before the trips are known

        // The trips: `right` is photo 3, and the first frame shows it.
        let paths = [folder + "/a.jpg", folder + "/b.jpg", folder + "/c.jpg", right]
        let scene = Scene(background: RGBA(0, 0, 0), commands: [
            .photo(photo: 3, frame: CGRect(x: 0, y: 0, width: 48, height: 32), source: CGRect(x: 0, y: 0, width: 1, height: 1),
                   cornerRadius: 0, label: "right"),
        ])
        XCTAssertEqual(loader.prefetch(scene.photoNumbers, photoPaths: paths, thumbnailTarget: (48, 32)), [right])
        XCTAssertFalse(loader.isBusy, "nothing decoded again: the guess was done")
        let thumbnails = loader.takeFinished().filter { $0.job.use == .thumbnail }
        XCTAssertEqual(thumbnails.map(\.job.photo), [3], "the guess under its number in the trips; the wrong one dropped")
        guard case .success(let decoded)? = thumbnails.first?.result else { return XCTFail("no picture for photo 3") }
        XCTAssertEqual([decoded.fullWidth, decoded.fullHeight], [96, 64])
        XCTAssertTrue(loader.takeFinished().isEmpty, "handed over once")
    }

    func testTheGuessIsKeptForTheNextStart() throws {
        let guess = FirstPhotosGuess(path: folder + "/first-photos/lib.txt")
        XCTAssertEqual(guess.load(), [], "no file: no guess")
        try guess.save(["/p/IMG_1.jpg", "/p/IMG_2.jpg"])
        XCTAssertEqual(guess.load(), ["/p/IMG_1.jpg", "/p/IMG_2.jpg"])
        try guess.save(["/p/a\nb.jpg"]) // a path that cannot be a line is not written
        XCTAssertEqual(guess.load(), ["/p/IMG_1.jpg", "/p/IMG_2.jpg"])
        XCTAssertTrue(FirstPhotosGuess.defaultPath(library: "/srv/Kiosk", environment: ["XDG_CACHE_HOME": "/c"]).hasPrefix("/c/trips/first-photos/Kiosk-"))
    }
}
