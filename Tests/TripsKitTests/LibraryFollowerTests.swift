import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// A live library follows its folder: a photo copied in is offered to the
/// model when the watcher says the folder changed, and failures are
/// forgotten first; a folder gone keeps what the app has, with a line, and
/// its coming back has one too.
final class LibraryFollowerTests: XCTestCase {
    func testAPhotoAddedToTheFolderIsOfferedWhenTheWatcherSaysSo() throws {
        let folder = try temporaryFolder("trips-follow")
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        try jpeg.write(to: folder.url.appendingPathComponent("a.jpg"))
        let library = LibraryLoader(folder: folder.path, cachePath: folder.appending("cache/times.tsv"), verbose: false,
                                    elapsed: { 0 }, log: { _ in })
        let app = AppModel(catalog: try library.start(wait: true), size: CGSize(width: 1280, height: 800), mode: .windowed)
        var taken: [Int] = []
        let driver = AppDriver(app: app) { if case .tripsChanged(let trips) = $0.kind { taken.append(trips.allPhotoPaths.count) } }
        var changed = false, forgot = 0
        var lines: [String] = []
        let follower = LibraryFollower(library: library, folderChanged: { changed }, forgetChangedFailures: { forgot += 1; return false },
                                       verbose: true, log: { lines.append($0) })
        _ = follower.changes(for: driver) // the settled catalog, if the loader had one
        XCTAssertEqual(forgot, 0, "nothing is reread while the folder has not changed")
        try jpeg.write(to: folder.url.appendingPathComponent("b.jpg"))
        XCTAssertFalse(follower.changes(for: driver), "the watcher has not said so yet")
        changed = true
        XCTAssertTrue(follower.changes(for: driver))
        XCTAssertEqual(forgot, 1)
        XCTAssertEqual(app.catalog.allPhotoPaths.count, 2)
        XCTAssertEqual(taken.last, 2, "the driver hands on the trips taken")
        XCTAssertEqual(lines.last, "trips: \(folder.path) changed: 2 photos")

        try FileManager.default.removeItem(atPath: folder.path)
        XCTAssertFalse(follower.changes(for: driver))
        XCTAssertEqual(app.catalog.allPhotoPaths.count, 2, "still showing the photos it had")
        XCTAssertTrue(lines.last?.hasSuffix("; still showing the photos it had") == true, lines.last ?? "")
        let gone = lines.count
        XCTAssertFalse(follower.changes(for: driver))
        XCTAssertEqual(lines.count, gone, "one line while it stays gone, not one a change")

        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try jpeg.write(to: folder.url.appendingPathComponent("a.jpg"))
        XCTAssertTrue(follower.changes(for: driver))
        XCTAssertEqual(lines.last, "trips: \(folder.path) can be read again", "and one when it is back")
        XCTAssertEqual(lines.count, gone + 1)
    }
}
