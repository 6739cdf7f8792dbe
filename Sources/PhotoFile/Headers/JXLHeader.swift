/// The size of a JPEG XL photo from its codestream header, read without
/// decoding: a naked codestream (FF 0A) or one in the ISO box container
/// (the `JXL ` signature box, then `jxlc` holding the codestream, or `jxlp`
/// boxes holding it in parts). The header's SizeHeader gives the stored
/// size and its ImageMetadata the orientation (1...8, EXIF's numbering);
/// libjxl turns the picture itself when decoding, so the size given is the
/// upright one and the orientation `.up`. Every bit read is bounds-checked.
extension PhotoHeader {
    static func jxl(_ b: ByteWindow) throws -> PhotoHeader {
        let codestream: [UInt8]
        if b.has([0xFF, 0x0A], at: 0) {
            codestream = Array(b.bytes[b.start..<b.end])
        } else {
            codestream = try containedCodestream(b)
        }
        guard codestream.count >= 2 else { throw ParseStop.ranOut }
        guard codestream[0] == 0xFF, codestream[1] == 0x0A else { throw ParseStop.damaged("the codestream does not start with FF 0A") }
        var bits = BitReader(codestream, from: 2)
        let (width, height) = try sizeHeader(&bits)
        var orientation = 1, animated = false
        if try !bits.flag() /* all_default */, try bits.flag() /* extra_fields */ {
            orientation = try bits.read(3) + 1
            // Then an intrinsic size, a preview, and whether it is an animation.
            animated = (try? {
                if try bits.flag() { _ = try sizeHeader(&bits) }
                if try bits.flag() { try previewHeader(&bits) }
                return try bits.flag()
            }()) ?? false
        }
        // Orientations 5...8 transpose the picture: its sides swap when shown.
        let shown = orientation >= 5 ? (height, width) : (width, height)
        return PhotoHeader(format: .jxl, width: shown.0, height: shown.1, animation: animated ? Animation(frames: nil) : nil)
    }

    /// The start of the codestream: the payload of the first `jxlc`, or of
    /// the `jxlp` boxes in order (each after its 4-byte part counter).
    private static func containedCodestream(_ b: ByteWindow) throws -> [UInt8] {
        var codestream: [UInt8] = []
        try boxes(b) { type, body in
            if type == "jxlc" {
                codestream = Array(body.bytes[body.start..<body.end])
                return true
            }
            if type == "jxlp", body.count >= 4 {
                codestream += body.bytes[(body.start + 4)..<body.end]
            }
            return codestream.count >= 4096
        }
        if codestream.isEmpty { throw ParseStop.ranOut }
        return codestream
    }

    /// SizeHeader: a small size in multiples of 8, or each side as a U32 of
    /// 9, 13, 18 or 30 bits; the width may be given as a ratio of the height.
    fileprivate static func sizeHeader(_ bits: inout BitReader) throws -> (Int, Int) {
        let small = try bits.flag()
        func side() throws -> Int {
            if small { return (try bits.read(5) + 1) * 8 }
            let widths = [9, 13, 18, 30]
            return try bits.read(widths[bits.read(2)]) + 1
        }
        let height = try side()
        let ratio = try bits.read(3)
        let ratios = [(1, 1), (1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]
        let width = ratio == 0 ? try side() : height * ratios[ratio].0 / ratios[ratio].1
        return (width, height)
    }
}

extension PhotoHeader {
    /// PreviewHeader, read only to reach the flags after it: a size in
    /// multiples of 8 or in pixels, each a U32 of its own distribution.
    fileprivate static func previewHeader(_ bits: inout BitReader) throws {
        let div8 = try bits.flag()
        let distribution: [(bits: Int, offset: Int)] = div8 ? [(0, 16), (0, 32), (5, 1), (9, 33)] : [(6, 1), (8, 65), (10, 321), (12, 1345)]
        func u32() throws { _ = try bits.read(distribution[bits.read(2)].bits) }
        try u32()
        if try bits.read(3) == 0 { try u32() }
    }
}

/// Bits read least significant first, as JPEG XL packs them; past the end throws `ranOut`.
private struct BitReader {
    let bytes: [UInt8]
    var position: Int

    init(_ bytes: [UInt8], from byte: Int) {
        self.bytes = bytes
        position = byte * 8
    }

    mutating func read(_ count: Int) throws -> Int {
        var value = 0
        for i in 0..<count {
            guard position / 8 < bytes.count else { throw ParseStop.ranOut }
            value |= Int(bytes[position / 8] >> (position % 8) & 1) << i
            position += 1
        }
        return value
    }

    mutating func flag() throws -> Bool { try read(1) == 1 }
}
