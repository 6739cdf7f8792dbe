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
    /// A static texture of `pixels` (see the initialiser below), or nil
    /// when the renderer cannot make it (SDL_GetError says why).
    init?(renderer: OpaquePointer, pixels: SharedPixels, opaqueFormat: UInt32?, lastUsed: Int) {
        self.init(renderer: renderer, rgba: pixels.base, width: pixels.width, height: pixels.height, pitch: pixels.pitch,
                  opaqueFormat: opaqueFormat, lastUsed: lastUsed)
    }

    /// A texture of the `width` x `height` RGBA32 pixels at `rgba`, rows
    /// `pitch` bytes apart (a part of a larger picture, in place), linearly
    /// filtered. An opaque picture, given `opaqueFormat` (the pixel format
    /// SDL's software renderer draws into: `Display.opaqueTextureFormat`),
    /// is converted to it and not blended: the renderer then copies it as
    /// it is (a blit with neither conversion nor blending, or when scaled
    /// its linear stretch straight into the frame), where an RGBA32 blended
    /// texture went through a converted, blended copy of itself each time
    /// (Benchmarks/session.sh, X11 software: the hero's 890 x 524 took 3 ms
    /// a frame). Anything else is RGBA32 and blended.
    init?(renderer: OpaquePointer, rgba: UnsafeRawPointer, width w: Int, height h: Int, pitch: Int, opaqueFormat: UInt32?,
          lastUsed: Int) {
        if let format = opaqueFormat, let texture = Self.opaque(renderer: renderer, rgba: rgba, width: w, height: h, pitch: pitch, in: format) {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            self.init(texture: texture, width: w, height: h, bytes: w * h * 4, lastUsed: lastUsed)
            return
        }
        let made = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(w), Int32(h))
        guard let texture = made, SDL_UpdateTexture(texture, nil, rgba, Int32(pitch)) == 0 else {
            if let made { SDL_DestroyTexture(made) }
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        self.init(texture: texture, width: w, height: h, bytes: w * h * 4, lastUsed: lastUsed)
    }

    /// RGBA32's masks: where its alpha is, and its red and blue.
    private static let rgba32: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) = masks(SDL_PIXELFORMAT_RGBA32.rawValue)

    static func masks(_ format: UInt32) -> (r: UInt32, g: UInt32, b: UInt32, a: UInt32) {
        var bpp: Int32 = 0, r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
        SDL_PixelFormatEnumToMasks(format, &bpp, &r, &g, &b, &a)
        return (r, g, b, a)
    }

    /// Whether every pixel of the RGBA32 picture is opaque.
    static func isOpaque(_ rgba: UnsafeRawPointer, width: Int, height: Int, pitch: Int) -> Bool {
        let alpha = rgba32.a
        for y in 0..<height {
            let row = UnsafeBufferPointer(start: (rgba + y * pitch).assumingMemoryBound(to: UInt32.self), count: width)
            var all = UInt32.max
            for pixel in row { all &= pixel }
            if all & alpha != alpha { return false }
        }
        return true
    }

    /// A streaming texture in `format` holding the RGBA32 picture, or nil
    /// when any of its pixels is not opaque (or SDL fails). A format that
    /// is RGBA32 with red and blue swapped (the window's XRGB8888 or
    /// ARGB8888 on a little-endian machine) is written here in the same
    /// pass that reads the alpha; SDL_ConvertPixels takes 4-5 times as long.
    private static func opaque(renderer: OpaquePointer, rgba: UnsafeRawPointer, width w: Int, height h: Int, pitch: Int,
                               in format: UInt32) -> OpaquePointer? {
        let to = masks(format), from = rgba32
        let swapped = to.r == from.b && to.b == from.r && to.g == from.g && (to.a == from.a || to.a == 0)
        guard swapped || isOpaque(rgba, width: w, height: h, pitch: pitch) else { return nil }
        guard let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(w), Int32(h)) else { return nil }
        var pixels: UnsafeMutableRawPointer?
        var texturePitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &texturePitch) == 0, let pixels else {
            SDL_DestroyTexture(texture)
            return nil
        }
        var done = true
        if swapped {
            let low = min(from.r, from.b), high = max(from.r, from.b), keep = ~(low | high)
            let shift = UInt32(high.trailingZeroBitCount - low.trailingZeroBitCount)
            for y in 0..<h where done {
                let source = (rgba + y * pitch).assumingMemoryBound(to: UInt32.self)
                let target = (pixels + y * Int(texturePitch)).assumingMemoryBound(to: UInt32.self)
                var all = UInt32.max
                for x in 0..<w {
                    let p = source[x]
                    all &= p
                    target[x] = (p & keep) | (p & low) << shift | (p & high) >> shift
                }
                done = all & from.a == from.a
            }
        } else {
            done = SDL_ConvertPixels(Int32(w), Int32(h), SDL_PIXELFORMAT_RGBA32.rawValue, rgba, Int32(pitch), format, pixels, texturePitch) == 0
        }
        SDL_UnlockTexture(texture)
        guard done else {
            SDL_DestroyTexture(texture)
            return nil
        }
        return texture
    }
}
