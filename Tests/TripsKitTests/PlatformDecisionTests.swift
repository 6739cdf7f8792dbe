import Foundation
import XCTest
@testable import TripsKit

final class VideoDriverChoiceTests: XCTestCase {
    func testWaylandIsPreferredOverX11() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"]), .preferred("wayland,x11"))
    }
    func testOnlyTheNamedDisplaysAreTried() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["DISPLAY": ":99"]), .preferred("x11"))
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["WAYLAND_DISPLAY": "w"]), .preferred("wayland"))
    }
    func testExplicitDriverIsHonoured() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["SDL_VIDEODRIVER": "offscreen", "DISPLAY": ":0"]), .explicit("offscreen"))
    }
    func testNoDisplayAtAll() {
        XCTAssertEqual(VideoDriverChoice.resolve(environment: ["DISPLAY": " ", "SDL_VIDEODRIVER": ""]), .none)
        XCTAssertEqual(VideoDriverChoice.noDisplayMessage, "trips: no Wayland or X11 display (set WAYLAND_DISPLAY or DISPLAY)")
    }
}

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

final class FontLocatorTests: XCTestCase {
    func testFindsDejaVuAndFallsBackToRegularForBold() {
        let found = FontLocator.locate(environment: [:]) { $0 == "/usr/share/fonts/dejavu/DejaVuSans.ttf" }
        XCTAssertEqual(try found.get(), FontLocator(regular: "/usr/share/fonts/dejavu/DejaVuSans.ttf", bold: "/usr/share/fonts/dejavu/DejaVuSans.ttf"))
    }
    func testMissingFontSaysWhereItLookedAndWhatToInstall() {
        let result = FontLocator.locate(environment: ["TRIPS_FONT_DIR": "/nowhere"]) { _ in false }
        guard case .failure(let missing) = result else { return XCTFail("found a font in /nowhere") }
        XCTAssertTrue(missing.description.contains("/nowhere"))
        XCTAssertTrue(missing.description.contains("fonts-dejavu-core"))
    }
}
