extension PhotoHeader {
    /// IHDR must be the first chunk; an `eXIf` chunk before IDAT may give the
    /// orientation, an `acTL` makes it an APNG (a bad chunk after IHDR only
    /// ends that search; an `eXIf` ends it too, as APNG puts `acTL` first).
    static func png(_ b: ByteWindow) throws -> PhotoHeader {
        guard b.has(Array("IHDR".utf8), at: 12) else {
            if b.count < 16 { throw ParseStop.ranOut }
            throw ParseStop.damaged("the first chunk is not IHDR")
        }
        guard try b.u32be(8) >= 13 else { throw ParseStop.damaged("IHDR of \(try b.u32be(8)) bytes") }
        let width = try b.u32be(16), height = try b.u32be(20)
        var orientation = ExifOrientation.up, animation: Animation?
        var pos = 8 + 12 + (try b.u32be(8))
        while let length = try? b.u32be(pos), !b.has(Array("IDAT".utf8), at: pos + 4) {
            // APNG: the animation control chunk, before the first IDAT, counts the frames.
            if b.has(Array("acTL".utf8), at: pos + 4), let frames = try? b.u32be(pos + 8), frames > 1 {
                animation = Animation(frames: frames)
            }
            if b.has(Array("eXIf".utf8), at: pos + 4) {
                var exif = b.window(from: pos + 8, to: pos + 8 + length)
                if exif.has(Array("Exif\0\0".utf8), at: 0) { exif = exif.window(from: 6, to: exif.count) }
                orientation = tiffOrientation(exif) ?? .up
                break
            }
            pos += 12 + length
        }
        return PhotoHeader(format: .png, width: width, height: height, orientation: orientation, animation: animation)
    }
}
