extension PhotoHeader {
    /// The first chunk after RIFF....WEBP: VP8 (lossy), VP8L (lossless) or
    /// VP8X (extended: the canvas size). EXIF in WebP is not read.
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
            return PhotoHeader(format: .webp, width: try b.u24le(24) + 1, height: try b.u24le(27) + 1)
        }
        if b.count < 16 { throw ParseStop.ranOut }
        throw ParseStop.damaged("unknown first chunk")
    }
}
