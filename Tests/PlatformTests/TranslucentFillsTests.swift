import CSDL2
import TripsKit
import XCTest
@testable import Platform

/// Translucent fills drawn as alpha-modulated copies look like SDL's own
/// blended fills: within two levels a channel (SDL's fill divides by
/// 255, its copy shifts by 8), inside the clip only.
final class TranslucentFillsTests: XCTestCase {
    /// A software renderer on a 300 x 300 XRGB8888 surface of varied colours.
    private final class Canvas {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer

        init() throws {
            surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 300, 300, 32, SDL_PIXELFORMAT_RGB888.rawValue))
            renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            for y in 0..<300 {
                let row = (surface.pointee.pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<300 { row[x] = UInt32((x * 7 + y * 3) & 0xFF) << 16 | UInt32((x * y) & 0xFF) << 8 | UInt32((255 - x + y) & 0xFF) }
            }
        }

        /// Red, green and blue of the pixel at `x, y`, flushed.
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            SDL_RenderFlush(renderer)
            let p = (surface.pointee.pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[x]
            return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
        }

        deinit {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }
    }

    func testABandLooksLikeSDLsBlendedFillWithinTwoLevelsAndKeepsToTheClip() throws {
        let sdl = try Canvas(), copies = try Canvas()
        let fills = TranslucentFills(renderer: copies.renderer, format: SDL_PIXELFORMAT_RGB888.rawValue)
        // A row taller than a band of the texture, a narrow one, two colours and alphas.
        let rows = [SDL_Rect(x: 10, y: 5, w: 200, h: 200), SDL_Rect(x: 20, y: 205, w: 30, h: 1)]
        let draws: [([SDL_Rect], RGBA)] = [(rows, RGBA(0, 0, 0, 90)), ([SDL_Rect(x: 100, y: 150, w: 180, h: 60)], RGBA(200, 40, 255, 150))]
        var clip = SDL_Rect(x: 0, y: 0, w: 250, h: 300)
        for canvas in [sdl, copies] { SDL_RenderSetClipRect(canvas.renderer, &clip) }
        for (rects, color) in draws {
            SDL_SetRenderDrawColor(sdl.renderer, color.r, color.g, color.b, color.a)
            SDL_RenderFillRects(sdl.renderer, rects, Int32(rects.count))
            XCTAssertTrue(fills.draw(rects, color: color))
        }
        let untouched = try Canvas()
        var worst = 0, changed = 0
        for y in 0..<300 {
            for x in 0..<300 {
                let a = sdl.rgb(x, y), b = copies.rgb(x, y)
                worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
                if b != untouched.rgb(x, y) { changed += 1 }
                if x >= 250 { XCTAssertEqual(b, untouched.rgb(x, y), "outside the clip at \(x), \(y)") }
            }
        }
        XCTAssertLessThanOrEqual(worst, 2)
        XCTAssertGreaterThan(changed, 200 * 200, "the band was drawn")
    }
}
