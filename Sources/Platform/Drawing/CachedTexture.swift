import CSDL2
import Decoding

/// A texture kept under the memory budget (`PhotoTextures` for photos,
/// `PhotoTiles` for detail tiles): its size, what it costs, and the frame it
/// was last drawn in, so the least recently drawn leaves first.
struct CachedTexture {
    var texture: OpaquePointer
    var width: Int
    var height: Int
    var bytes: Int
    var lastUsed: Int
}

// In an extension, so the memberwise initialiser stays.
extension CachedTexture {
    /// A static texture of `pixels`, or nil when the renderer cannot make it
    /// (SDL_GetError says why). `opaqueFormat`: see the other initialiser.
    init?(renderer: OpaquePointer, pixels: SharedPixels, lastUsed: Int, opaqueFormat: UInt32? = nil) {
        self.init(renderer: renderer, rgba: pixels.base, width: pixels.width, height: pixels.height, pitch: pixels.pitch,
                  lastUsed: lastUsed, opaqueFormat: opaqueFormat)
    }

    /// A texture of the `width` x `height` RGBA32 pixels at `rgba`, rows
    /// `pitch` bytes apart (a part of a larger picture, in place), linearly
    /// filtered. Blended, unless `opaqueFormat` is given (the software
    /// renderer's own drawing format) and every pixel is opaque: then it is
    /// kept in that format and copied, not blended. SDL's software renderer
    /// then scales it straight into the frame in one pass; an RGBA32 texture
    /// that blends is converted, scaled and blended through two scratch
    /// pictures every frame (the attract loop's pan-and-zoom, Benchmarks/attract.sh).
    init?(renderer: OpaquePointer, rgba: UnsafeRawPointer, width w: Int, height h: Int, pitch: Int, lastUsed: Int,
          opaqueFormat: UInt32? = nil) {
        let rgba32 = SDL_PIXELFORMAT_RGBA32.rawValue
        let format = opaqueFormat.flatMap { Self.isOpaque(rgba, width: w, height: h, pitch: pitch) ? $0 : nil } ?? rgba32
        let copied = format != rgba32
        let access = copied ? SDL_TEXTUREACCESS_STREAMING : SDL_TEXTUREACCESS_STATIC
        guard let texture = SDL_CreateTexture(renderer, format, Int32(access.rawValue), Int32(w), Int32(h)) else { return nil }
        var filled = false
        if copied {
            var target: UnsafeMutableRawPointer?, targetPitch: Int32 = 0
            if SDL_LockTexture(texture, nil, &target, &targetPitch) == 0, let target {
                filled = SDL_ConvertPixels(Int32(w), Int32(h), rgba32, rgba, Int32(pitch), format, target, targetPitch) == 0
                SDL_UnlockTexture(texture)
            }
        } else {
            filled = SDL_UpdateTexture(texture, nil, rgba, Int32(pitch)) == 0
        }
        guard filled else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetTextureBlendMode(texture, copied ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        self.init(texture: texture, width: w, height: h, bytes: w * h * 4, lastUsed: lastUsed)
    }

    /// Whether every pixel's alpha (RGBA32's fourth byte) is 255: a JPEG's
    /// always are, a PNG's or a WebP's may not be.
    static func isOpaque(_ rgba: UnsafeRawPointer, width: Int, height: Int, pitch: Int) -> Bool {
        for y in 0..<height {
            let row = (rgba + y * pitch).assumingMemoryBound(to: UInt8.self)
            var all: UInt8 = 255
            var x = 3
            while x < width * 4 { all &= row[x]; x += 4 }
            if all != 255 { return false }
        }
        return true
    }
}
