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
    /// A texture a colour, kept while its colour is drawn.
    private var textures: [Key: Solid] = [:]
    private var frame = 0

    /// Rows taller than this are drawn in bands of it, so that a tall
    /// shadow costs no texture its height.
    static let bandRows = 128
    /// Colours kept at most: the scenes use a handful.
    static let kept = 8

    private struct Key: Hashable { var r, g, b: UInt8 }

    private struct Solid {
        var texture: OpaquePointer
        var width: Int32
        var lastUsed: Int
    }

    /// Fills for `renderer`, whose frames are in `format` (SDL's pixel
    /// format: `Display.opaqueTextureFormat`).
    init(renderer: OpaquePointer, format: UInt32) {
        self.renderer = renderer
        self.format = format
    }

    deinit {
        for solid in textures.values { SDL_DestroyTexture(solid.texture) }
    }

    /// A new frame: what was not drawn for a while may go.
    func beginFrame() { frame += 1 }

    /// Draws `rows` in `color` (its alpha above 0 and below 255) through
    /// the renderer's clip, or says false when it cannot (no texture could
    /// be made: SDL's own fill is then the way).
    func draw(_ rows: [SDL_Rect], color: RGBA) -> Bool {
        let widest = rows.reduce(Int32(0)) { max($0, $1.w) }
        guard widest > 0 else { return true }
        guard let texture = texture(for: color, width: widest) else { return false }
        SDL_SetTextureAlphaMod(texture, color.a)
        let band = Int32(Self.bandRows)
        for row in rows where row.w > 0 && row.h > 0 {
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

    /// The texture of `color`, at least `width` pixels wide.
    private func texture(for color: RGBA, width: Int32) -> OpaquePointer? {
        let key = Key(r: color.r, g: color.g, b: color.b)
        if var solid = textures[key], solid.width >= width {
            solid.lastUsed = frame
            textures[key] = solid
            return solid.texture
        }
        if let old = textures.removeValue(forKey: key) { SDL_DestroyTexture(old.texture) }
        if textures.count >= Self.kept, let oldest = textures.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            SDL_DestroyTexture(oldest.value.texture)
            textures[oldest.key] = nil
        }
        guard let made = Self.make(renderer: renderer, format: format, color: key, width: width, height: Int32(Self.bandRows)) else {
            return nil
        }
        textures[key] = Solid(texture: made, width: width, lastUsed: frame)
        return made
    }

    private static func make(renderer: OpaquePointer, format: UInt32, color: Key, width: Int32, height: Int32) -> OpaquePointer? {
        guard let pixelFormat = SDL_AllocFormat(format) else { return nil }
        defer { SDL_FreeFormat(pixelFormat) }
        guard pixelFormat.pointee.BytesPerPixel == 4,
              let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), width, height) else { return nil }
        let value = SDL_MapRGBA(pixelFormat, color.r, color.g, color.b, 255)
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else {
            SDL_DestroyTexture(texture)
            return nil
        }
        for y in 0..<Int(height) {
            let row = (pixels + y * Int(pitch)).assumingMemoryBound(to: UInt32.self)
            row.update(repeating: value, count: Int(width))
        }
        SDL_UnlockTexture(texture)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return texture
    }
}
