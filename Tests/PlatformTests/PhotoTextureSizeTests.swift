import CSDL2
import Foundation
import PhotoLoading
import TripsKit
import XCTest
@testable import Platform

/// A full picture a little short of the size it is shown at is decoded
/// again for it, once: drawn as it was, every frame would stretch it (the
/// attract loop's first slide was the Overview's picture, 11% short of a
/// 4K window), where one decoded for the window is a plain copy.
final class PhotoTextureSizeTests: XCTestCase {
    func testAPictureShortOfItsWindowIsDecodedAgainForIt() throws {
        let loader = PhotoLoader(workers: 1, executable: DecodeFixtures.trips)
        defer { loader.stop() }
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        // wood.jpg is 1600 x 1200.
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos").standardized.path
        let photos = PhotoTextures(renderer: renderer, photoPaths: ["\(assets)/wood.jpg"], opaqueFormat: SDL_PIXELFORMAT_RGB888.rawValue,
                                   loader: loader, decodesReady: RegisteredEvent(), log: { _ in })
        photos.thumbnailTarget = (120, 90) // the strip's: far below what is asked here
        func decoded(for target: (width: Int, height: Int)) -> Int? {
            photos.fullTarget = target
            for _ in 0..<3 {
                photos.beginFrame()
                _ = photos.texture(0, covering: (Double(target.width), Double(target.height)))
                photos.finishPending()
            }
            photos.beginFrame()
            return photos.texture(0, covering: (Double(target.width), Double(target.height)))?.width
        }
        // The Overview's room, then the window it plays full in: 3% more.
        XCTAssertEqual(decoded(for: (860, 480)), 860)
        XCTAssertFalse(photos.readiness(of: [0], for: (886, 500)).ready.contains(0), "short of the window: not ready for it")
        XCTAssertEqual(decoded(for: (886, 500)), 886, "decoded again to cover the window texel for pixel")
        XCTAssertTrue(photos.readiness(of: [0], for: (886, 500)).ready.contains(0))
        // A little larger than needed is kept (drawn scaled down, not decoded again).
        XCTAssertEqual(decoded(for: (860, 480)), 886)
        XCTAssertEqual(photos.decodedCount, 2)
    }
}
