import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// Delete's trash against the freedesktop Trash specification 1.0 and
/// what GLib's `gio trash` writes, in a data folder of the test's own.
final class TrashTests: XCTestCase {
    var folder: TemporaryFolder!
    var trash: Trash!

    override func setUpWithError() throws {
        folder = try TemporaryFolder("trips-trash")
        trash = Trash(environment: ["XDG_DATA_HOME": folder.appending("data")])
    }

    override func tearDown() {
        _ = chmod(folder.appending("data"), 0o755)
        folder.remove()
    }

    func photo(_ name: String, _ bytes: String = "not really a jpeg \u{00E9}") throws -> String {
        let url = try folder.write(Data(bytes.utf8), to: "pics/" + name)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: url.path)
        return url.path
    }

    func testAPhotoGoesWhereTheSpecificationSaysAsGioTrashPutsItsNeighbour() throws {
        let path = try photo("IMG 0042.jpg")
        let trashed = try trash.trash(path)
        let home = folder.appending("data/Trash")
        XCTAssertEqual(trashed.file, home + "/files/IMG 0042.jpg")
        XCTAssertEqual(trashed.info, home + "/info/IMG 0042.jpg.trashinfo")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        let info = try String(contentsOfFile: trashed.info, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(info.first, "[Trash Info]")
        XCTAssertEqual(info.dropFirst().first, "Path=" + path.replacingOccurrences(of: " ", with: "%20"))
        XCTAssertNotNil(info.last?.range(of: #"^DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$"#, options: .regularExpression), info.last ?? "")
        // GLib's own trash of a neighbour: the same folders, the same lines.
        let neighbour = try photo("neighbour.jpg")
        let gio = Process()
        gio.executableURL = URL(fileURLWithPath: "/usr/bin/gio")
        gio.arguments = ["trash", neighbour]
        gio.environment = ["XDG_DATA_HOME": folder.appending("data"), "HOME": folder.path, "PATH": "/usr/bin:/bin"]
        try gio.run()
        gio.waitUntilExit()
        XCTAssertEqual(gio.terminationStatus, 0)
        let theirs = try String(contentsOfFile: home + "/info/neighbour.jpg.trashinfo", encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(theirs.map { $0.prefix { $0 != "=" } }, info.map { $0.prefix { $0 != "=" } })
        XCTAssertEqual(theirs[1], "Path=" + neighbour)
        XCTAssertEqual(theirs[2].count, info[2].count, "the same date format")
    }

    func testASecondPhotoOfTheSameNameGetsANameOfItsOwn() throws {
        let first = try trash.trash(try photo("a.jpg", "first"))
        let second = try trash.trash(try photo("a.jpg", "second"))
        XCTAssertNotEqual(first.file, second.file)
        XCTAssertEqual(try String(contentsOfFile: first.file, encoding: .utf8), "first")
        XCTAssertEqual(try String(contentsOfFile: second.file, encoding: .utf8), "second")
    }

    func testUndoPutsItBackByteForByteWithItsMtime() throws {
        let path = try photo("b.jpg")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let trashed = try trash.trash(path)
        try trash.restore(trashed)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        let mtime = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        XCTAssertEqual(mtime?.timeIntervalSince1970, 1_700_000_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed.info), "its info goes with it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed.file))
    }

    func testUndoNeverOverwritesAFileThatTookItsPlace() throws {
        let path = try photo("c.jpg", "old")
        let trashed = try trash.trash(path)
        _ = try photo("c.jpg", "new")
        XCTAssertThrowsError(try trash.restore(trashed)) { XCTAssertTrue("\($0)".contains("stays in the trash"), "\($0)") }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try String(contentsOfFile: trashed.file, encoding: .utf8), "old")
    }

    func testATrashThatCannotBeMadeIsAClearMessageAndTheFileStays() throws {
        try XCTSkipIf(getuid() == 0, "root writes into a read-only folder")
        try FileManager.default.createDirectory(atPath: folder.appending("data"), withIntermediateDirectories: true)
        chmod(folder.appending("data"), 0o500)
        let path = try photo("d.jpg")
        XCTAssertThrowsError(try trash.trash(path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": the trash "), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("the photo stays where it is"), "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testATrashInTheWayIsAClearMessageAndTheFileStays() throws {
        // A file where the trash's folder should be: no trash can be made, as root too.
        try folder.write(Data("in the way".utf8), to: "data/Trash")
        let path = try photo("e.jpg")
        XCTAssertThrowsError(try trash.trash(path)) { XCTAssertTrue("\($0)".contains("the photo stays where it is"), "\($0)") }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "not really a jpeg \u{00E9}")
    }

    /// /dev/shm is another file system here: its photo goes to /dev/shm/.Trash-UID.
    func testAPhotoOnAnotherMountGoesToThatMountsTrash() throws {
        var shm = stat(), home = stat()
        try XCTSkipUnless(stat("/dev/shm", &shm) == 0 && stat(folder.path, &home) == 0 && shm.st_dev != home.st_dev && access("/dev/shm", W_OK) == 0,
                          "no writable /dev/shm on a file system of its own")
        let name = "trips-trash-\(UUID().uuidString).jpg"
        let path = "/dev/shm/" + name
        try Data("shm".utf8).write(to: URL(fileURLWithPath: path))
        let trashed = try trash.trash(path)
        defer { unlink(trashed.file); unlink(trashed.info); unlink(path) }
        XCTAssertEqual(trashed.file, "/dev/shm/.Trash-\(getuid())/files/" + name)
        let info = try String(contentsOfFile: trashed.info, encoding: .utf8)
        XCTAssertTrue(info.contains("\nPath=" + name + "\n"), "relative to the mount's top: \(info)")
        try trash.restore(trashed)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "shm")
    }

    func testTheTripsFollowAtOnceAndATripWithNoPhotoLeftGoes() {
        let catalog = TripCatalog(trips: [
            Trip(id: "a", city: "A", nights: 1, photoPaths: ["/a/1.jpg", "/a/2.jpg", "/a/3.jpg"], coverIndex: 2),
            Trip(id: "b", city: "B", nights: 1, photoPath: "/b/1.jpg"),
        ])
        let fewer = catalog.removing(photo: "/a/1.jpg")
        XCTAssertEqual(fewer.trips[0].photoPaths, ["/a/2.jpg", "/a/3.jpg"])
        XCTAssertEqual(fewer.trips[0].coverIndex, 1, "the cover stays the same photo")
        XCTAssertEqual(catalog.removing(photo: "/b/1.jpg").trips.map(\.id), ["a"])
    }
}
