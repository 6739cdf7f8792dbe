extension PhotoHeader {
    /// The first chunk after RIFF....WEBP: VP8 (lossy), VP8L (lossless) or
    /// VP8X (extended: the canvas size, and its animation flag). EXIF in
    /// WebP is not read.
    static func webp(_ b: ByteWindow) throws -> PhotoHeader {
        if b.has(Array("VP8 ".utf8), at: 12) {
            guard try b.u8(23) == 0x9D, try b.u8(24) == 0x01, try b.u8(25) == 0x2A else {
                throw ParseStop.damaged("VP8 frame without its start code")
            }
            return PhotoHeader(format: .webp, width: try b.u16le(26) & 0x3FFF, height: try b.u16le(28) & 0x3FFF)
        }
        if b.has(Array("VP8L".utf8), at: 12) {
            guard try b.u8(20) == 0x2F else { throw ParseStop.damaged("VP8L data without its signature") }
            let bits = try b.u32le(21)
            return PhotoHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
        if b.has(Array("VP8X".utf8), at: 12) {
            var header = PhotoHeader(format: .webp, width: try b.u24le(24) + 1, height: try b.u24le(27) + 1)
            if try b.u8(20) & 0x02 != 0 {
                // A flag with fewer than two frames counted is a still.
                let frames = animationFrames(b)
                if (frames ?? 2) >= 2 { header.animation = Animation(frames: frames) }
            }
            return header
        }
        if b.count < 16 { throw ParseStop.ranOut }
        throw ParseStop.damaged("unknown first chunk")
    }

    /// The ANMF (frame) chunks of an animated WebP, when all its chunks
    /// lie within the bytes read; nil otherwise.
    static func animationFrames(_ b: ByteWindow) -> Int? {
        guard let riff = try? b.u32le(4) else { return nil }
        let end = riff + 8
        var pos = 12, frames = 0
        while pos + 8 <= end {
            guard let size = try? b.u32le(pos + 4), size <= end - pos - 8 else { return nil }
            if b.has(Array("ANMF".utf8), at: pos) { frames += 1 }
            pos += 8 + size + (size & 1)
        }
        return pos >= end && end <= b.count ? frames : nil
    }
}
