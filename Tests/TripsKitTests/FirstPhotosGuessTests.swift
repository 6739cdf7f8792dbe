import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// The photos a library's first frame asked for are kept for the next
/// start's guess (`PhotoLoader.guess` decodes them before the trips are known).
final class FirstPhotosGuessTests: XCTestCase {
    func testTheGuessIsKeptForTheNextStart() throws {
        let folder = try temporaryFolder("trips-guess")
        let guess = FirstPhotosGuess(path: folder.appending("first-photos/lib.txt"))
        XCTAssertEqual(guess.load(), [], "no file: no guess")
        try guess.save(["/p/IMG_1.jpg", "/p/IMG_2.jpg"])
        XCTAssertEqual(guess.load(), ["/p/IMG_1.jpg", "/p/IMG_2.jpg"])
        try guess.save(["/p/a\nb.jpg"]) // a path that cannot be a line is not written
        XCTAssertEqual(guess.load(), ["/p/IMG_1.jpg", "/p/IMG_2.jpg"])
        XCTAssertTrue(FirstPhotosGuess.defaultPath(library: "/srv/Kiosk", environment: ["XDG_CACHE_HOME": "/c"]).hasPrefix("/c/trips/first-photos/Kiosk-"))
    }

    func testAGuessThatIsNoFileIsRefusedInOneLine() throws {
        let folder = try temporaryFolder("trips-guess")
        let fifo = folder.appending("guess.txt")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        var said: [String] = []
        XCTAssertEqual(FirstPhotosGuess(path: fifo).load { said.append($0) }, [])
        XCTAssertEqual(said, ["\(fifo): the first photos' guess was not read: it is a FIFO, not a regular file"])
    }
}
