import Foundation
import XCTest
@testable import PhotoFile

final class PhotoFileCheckTests: XCTestCase {
    func testWholeJPEGAndPNGPass() {
        XCTAssertNil(PhotoFileCheck.problem(head: [0xFF, 0xD8, 0xFF, 0xE0], tail: [1, 2, 0xFF, 0xD9]))
        XCTAssertNil(PhotoFileCheck.problem(head: [0xFF, 0xD8, 0xFF, 0xE0], tail: [0xFF, 0xD9, 0, 0, 0]), "padding after EOI")
        XCTAssertNil(PhotoFileCheck.problem(head: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
                                            tail: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]))
    }
    func testCutFilesAreNamed() {
        XCTAssertEqual(PhotoFileCheck.problem(head: [0xFF, 0xD8, 0xFF, 0xE0], tail: [1, 2, 3]), "truncated JPEG (no end-of-image marker)")
        XCTAssertEqual(PhotoFileCheck.problem(head: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], tail: [1, 2]), "truncated PNG (no IEND chunk)")
    }
    func testInspectGivesTheHeaderOfAWholePhotoAndTheReasonForABadOne() throws {
        let dune = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos/dune.jpg").standardized.path
        let header = try PhotoFileCheck.inspect(atPath: dune).get()
        XCTAssertEqual(header.format, .jpeg)
        XCTAssertEqual(header.width, 1600)
        XCTAssertEqual(PhotoFileCheck.inspect(atPath: "/nonexistent.jpg"), .failure(PhotoFileCheck.Refusal(description: "does not exist")))
    }

    func testBundledPhotosAreWholeAndMissingOrEmptyFilesAreNamed() throws {
        let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: photos.path)
        XCTAssertFalse(files.isEmpty)
        for f in files { XCTAssertNil(PhotoFileCheck.problem(atPath: photos.appendingPathComponent(f).path), f) }
        XCTAssertEqual(PhotoFileCheck.problem(atPath: "/nonexistent.jpg"), "does not exist")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).jpg")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        defer { try? FileManager.default.removeItem(at: empty) }
        XCTAssertEqual(PhotoFileCheck.problem(atPath: empty.path), "is empty (0 bytes)")
    }
}
