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

    /// A drop opens as the command line does: the same vetting, a folder as
    /// a library, one photo big in its folder's trips, several as one trip.
    func testADropOpensAsTheCommandLineDoesAndABadOneIsAToastThatChangesNothing() throws {
        let spaced = root.appendingPathComponent("Old Town").path
        try FileManager.default.createDirectory(atPath: spaced, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root.path + "/Rome/x.jpg", toPath: spaced + "/y z.jpg")
        let r = try run("""
            at 500 state
            at 600 drop \(root.path)/IMG_0002.jpg
            at 1600 state
            at 1700 drop \(root.path)/gone.jpg
            at 1800 state
            at 1900 drop \(root.path)/IMG_0003.jpg \(ReplayScript.dropPath(spaced + "/y z.jpg"))
            at 2900 state
            at 3000 drop \(ReplayScript.dropPath(spaced))
            at 4000 state
            """, [root.path + "/Rome"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        XCTAssertEqual(try r.state(at: 500)["order"]?.array.count, 1, "Rome alone")
        let photo = try r.state(at: 1600)
        XCTAssertEqual(photo["photo", "photos"]?.array.compactMap(\.string), ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg"], "open big among its folder's")
        XCTAssertEqual(photo["photo", "index"]?.number, 1)
        XCTAssertEqual(photo["whole"]?.bool, true, "whole, as a photo opened from outside")
        XCTAssertEqual(photo["order"]?.array.count, 3, "the folder's trips: the loose day, Rome, Old Town")
        let refused = try r.state(at: 1800)
        XCTAssertEqual(refused["toast"]?.string, "trips: \(root.path)/gone.jpg: does not exist")
        XCTAssertEqual(refused["photo", "index"]?.number, 1, "nothing else changed")
        let two = try r.state(at: 2900)
        XCTAssertEqual(two["photo", "photos"]?.array.compactMap(\.string), ["IMG_0003.jpg", "y z.jpg"], "several photos, one trip, in the order dropped")
        XCTAssertEqual(two["order"]?.array.count, 1)
        let library = try r.state(at: 4000)
        XCTAssertTrue(library["enlarged"]?.isNull == true, "a folder opens on its Overview")
        XCTAssertEqual(library["order"]?.array.count, 1)
        XCTAssertEqual(r.lines.filter { $0["event"]?.string == "drop" }.count, 3, "each drop that opened is an event line")
    }

    func testRecordWritesADropAsALineThatReadsBackTheSame() throws {
        let paths = ["/a b/c%d.jpg", "/plain.jpg"]
        var recorded = ""
        var recorder = ReplayRecorder(launchSize: CGSize(width: 800, height: 600)) { recorded += $0 }
        recorder.record(.drop(paths), atMilliseconds: 250)
        XCTAssertTrue(recorded.hasSuffix(" drop /a%20b/c%25d.jpg /plain.jpg\n") && recorded.contains("at 250 "), recorded)
        let script = try ReplayScript.parse(recorded, file: "recorded.txt")
        XCTAssertEqual(script.steps.last?.command, .drop(paths: paths))
    }
}
