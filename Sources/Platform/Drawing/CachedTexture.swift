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

/// Textures under a memory budget, by key, each with the frame it was last
/// drawn in: what `PhotoTextures` keeps of photos and `PhotoTiles` of
/// detail tiles. It owns the textures: replacing, dropping, evicting or
/// letting it go destroys them.
final class TextureCache<Key: Hashable> {
    private(set) var entries: [Key: CachedTexture] = [:]
    /// What the textures held cost, in bytes.
    private(set) var bytesInUse = 0

    deinit { drop { _ in true } }

    subscript(key: Key) -> CachedTexture? { entries[key] }

    /// `entry` as the texture of `key`, replacing the one there.
    func store(_ entry: CachedTexture, as key: Key) {
        drop(key)
        entries[key] = entry
        bytesInUse += entry.bytes
    }

    /// Marks `key`'s texture drawn in `frame`; the texture, or nil.
    func use(_ key: Key, in frame: Int) -> CachedTexture? {
        entries[key]?.lastUsed = frame
        return entries[key]
    }

    func drop(_ key: Key) {
        guard let old = entries.removeValue(forKey: key) else { return }
        SDL_DestroyTexture(old.texture)
        bytesInUse -= old.bytes
    }

    func drop(where matches: (Key) -> Bool) {
        for key in entries.keys where matches(key) { drop(key) }
    }

    /// Drops the least recently drawn textures until they fit in `bytes`;
    /// what was drawn in `frame` or the one before stays.
    func evict(toFit bytes: Int, frame: Int) {
        guard bytesInUse > bytes else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard bytesInUse > bytes, entry.lastUsed < frame - 1 else { break }
            drop(key)
        }
    }

    /// Keeps each texture under the key `rekey` gives it, and lets go of
    /// those it gives none.
    func rekey(_ rekey: (Key) -> Key?) {
        var kept: [Key: CachedTexture] = [:]
        for (key, entry) in entries {
            if let new = rekey(key) { kept[new] = entry } else { SDL_DestroyTexture(entry.texture); bytesInUse -= entry.bytes }
        }
        entries = kept
    }
}
