import CSDL2
import CZlib
import PhotoFile

/// A strip thumbnail as the PNG the shared thumbnail cache keeps
/// (`SharedThumbnail`), encoded on the decode worker, which has the pixels
/// and no files: the app adds the keys only it knows (the file's URI and
/// time, `PNGChunks.inserting`) and writes it. The app encodes a whole
/// decoded photo with it for the clipboard (Ctrl+C). 8-bit RGBA, each row
/// filtered by its left neighbour (Sub: an opaque picture's alpha becomes
/// zeros, which deflate to almost nothing), a whole pixel at a time,
/// deflated by zlib at a fast level.
public enum ThumbnailPNG {
    static let level: Int32 = 3

    /// The PNG of an RGBA32 surface, or nil when zlib has no memory.
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt8]? {
        guard let pixels = UnsafeRawPointer(surface.pointee.pixels) else { return nil }
        return encode(pixels, width: Int(surface.pointee.w), height: Int(surface.pointee.h), pitch: Int(surface.pointee.pitch))
    }

    /// The PNG of decoded pixels in shared memory (RGBA32, as the workers hand them over).
    public static func encode(_ pixels: SharedPixels) -> [UInt8]? {
        encode(UnsafeRawPointer(pixels.base), width: pixels.width, height: pixels.height, pitch: pixels.pitch)
    }

    /// The PNG of `height` rows of `width` RGBA32 pixels, `pitch` bytes apart.
    static func encode(_ pixels: UnsafeRawPointer, width w: Int, height h: Int, pitch: Int) -> [UInt8]? {
        guard w > 0, h > 0 else { return nil }
        let rowBytes = w * 4 + 1
        var filtered = [UInt8](repeating: 0, count: rowBytes * h)
        filtered.withUnsafeMutableBytes { out in
            for y in 0..<h {
                let row = pixels + y * pitch, start = y * rowBytes
                out[start] = 1 // Sub
                var left: UInt32 = 0
                for x in 0..<w {
                    let pixel = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    out.storeBytes(of: subtractBytes(pixel, left), toByteOffset: start + 1 + x * 4, as: UInt32.self)
                    left = pixel
                }
            }
        }
        var deflatedCount = compressBound(uLong(filtered.count))
        var deflated = [UInt8](repeating: 0, count: Int(deflatedCount))
        guard compress2(&deflated, &deflatedCount, filtered, uLong(filtered.count), level) == Z_OK else { return nil }
        let header = PNGChunks.be32(UInt32(w)) + PNGChunks.be32(UInt32(h)) + [8, 6, 0, 0, 0] // 8 bits, RGBA
        return PNGChunks.signature + PNGChunks.chunk("IHDR", header) + PNGChunks.chunk("IDAT", Array(deflated.prefix(Int(deflatedCount))))
            + PNGChunks.chunk("IEND", [])
    }

    /// `a - b` in each of the four bytes on its own (modulo 256, no borrow
    /// between them): PNG's Sub filter for a whole RGBA pixel.
    static func subtractBytes(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
    }
}
