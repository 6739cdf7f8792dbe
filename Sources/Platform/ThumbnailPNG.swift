import CSDL2
import CZlib
import PhotoFile

/// A strip thumbnail as the PNG the shared thumbnail cache keeps
/// (`SharedThumbnail`), encoded on the decode worker, which has the pixels
/// and no files: the app adds the keys only it knows (the file's URI and
/// time, `PNGChunks.inserting`) and writes it. 8-bit RGB (RGBA when any
/// pixel is not opaque), each row filtered by its left neighbour (Sub),
/// deflated by zlib at a fast level: a 1024 x 768 photo takes tens of
/// milliseconds and about 1 MiB.
enum ThumbnailPNG {
    static let level: Int32 = 3

    /// The PNG of an RGBA32 surface, or nil when zlib has no memory.
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt8]? {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard w > 0, h > 0 else { return nil }
        let pixels = UnsafeRawPointer(surface.pointee.pixels).assumingMemoryBound(to: UInt8.self)
        var opaque = true
        for y in 0..<h where opaque {
            let row = pixels + y * pitch
            for x in 0..<w where row[x * 4 + 3] != 255 { opaque = false; break }
        }
        let channels = opaque ? 3 : 4, rowBytes = w * channels + 1
        var filtered = [UInt8](repeating: 0, count: rowBytes * h)
        filtered.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let row = pixels + y * pitch, start = y * rowBytes
                out[start] = 1 // Sub
                for x in 0..<w {
                    for c in 0..<channels {
                        let value = row[x * 4 + c], left = x > 0 ? row[(x - 1) * 4 + c] : 0
                        out[start + 1 + x * channels + c] = value &- left
                    }
                }
            }
        }
        var deflatedCount = compressBound(uLong(filtered.count))
        var deflated = [UInt8](repeating: 0, count: Int(deflatedCount))
        guard compress2(&deflated, &deflatedCount, filtered, uLong(filtered.count), level) == Z_OK else { return nil }
        let header = PNGChunks.be32(UInt32(w)) + PNGChunks.be32(UInt32(h)) + [8, opaque ? 2 : 6, 0, 0, 0]
        return PNGChunks.signature + PNGChunks.chunk("IHDR", header) + PNGChunks.chunk("IDAT", Array(deflated.prefix(Int(deflatedCount))))
            + PNGChunks.chunk("IEND", [])
    }
}
