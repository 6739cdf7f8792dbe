import Foundation
import PhotoLoading
import TestSupport
import XCTest

/// A turn Trips keeps for a photo (its file cannot hold it without loss)
/// is applied to every decode of it on the loader, through the real
/// workers: the window's picture, a copy's whole picture; a turn back
/// forgets it.
final class KeptTurnPixelsTests: XCTestCase {
    func testAKeptTurnTurnsTheDecodesAndACopysPicture() throws {
        let folder = try temporaryFolder("trips-kept-turn")
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Seeds/seed.jpg")
        let path = folder.appending("seed.jpg")
        try FileManager.default.copyItem(at: seed, to: URL(fileURLWithPath: path))
        let loader = PhotoLoader(workers: 1, executable: DecodeFixtures.trips)
        defer { loader.stop() }
        guard case .success(let upright) = loader.decodeAlone(path) else { return XCTFail("the seed does not decode") }
        XCTAssertEqual([upright.pixels.width, upright.pixels.height, upright.fullWidth, upright.fullHeight], [96, 64, 96, 64])
        loader.keepTurns([path: 1])
        guard case .success(let copy) = loader.decodeAlone(path) else { return XCTFail("the turned copy does not decode") }
        XCTAssertEqual([copy.pixels.width, copy.pixels.height, copy.fullWidth, copy.fullHeight], [64, 96, 64, 96], "a quarter turn: portrait")
        // The top-left pixel of the upright picture is the top-right one turned clockwise.
        let a = upright.pixels.base.load(as: UInt32.self)
        let b = copy.pixels.base.load(fromByteOffset: (copy.pixels.width - 1) * 4, as: UInt32.self)
        XCTAssertEqual(a, b)
        loader.request(.init(photo: 0, use: .full), path: path, target: (96, 96))
        loader.waitUntilIdle()
        guard case .success(let shown)? = loader.takeFinished().first?.result else { return XCTFail("no picture for the window") }
        XCTAssertEqual([shown.fullWidth, shown.fullHeight], [64, 96])
        XCTAssertNil(shown.thumbnailPNG)
        loader.keepTurn(path, quarters: 0)
        guard case .success(let back) = loader.decodeAlone(path) else { return XCTFail("no picture turned back") }
        XCTAssertEqual([back.pixels.width, back.pixels.height], [96, 64], "a turn back to upright is forgotten")
    }
}
