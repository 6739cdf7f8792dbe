import CSDL2
import TripsKit

/// Translucent fills on SDL's software renderer (a caption's dark band, a
/// badge, a lifted photo's shadow), drawn as copies of a texture of their
/// colour with the fill's alpha as the texture's alpha modulation.
///
/// Why: SDL 2.26 fills a translucent rectangle pixel by pixel, three
/// multiplications and three divisions by 255 a pixel, where it copies a
/// texture of the frame's own format with a constant alpha two pixels at a
/// time (its MMX surface-alpha blit): 0.15 ms against 0.37 for a caption
/// band of 120,000 pixels. A channel may come out a level or two off
/// SDL's fill, which divides by 255 where the blit shifts by 8: nothing a
/// person can see, and the same on every display, since every software
/// frame is drawn this way.
final class TranslucentFills {
    private let renderer: OpaquePointer
    private let format: UInt32
    /// A texture a colour (`CachedTexture`: its `lastUsed` counts draws).
    private var textures: [Key: CachedTexture] = [:]
    private var draws = 0

    /// Rows taller than this are drawn in bands of it, so that a tall
    /// shadow costs no texture its height.
    static let bandRows = 128
    /// Colours kept at most: the scenes use a handful.
    static let kept = 8

    private struct Key: Hashable { var r, g, b: UInt8 }

    /// Fills for `renderer`, whose frames are in `format` (SDL's pixel
    /// format: `Display.opaqueTextureFormat`).
    init(renderer: OpaquePointer, format: UInt32) {
        self.renderer = renderer
        self.format = format
    }

    deinit {
        for solid in textures.values { SDL_DestroyTexture(solid.texture) }
    }

    /// Draws `rows` in `color` (its alpha above 0 and below 255) through
    /// the renderer's clip, or says false when it cannot (no texture could
    /// be made: SDL's own fill is then the way).
    func draw(_ rows: [SDL_Rect], color: RGBA) -> Bool {
        let widest = rows.reduce(Int32(0)) { max($0, $1.w) }
        guard widest > 0 else { return true }
        guard let texture = texture(for: color, width: Int(widest)) else { return false }
        SDL_SetTextureAlphaMod(texture, color.a)
        let band = Int32(Self.bandRows)
        for row in rows where !row.isEmpty {
            var top = row.y
            while top < row.y + row.h {
                let h = min(band, row.y + row.h - top)
                var from = SDL_Rect(x: 0, y: 0, w: row.w, h: h)
                var to = SDL_Rect(x: row.x, y: top, w: row.w, h: h)
                SDL_RenderCopy(renderer, texture, &from, &to)
                top += h
            }
        }
        return true
    }

    /// The texture of `color`, at least `width` pixels wide: an opaque
    /// picture of it, uploaded as photos are (in the frame's format), and
    /// blended.
    private func texture(for color: RGBA, width: Int) -> OpaquePointer? {
        let key = Key(r: color.r, g: color.g, b: color.b)
        draws += 1
        if let solid = textures[key], solid.width >= width {
            textures[key]?.lastUsed = draws
            return solid.texture
        }
        if let old = textures.removeValue(forKey: key) { SDL_DestroyTexture(old.texture) }
        if textures.count >= Self.kept, let oldest = textures.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            SDL_DestroyTexture(oldest.value.texture)
            textures[oldest.key] = nil
        }
        let height = Self.bandRows
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { pixels, count in
            for i in stride(from: 0, to: width * height * 4, by: 4) {
                pixels[i] = color.r; pixels[i + 1] = color.g; pixels[i + 2] = color.b; pixels[i + 3] = 255
            }
            count = width * height * 4
        }
        let made = rgba.withUnsafeBytes {
            CachedTexture(renderer: renderer, rgba: $0.baseAddress!, width: width, height: height, pitch: width * 4,
                          opaqueFormat: format, lastUsed: draws)
        }
        guard let made else { return nil }
        SDL_SetTextureBlendMode(made.texture, SDL_BLENDMODE_BLEND)
        textures[key] = made
        return made.texture
    }
}
