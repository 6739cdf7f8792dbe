extension PhotoHeader {
    /// The logical screen's size, and whether the GIF moves: a looping
    /// application extension (NETSCAPE2.0, ANIMEXTS1.0) or a second image
    /// within the bytes read. The blocks are stepped over by their own
    /// lengths; a walk that runs out or meets damage only ends the count
    /// (the decoder judges the pictures), the size stands.
    static func gif(_ b: ByteWindow) throws -> PhotoHeader {
        var header = PhotoHeader(format: .gif, width: try b.u16le(6), height: try b.u16le(8))
        var images = 0, loops = false, finished = false
        do {
            let packed = try b.u8(10)
            var pos = 13 + (packed & 0x80 != 0 ? 3 << ((packed & 7) + 1) : 0)
            /// Steps over data sub-blocks to the one of length 0.
            func subBlocks() throws {
                while true {
                    let n = try b.u8(pos)
                    pos += 1 + n
                    if n == 0 { return }
                }
            }
            walk: while images < 4096 {
                switch try b.u8(pos) {
                case 0x21:
                    if try b.u8(pos + 1) == 0xFF, try b.u8(pos + 2) == 11,
                       b.has(Array("NETSCAPE2.0".utf8), at: pos + 3) || b.has(Array("ANIMEXTS1.0".utf8), at: pos + 3) {
                        loops = true
                    }
                    pos += 2
                    try subBlocks()
                case 0x2C:
                    images += 1
                    let local = try b.u8(pos + 9)
                    pos += 10 + (local & 0x80 != 0 ? 3 << ((local & 7) + 1) : 0) + 1 // the LZW code size
                    try subBlocks()
                case 0x3B:
                    finished = true
                    break walk
                default:
                    break walk
                }
            }
        } catch {}
        if images > 1 || (loops && !(finished && images == 1)) {
            header.animation = Animation(frames: finished ? images : nil)
        }
        return header
    }
}
