import CSDL2

/// Textures under a memory budget, by key, each with the frame it was last
/// drawn in: what `PhotoTextures` keeps of photos and `PhotoTiles` of
/// detail tiles. It owns the textures: replacing, dropping, evicting or
/// letting it go destroys them.
final class TextureCache<Key: Hashable> {
    private(set) var entries: [Key: CachedTexture] = [:]
    /// What the textures held cost, in bytes.
    private(set) var bytesInUse = 0
    /// How many textures were destroyed so far (SDL may give a new one the same pointer).
    private(set) var destroyed = 0

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
        destroyed += 1
        bytesInUse -= old.bytes
    }

    func drop(where matches: (Key) -> Bool) {
        for key in entries.keys where matches(key) { drop(key) }
    }

    /// Drops the least recently drawn textures until they fit in `bytes`
    /// (those of the keys `counted`, or all); what was drawn in `frame` or
    /// the one before stays.
    func evict(toFit bytes: Int, frame: Int, counting counted: (Key) -> Bool = { _ in true }) {
        var held = entries.reduce(0) { $0 + (counted($1.key) ? $1.value.bytes : 0) }
        guard held > bytes else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where counted(key) {
            guard held > bytes, entry.lastUsed < frame - 1 else { break }
            held -= entry.bytes
            drop(key)
        }
    }

    /// Keeps each texture under the key `rekey` gives it, and lets go of
    /// those it gives none.
    func rekey(_ rekey: (Key) -> Key?) {
        var kept: [Key: CachedTexture] = [:]
        for (key, entry) in entries {
            if let new = rekey(key) { kept[new] = entry } else { SDL_DestroyTexture(entry.texture); destroyed += 1; bytesInUse -= entry.bytes }
        }
        entries = kept
    }
}
