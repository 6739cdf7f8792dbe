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
    /// A static texture of `pixels` (blended, linearly filtered), or nil
    /// when the renderer cannot make it (SDL_GetError says why).
    init?(renderer: OpaquePointer, pixels: SharedPixels, lastUsed: Int) {
        self.init(renderer: renderer, rgba: pixels.base, width: pixels.width, height: pixels.height, pitch: pixels.pitch, lastUsed: lastUsed)
    }

    /// A static texture of the `width` x `height` RGBA32 pixels at `rgba`,
    /// rows `pitch` bytes apart (a part of a larger picture, in place).
    init?(renderer: OpaquePointer, rgba: UnsafeRawPointer, width w: Int, height h: Int, pitch: Int, lastUsed: Int) {
        let made = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(w), Int32(h))
        guard let texture = made, SDL_UpdateTexture(texture, nil, rgba, Int32(pitch)) == 0 else {
            if let made { SDL_DestroyTexture(made) }
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        self.init(texture: texture, width: w, height: h, bytes: w * h * 4, lastUsed: lastUsed)
    }
}
