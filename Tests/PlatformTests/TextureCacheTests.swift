import CSDL2
@testable import Platform
import XCTest

/// The textures' budget: the least recently drawn leave first, what the
/// last two frames drew stays, and a budget for some of the keys (the
/// full pictures') leaves the others alone.
final class TextureCacheTests: XCTestCase {
    private var surface: UnsafeMutablePointer<SDL_Surface>!
    private var renderer: OpaquePointer!

    override func setUpWithError() throws {
        surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
    }

    override func tearDown() {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// A texture of 100 bytes (as counted) last drawn in `frame`.
    private func entry(lastUsed frame: Int) throws -> CachedTexture {
        let texture = try XCTUnwrap(SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                      Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 5, 5))
        return CachedTexture(texture: texture, width: 5, height: 5, bytes: 100, lastUsed: frame)
    }

    /// Keys: "full" pictures and "thumb"nails, each with the frame it was last drawn in.
    private func cache(_ keys: [(String, Int)]) throws -> TextureCache<String> {
        let cache = TextureCache<String>()
        for (key, frame) in keys { cache.store(try entry(lastUsed: frame), as: key) }
        return cache
    }

    func testTheLeastRecentlyDrawnLeaveFirstAndTheLastTwoFramesStay() throws {
        let cache = try cache([("full1", 1), ("full2", 2), ("full9", 9), ("full10", 10)])
        cache.evict(toFit: 100, frame: 10)
        XCTAssertEqual(Set(cache.entries.keys), ["full9", "full10"], "over budget, but drawn in this frame or the one before")
        XCTAssertEqual(cache.bytesInUse, 200)
    }

    func testABudgetForSomeKeysCountsAndDropsOnlyThem() throws {
        let cache = try cache([("thumb1", 1), ("full2", 2), ("thumb3", 3), ("full4", 4), ("full5", 5), ("full10", 10)])
        cache.evict(toFit: 200, frame: 10) { $0.hasPrefix("full") }
        XCTAssertEqual(Set(cache.entries.keys), ["thumb1", "thumb3", "full5", "full10"],
                       "the oldest full pictures leave until two are left; thumbnails, older still, stay")
        XCTAssertEqual(cache.bytesInUse, 400)
        cache.evict(toFit: 200, frame: 10) { $0.hasPrefix("full") }
        XCTAssertEqual(cache.entries.count, 4, "within its budget: nothing leaves")
    }
}
