import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// `trips PATH...`: what each path is, and what opens (docs/BEHAVIOUR.md,
/// "Paths on the command line").
final class LaunchPathsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder("launch-paths").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        // The smallest JPEG header PhotoHeader reads, and its end marker.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]
        for name in ["a.jpg", "b.jpg", "sub/c.jpg"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(jpeg)))
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("a shopping list\n".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/scan.tif", contents: Data("II*\0".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/empty.jpg", contents: Data()))
        XCTAssertEqual(mkfifo(folder + "/pipe.jpg", 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop-a", withDestinationPath: folder + "/loop-b")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop-b", withDestinationPath: folder + "/loop-a")
    }

    private func reason(_ path: String) -> String? {
        LaunchPaths.resolve([path], from: folder).refusals.first?.reason
    }

    func testAFolderOpensAsALibraryAndAPhotoInsideItsFolder() {
        XCTAssertEqual(LaunchPaths.resolve(["sub"], from: folder).opening, .library(folder: folder + "/sub"))
        XCTAssertEqual(LaunchPaths.resolve(["./sub/../a.jpg"], from: folder).opening, .photoInFolder(folder: folder, photo: folder + "/a.jpg"))
        XCTAssertEqual(LaunchPaths.resolve([folder + "/scan.tif"], from: "/").opening, .photoInFolder(folder: folder, photo: folder + "/scan.tif"),
                       "a TIFF is known by its name")
    }

    func testSeveralPhotosAreOneTripWithTheBadOnesAsPlaceholders() {
        let r = LaunchPaths.resolve(["missing.jpg", "b.jpg", "a.jpg", "sub"], from: folder)
        XCTAssertEqual(r.opening, .photos([folder + "/missing.jpg", folder + "/b.jpg", folder + "/a.jpg"], first: folder + "/b.jpg"))
        XCTAssertEqual(r.refusals.map(\.description), ["trips: missing.jpg: does not exist"])
        XCTAssertEqual(r.ignored.map(\.path), ["sub"])
    }

    func testEachBadPathIsNamedWithItsReasonAndNothingOpens() {
        for (path, expected) in [("missing.jpg", "does not exist"), ("notes.txt", "is not a photo (not a format Trips reads)"),
                                 ("pipe.jpg", "is a FIFO (a named pipe), not a photo"),
                                 ("loop-a", "a symlink loop (too many levels of symbolic links)"),
                                 ("empty.jpg", "is not a photo that can be shown: it is empty (0 bytes)"),
                                 ("a.jpg/x", "does not exist (a part of the path is not a folder)")] {
            XCTAssertEqual(reason(path), expected, path)
        }
        let all = LaunchPaths.resolve(["missing.jpg", "notes.txt", "pipe.jpg", "loop-a"], from: folder)
        XCTAssertNil(all.opening)
        XCTAssertEqual(all.refusals.count, 4)
    }

    func testAnUnreadableFileOrFolderIsNamed() throws {
        // root reads everything: the check needs a user the permissions bind.
        try XCTSkipIf(getuid() == 0, "running as root, whom file permissions do not stop (Tests/e2e/desktop.sh checks it as another user)")
        XCTAssertEqual(chmod(folder + "/a.jpg", 0), 0)
        XCTAssertEqual(chmod(folder + "/sub", 0), 0)
        defer { chmod(folder + "/sub", 0o755) }
        XCTAssertEqual(reason("a.jpg"), "cannot be read (permission denied)")
        XCTAssertEqual(reason("sub"), "is a folder that cannot be read (permission denied)")
    }
}
