import Foundation
import TestSupport
import XCTest
@testable import TripsKit

final class OrderStoreTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder("trips-order").path
        // A test may make the folder unwritable: writable again before it is removed.
        addTeardownBlock { [folder] in chmod(folder, 0o700) }
    }

    private var statePath: String { folder + "/state.json" }

    private func files(in path: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path ?? folder)) ?? []).sorted()
    }

    private func write(_ text: String, to path: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Paths

    func testDefaultPathFollowsXDG() {
        XCTAssertEqual(OrderStore.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/trips/state.json")
        XCTAssertEqual(OrderStore.defaultPath(environment: ["HOME": "/home/ana"]), "/home/ana/.local/state/trips/state.json")
        // A relative or empty XDG_STATE_HOME is ignored, as the spec says.
        XCTAssertEqual(OrderStore.defaultPath(environment: ["XDG_STATE_HOME": "state", "HOME": "/h"]), "/h/.local/state/trips/state.json")
        XCTAssertEqual(OrderStore.defaultPath(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]), "/h/.local/state/trips/state.json")
    }

    // MARK: Saving and loading

    func testMissingFileMeansDefaultOrder() {
        let result = OrderStore(path: statePath).load()
        XCTAssertEqual(result, .missing)
        XCTAssertNil(result.order)
        XCTAssertNil(result.problem)
    }

    func testRoundTrip() throws {
        let store = OrderStore(path: statePath)
        let order = ["kyoto", "lisbon", "quote \" and \\ and ü", "oslo"]
        try store.save(order: order)
        XCTAssertEqual(store.load(), .loaded(order))
        try store.save(order: [])
        XCTAssertEqual(store.load().order, [])
    }

    func testFileFormat() throws {
        try OrderStore(path: statePath).save(order: ["lisbon", "kyoto"])
        XCTAssertEqual(contents(statePath), "{\n  \"version\": 1,\n  \"order\": [\n    \"lisbon\",\n    \"kyoto\"\n  ]\n}\n")
    }

    func testSaveLeavesNoTemporaryFileAndReplacesTheOldOrder() throws {
        let store = OrderStore(path: statePath)
        try store.save(order: ["a", "b"])
        try store.save(order: ["b", "a"])
        XCTAssertEqual(files(), ["state.json"])
        XCTAssertEqual(store.load(), .loaded(["b", "a"]))
    }

    /// A crash between writing the temporary file and renaming it leaves a
    /// stray temporary file; the good state file is what is read.
    func testStrayTemporaryFileFromACrashIsIgnored() throws {
        let store = OrderStore(path: statePath)
        try store.save(order: ["lisbon", "kyoto"])
        write("{\"version\": 1, \"order\": [\"kyo", to: statePath + ".tmp-99999-123")
        XCTAssertEqual(store.load(), .loaded(["lisbon", "kyoto"]))
        try store.save(order: ["kyoto"])
        XCTAssertEqual(store.load(), .loaded(["kyoto"]))
    }

    func testMissingFoldersAreCreatedPrivate() throws {
        let path = folder + "/state/trips/state.json"
        try OrderStore(path: path).save(order: ["x"])
        XCTAssertEqual(OrderStore(path: path).load(), .loaded(["x"]))
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/state/trips")[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
    }

    func testRelativePathSavesInTheCurrentFolder() throws {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try OrderStore(path: "order.json").save(order: ["a"])
        XCTAssertEqual(OrderStore(path: "order.json").load(), .loaded(["a"]))
    }

    func testFailedRenameThrowsAndCleansUp() throws {
        // A folder where the file should be: the rename cannot replace it.
        try FileManager.default.createDirectory(atPath: statePath, withIntermediateDirectories: false)
        XCTAssertThrowsError(try OrderStore(path: statePath).save(order: ["a"])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("\(self.statePath): cannot save the order: cannot rename \(self.statePath).tmp-"), text)
            XCTAssertTrue(text.hasSuffix(": Is a directory"), text)
        }
        XCTAssertEqual(files(), ["state.json"])
    }

    func testFolderThatCannotBeMadeIsNamed() throws {
        write("not a folder", to: folder + "/blocker")
        XCTAssertThrowsError(try OrderStore(path: folder + "/blocker/trips/state.json").save(order: ["a"])) { error in
            XCTAssertEqual("\(error)", "\(self.folder)/blocker/trips/state.json: cannot save the order: cannot create the folder \(self.folder)/blocker/trips: Not a directory")
        }
    }

    func testReadOnlyFolderCannotBeSavedTo() throws {
        try XCTSkipIf(getuid() == 0, "root ignores folder permissions")
        let store = OrderStore(path: statePath)
        try store.save(order: ["old"])
        chmod(folder, 0o500)
        XCTAssertThrowsError(try store.save(order: ["new"])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("\(self.statePath): cannot save the order: cannot create \(self.statePath).tmp-"), text)
            XCTAssertTrue(text.hasSuffix(": Permission denied"), text)
        }
        XCTAssertEqual(store.load(), .loaded(["old"]))
    }

    func testUnreadableFileIsReportedAndLeftInPlace() throws {
        try XCTSkipIf(getuid() == 0, "root reads any file")
        write("{\"version\": 1, \"order\": []}", to: statePath)
        chmod(statePath, 0o000)
        XCTAssertEqual(OrderStore(path: statePath).load(), .unreadable(reason: "\(statePath): cannot be read: Permission denied"))
        XCTAssertEqual(files(), ["state.json"])
    }

    func testCorruptFileThatCannotBeMovedAsideIsLeftInPlace() throws {
        try XCTSkipIf(getuid() == 0, "root ignores folder permissions")
        write("{", to: statePath)
        chmod(folder, 0o500)
        XCTAssertEqual(OrderStore(path: statePath).load(), .unreadable(reason: "\(statePath):1: not valid JSON at column 2: "
            + "expected a quoted key; it could not be moved aside: Permission denied"))
        XCTAssertEqual(files(), ["state.json"])
    }

    func testAFolderInsteadOfTheFileIsUnreadable() throws {
        try FileManager.default.createDirectory(atPath: statePath, withIntermediateDirectories: false)
        let result = OrderStore(path: statePath).load()
        XCTAssertEqual(result, .unreadable(reason: "\(statePath): cannot be read: it is a folder, not a regular file"))
        XCTAssertEqual(result.problem, "\(statePath): cannot be read: it is a folder, not a regular file (starting with the default order)")
    }

    func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        XCTAssertEqual(mkfifo(statePath, 0o600), 0)
        let result = OrderStore(path: statePath).load()
        XCTAssertEqual(result, .unreadable(reason: "\(statePath): cannot be read: it is a FIFO, not a regular file"))
        XCTAssertEqual(files(), ["state.json"])
    }

    func testALinkToADeviceIsRefusedUnread() throws {
        try FileManager.default.createSymbolicLink(atPath: statePath, withDestinationPath: "/dev/zero")
        XCTAssertEqual(OrderStore(path: statePath).load(),
                       .unreadable(reason: "\(statePath): cannot be read: it is a character device, not a regular file"))
    }

    func testAFileLargerThanAnyStateFileIsRefusedAndKept() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: statePath, contents: nil))
        XCTAssertEqual(truncate(statePath, off_t(OrderStore.sizeLimit + 1)), 0)
        XCTAssertEqual(OrderStore(path: statePath).load(),
                       .unreadable(reason: "\(statePath): cannot be read: it is 4194305 bytes, more than the 4 MiB allowed"))
        let size = try FileManager.default.attributesOfItem(atPath: statePath)[.size] as? Int
        XCTAssertEqual(size, OrderStore.sizeLimit + 1, "the file is left as it was")
    }

    // MARK: Corrupt files

    func testCorruptFileIsSetAsideWithItsExactBytes() throws {
        let bad = "{\"version\": 1,\n  \"order\": [\"lisbon\",\n  \"kyoto\" \"oslo\"]\n}\u{0}\r\n"
        write(bad, to: statePath)
        let result = OrderStore(path: statePath).load()
        XCTAssertEqual(result, .corrupt(reason: "\(statePath):3: not valid JSON at column 11: expected ',' or ']' in a list",
                                        setAsidePath: statePath + ".corrupt-1"))
        XCTAssertEqual(contents(statePath + ".corrupt-1"), bad)
        XCTAssertEqual(files(), ["state.json.corrupt-1"])
        XCTAssertEqual(result.problem, "\(statePath):3: not valid JSON at column 11: expected ',' or ']' in a list"
            + " (the file was moved to \(statePath).corrupt-1; starting with the default order)")
        // The app then saves the default order as usual.
        try OrderStore(path: statePath).save(order: ["kyoto"])
        XCTAssertEqual(OrderStore(path: statePath).load(), .loaded(["kyoto"]))
    }

    func testSecondCorruptionDoesNotOverwriteTheFirst() {
        let store = OrderStore(path: statePath)
        write("first", to: statePath)
        XCTAssertEqual(store.load().problem?.contains(".corrupt-1"), true)
        write("second", to: statePath)
        guard case .corrupt(_, let second) = store.load() else { return XCTFail("expected corrupt") }
        XCTAssertEqual(second, statePath + ".corrupt-2")
        XCTAssertEqual(contents(statePath + ".corrupt-1"), "first")
        XCTAssertEqual(contents(statePath + ".corrupt-2"), "second")
        // A gap left by a person deleting one is filled, still never overwriting.
        XCTAssertNoThrow(try FileManager.default.removeItem(atPath: statePath + ".corrupt-1"))
        write("third", to: statePath)
        XCTAssertEqual(store.load(), .corrupt(reason: "\(statePath):1: not valid JSON at column 1: expected 'true'",
                                              setAsidePath: statePath + ".corrupt-1"))
        XCTAssertEqual(contents(statePath + ".corrupt-2"), "second")
    }

    func testWrongShapesAreCorruptWithTheirLine() {
        let cases: [(String, String)] = [
            ("", "1: the state file is empty"),
            ("[\"a\"]", "1: expected an object {\"version\": 1, \"order\": [...]}, found a list"),
            ("{\"order\": []}", "1: missing the field \"version\""),
            ("{\n\"version\": 2, \"order\": []}", "2: \"version\" must be 1, found 2"),
            ("{\"version\": \"1\", \"order\": []}", "1: \"version\" must be 1, found \"1\""),
            ("{\"version\": 1}", "1: missing the field \"order\" (a list of trip ids)"),
            ("{\"version\": 1,\n \"order\": {}}", "2: \"order\" must be a list, found an object"),
            ("{\"version\": 1, \"order\": [\n\"a\",\n3]}", "3: order[1] must be a string, found a number"),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let path = folder + "/case\(index).json"
            write(text, to: path)
            XCTAssertEqual(OrderStore(path: path).load(), .corrupt(reason: "\(path):\(message)", setAsidePath: path + ".corrupt-1"))
        }
    }

    func testNonUTF8FileIsCorrupt() {
        XCTAssertTrue(FileManager.default.createFile(atPath: statePath, contents: Data([0x7B, 0xFF, 0xFE, 0x7D])))
        XCTAssertEqual(OrderStore(path: statePath).load(), .corrupt(reason: "\(statePath): is not UTF-8 text", setAsidePath: statePath + ".corrupt-1"))
        XCTAssertEqual(FileManager.default.contents(atPath: statePath + ".corrupt-1"), Data([0x7B, 0xFF, 0xFE, 0x7D]))
    }

    // MARK: Applying a saved order

    func testApplyPutsSavedIdsFirstThenNewOnesInCatalogOrder() {
        let ids = ["lisbon", "kyoto", "oslo", "lima"]
        XCTAssertEqual(OrderStore.apply(savedOrder: ["oslo", "lisbon"], to: ids), ["oslo", "lisbon", "kyoto", "lima"])
        XCTAssertEqual(OrderStore.apply(savedOrder: ["lima", "oslo", "kyoto", "lisbon"], to: ids), ["lima", "oslo", "kyoto", "lisbon"])
        XCTAssertEqual(OrderStore.apply(savedOrder: [], to: ids), ids)
    }

    func testApplySkipsRemovedTripsAndRepeats() {
        let ids = ["lisbon", "kyoto", "oslo"]
        XCTAssertEqual(OrderStore.apply(savedOrder: ["gone", "oslo", "oslo", "kyoto", "gone"], to: ids), ["oslo", "kyoto", "lisbon"])
        XCTAssertEqual(OrderStore.apply(savedOrder: ["a", "b"], to: []), [])
        XCTAssertEqual(OrderStore.apply(savedOrder: ["a", "b"], to: ["c"]), ["c"])
    }
}
