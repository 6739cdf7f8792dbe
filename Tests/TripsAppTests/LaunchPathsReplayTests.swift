import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// `trips PATH...` through the real binary (docs/BEHAVIOUR.md, "Paths on the
/// command line"): a photo opens big among its folder's trips, several
/// photos are one trip, a bad path is named with exit 2 when it is all.
final class LaunchPathsReplayTests: XCTestCase {
    private var folder: TemporaryFolder!
    var root: URL { folder.url }

    override func setUpWithError() throws {
        folder = try temporaryFolder("trips-paths")
        let jpeg = try Replay.bundledPhoto()
        // Three loose photos of one day (one trip), and a Rome folder.
        for (name, time) in [("IMG_0001.jpg", "2024:07:01 10:00:00"), ("IMG_0002.jpg", "2024:07:01 12:00:00"), ("IMG_0003.jpg", "2024:07:01 14:00:00"),
                             ("Rome/x.jpg", "2023:03:03 12:00:00")] {
            try folder.write(ExifStamp.stamped(jpeg, dateTime: time), to: name)
        }
        try folder.write(Data("not a photo\n".utf8), to: "notes.txt")
    }

    private func run(_ script: String, _ paths: [String]) throws -> Replay {
        try Replay.run("size 1280 800\n" + script, arguments: ["--"] + paths, environment: ["TZ": "UTC", "XDG_CACHE_HOME": root.path + "/.cache"])
    }

    func testAPhotoOpensBigAtItselfPagesToItsNeighboursAndClosesOnItsFoldersOverview() throws {
        let r = try run("at 1000 state\nat 1100 key Right\nat 1700 state\nat 1800 key Escape\nat 2800 state", [root.path + "/IMG_0002.jpg"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let open = try r.state(at: 1000)
        XCTAssertFalse(open["enlarged"]?.isNull ?? true, "it starts open")
        XCTAssertEqual(open["photo", "photos"]?.array.compactMap(\.string), ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg"])
        XCTAssertEqual(open["photo", "index"]?.number, 1, "at the photo given")
        XCTAssertEqual(open["photo", "frame"]?.numbers, [16, 68, 890, 524], "big")
        XCTAssertEqual(try r.state(at: 1700)["photo", "index"]?.number, 2, "Right pages to its neighbour")
        let closed = try r.state(at: 2800)
        XCTAssertTrue(closed["enlarged"]?.isNull == true)
        XCTAssertEqual(closed["screen"]?.string, "overview")
        XCTAssertEqual(closed["order"]?.array.compactMap(\.string).contains("Rome"), true, "the folder's trips: \(closed["order"]?.array.compactMap(\.string) ?? [])")
        XCTAssertEqual(closed["strip"]?["items"]?.array.count, 2)
    }

    func testSeveralPhotosAreOneTripPagedAmongThemAndAMissingOneIsAPlaceholder() throws {
        let missing = root.path + "/gone.jpg"
        let r = try run("at 1000 state", [root.path + "/IMG_0003.jpg", missing, root.path + "/IMG_0001.jpg"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        XCTAssertTrue(r.stderr.contains("trips: \(missing): does not exist"), r.stderr)
        let s = try r.state(at: 1000)
        XCTAssertEqual(s["photo", "photos"]?.array.compactMap(\.string), ["IMG_0003.jpg", "gone.jpg", "IMG_0001.jpg"], "in the order given")
        XCTAssertEqual(s["photo", "index"]?.number, 0, "the first")
        XCTAssertEqual(s["order"]?.array.count, 1)
    }

    func testAFolderOpensAsALibrary() throws {
        let r = try run("at 500 state", [root.path])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let s = try r.state(at: 500)
        XCTAssertTrue(s["enlarged"]?.isNull == true)
        XCTAssertEqual(s["order"]?.array.count, 2)
    }

    func testEachBadPathAloneIsNamedAndExitsWith2() throws {
        let fifo = root.path + "/pipe.jpg"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/loop-a", withDestinationPath: root.path + "/loop-b")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/loop-b", withDestinationPath: root.path + "/loop-a")
        for (path, message) in [(root.path + "/gone.jpg", "does not exist"), (root.path + "/notes.txt", "is not a photo"),
                                (fifo, "is a FIFO"), (root.path + "/loop-a", "a symlink loop")] {
            let r = try run("at 100 state", [path])
            XCTAssertEqual(r.status, ExitCode.badInput.rawValue, path)
            XCTAssertTrue(r.stderr.contains("trips: \(path): \(message)"), r.stderr)
            XCTAssertTrue(r.lines.isEmpty, "nothing ran")
        }
    }
}
