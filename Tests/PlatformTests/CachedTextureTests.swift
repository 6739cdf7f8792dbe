import CSDL2
@testable import Platform
import XCTest

/// Opaque photos become textures in the software renderer's own pixel
/// format, unblended (a plain copy to draw); anything with transparency
/// stays RGBA32 and blended. Either way the colours drawn are the photo's.
final class CachedTextureTests: XCTestCase {
    /// RGBA32 bytes in memory order: red, green, blue, alpha.
    private static let opaque: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255]

    /// Draws the 2 x 2 RGBA32 `pixels` with a software renderer into a
    /// surface of `format`, as uploaded for `opaqueFormat`; the texture's
    /// format and blend mode, and the pixels drawn as ARGB8888 (over black).
    private func draw(_ pixels: [UInt8], surface format: UInt32, opaqueFormat: UInt32?) throws
        -> (format: UInt32, blend: SDL_BlendMode, drawn: [UInt32]) {
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 2, 2, 32, format))
        defer { SDL_FreeSurface(surface) }
        let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        let entry = try XCTUnwrap(pixels.withUnsafeBytes {
            CachedTexture(renderer: renderer, rgba: $0.baseAddress!, width: 2, height: 2, pitch: 8, opaqueFormat: opaqueFormat, lastUsed: 0)
        })
        defer { SDL_DestroyTexture(entry.texture) }
        var textureFormat: UInt32 = 0
        SDL_QueryTexture(entry.texture, &textureFormat, nil, nil, nil)
        var blend = SDL_BLENDMODE_INVALID
        SDL_GetTextureBlendMode(entry.texture, &blend)
        XCTAssertEqual(SDL_RenderCopy(renderer, entry.texture, nil, nil), 0)
        var drawn = [UInt32](repeating: 0, count: 4)
        XCTAssertEqual(SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &drawn, 8), 0)
        return (textureFormat, blend, drawn.map { $0 | 0xFF00_0000 })
    }

    private let expected: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF0A_141E]

    func testAnOpaquePictureIsInTheRenderersFormatAndCopiedAsItIs() throws {
        for format in [SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue] {
            let result = try draw(Self.opaque, surface: format, opaqueFormat: format)
            XCTAssertEqual(result.format, format, "uploaded in the surface's own format")
            XCTAssertEqual(result.blend, SDL_BLENDMODE_NONE, "not blended")
            XCTAssertEqual(result.drawn, expected, "its colours, red and blue where they were")
        }
    }

    func testAnyTransparencyKeepsThePictureBlended() throws {
        var pixels = Self.opaque
        pixels[15] = 128 // the last pixel half transparent
        let result = try draw(pixels, surface: SDL_PIXELFORMAT_RGB888.rawValue, opaqueFormat: SDL_PIXELFORMAT_RGB888.rawValue)
        XCTAssertEqual(result.format, SDL_PIXELFORMAT_RGBA32.rawValue)
        XCTAssertEqual(result.blend, SDL_BLENDMODE_BLEND)
        XCTAssertEqual(Array(result.drawn.prefix(3)), Array(expected.prefix(3)))
        let channels = [16, 8, 0].map { Int(result.drawn[3] >> UInt32($0) & 0xFF) }
        for (channel, half) in zip(channels, [5, 10, 15]) {
            XCTAssertLessThanOrEqual(abs(channel - half), 1, "half of (10, 20, 30) over black: \(channels)")
        }
    }

    func testWithoutAFormatOpaquePicturesStayRGBA32() throws {
        let result = try draw(Self.opaque, surface: SDL_PIXELFORMAT_ARGB8888.rawValue, opaqueFormat: nil)
        XCTAssertEqual(result.format, SDL_PIXELFORMAT_RGBA32.rawValue)
        XCTAssertEqual(result.blend, SDL_BLENDMODE_BLEND)
        XCTAssertEqual(result.drawn, expected)
    }
}
