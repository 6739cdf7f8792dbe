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
