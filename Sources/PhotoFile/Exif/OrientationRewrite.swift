/// A quarter turn saved without touching a pixel: the value of the JPEG's
/// EXIF Orientation entry (IFD0, tag 0x0112) is changed where it stands and
/// every other byte is kept, as GNOME Loupe saves a turn. A JPEG with no
/// such entry is not rewritten (inserting one means moving the APP1
/// segment's offsets), so the caller says it cannot be turned losslessly.
/// A PNG keeps its EXIF in an `eXIf` chunk before its pixels (PNG's third
/// edition), which Trips, exiftool and the browsers read: its Orientation
/// is changed there (with the chunk's CRC), or, with no `eXIf` chunk, one
/// holding the Orientation alone is put after IHDR; the IDAT chunks, every
/// other chunk and so every pixel stay as they were.
public enum OrientationRewrite {
    public enum Failure: Error, Equatable, Sendable {
        /// Not a JPEG, or a JPEG whose first Exif block has no readable Orientation.
        case noOrientationTag
        /// The entry is there but its type or value is not one of EXIF's.
        case malformed(String)
    }

    /// `bytes` with the Orientation turned a quarter clockwise (or counter-
    /// clockwise), and the orientation now; only the entry's value changes.
    public static func turned(_ bytes: [UInt8], clockwise: Bool) throws(Failure) -> (bytes: [UInt8], orientation: ExifOrientation) {
        if bytes.starts(with: PNGChunks.signature) { return try turnedPNG(bytes, clockwise: clockwise) }
        guard let tiff = TIFFBlock.inJPEG(ByteWindow(bytes, start: 0, end: bytes.count)),
              let entry = tiff.entry(0x0112, inDirectoryAt: tiff.firstDirectory) else { throw .noOrientationTag }
        var out = bytes
        let next = try turn(entry, of: tiff, in: &out, clockwise: clockwise)
        return (out, next)
    }

    /// A PNG's turn, in an `eXIf` chunk before its pixels, where Trips and
    /// PNG's third edition look: the chunk there has its Orientation
    /// turned (and its CRC made again); one after the pixels (where
    /// ImageMagick writes it, as PNG's first extension allowed) is moved
    /// before them, turned, its TIFF block unchanged otherwise (its offsets
    /// count from its own start); with none, one holding the Orientation
    /// alone is put after IHDR. Chunks are walked head to head to IEND, each
    /// inside the file; EXIF without an Orientation entry is left alone (the
    /// entry cannot be added in place).
    static func turnedPNG(_ bytes: [UInt8], clockwise: Bool) throws(Failure) -> (bytes: [UInt8], orientation: ExifOrientation) {
        let b = ByteWindow(bytes, start: 0, end: bytes.count)
        guard b.has(Array("IHDR".utf8), at: 12) else { throw .noOrientationTag }
        var pos = 8, pixelsSeen = false
        var found: (at: Int, length: Int, early: Bool)?
        while let length = try? b.u32be(pos), !b.has(Array("IEND".utf8), at: pos + 4) {
            guard pos + 12 + length <= bytes.count else { throw .malformed("PNG chunk cut short") }
            if b.has(Array("IDAT".utf8), at: pos + 4) { pixelsSeen = true }
            if found == nil && b.has(Array("eXIf".utf8), at: pos + 4) { found = (pos, length, !pixelsSeen) }
            pos += 12 + length
        }
        guard let found else {
            // No EXIF yet: IFD0 of one SHORT entry, big-endian, as exiftool writes a PNG's.
            let next = ExifOrientation.up.turned(clockwise: clockwise)
            let tiff: [UInt8] = Array("MM".utf8) + [0, 42] + PNGChunks.be32(8) + [0, 1] + [0x01, 0x12, 0, 3] + PNGChunks.be32(1)
                + [0, UInt8(next.rawValue), 0, 0] + PNGChunks.be32(0)
            guard let out = PNGChunks.inserting([PNGChunks.chunk("eXIf", tiff)], into: bytes) else { throw .noOrientationTag }
            return (out, next)
        }
        var data = Array(bytes[(found.at + 8)..<(found.at + 8 + found.length)])
        let skip = data.starts(with: Array("Exif\0\0".utf8)) ? 6 : 0
        guard let tiff = TIFFBlock(ByteWindow(data, start: skip, end: data.count)),
              let entry = tiff.entry(0x0112, inDirectoryAt: tiff.firstDirectory) else { throw .noOrientationTag }
        let next = try turn(entry, of: tiff, in: &data, clockwise: clockwise)
        let chunk = PNGChunks.chunk("eXIf", data)
        var out = bytes
        if found.early {
            out.replaceSubrange(found.at..<(found.at + 12 + found.length), with: chunk)
            return (out, next)
        }
        out.removeSubrange(found.at..<(found.at + 12 + found.length))
        guard let moved = PNGChunks.inserting([chunk], into: out) else { throw .noOrientationTag }
        return (moved, next)
    }

    /// Writes the turned value into the Orientation entry at `entry` of
    /// `tiff` (whose window is `out`'s bytes); the orientation now.
    private static func turn(_ entry: Int, of tiff: TIFFBlock, in out: inout [UInt8], clockwise: Bool) throws(Failure) -> ExifOrientation {
        let type = tiff.u16(entry + 2), count = tiff.u32(entry + 4)
        guard type == 3 || type == 4, count == 1 else { throw .malformed("Orientation entry of type \(type ?? -1), count \(count ?? -1)") }
        guard let value = type == 3 ? tiff.u16(entry + 8) : tiff.u32(entry + 8) else { throw .malformed("Orientation value cut off") }
        guard let now = ExifOrientation(rawValue: value) else { throw .malformed("Orientation \(value)") }
        let next = now.turned(clockwise: clockwise)
        let at = tiff.window.start + entry + 8
        let width = type == 3 ? 2 : 4
        for i in 0..<width {
            let shift = 8 * (tiff.littleEndian ? i : width - 1 - i)
            out[at + i] = UInt8((next.rawValue >> shift) & 0xFF)
        }
        return next
    }
}

extension ExifOrientation {
    /// The orientation that shows the picture a quarter turn further
    /// clockwise (or back): the same mirror, one turn more or less.
    public func turned(clockwise: Bool) -> ExifOrientation {
        let want = Transform(clockwiseQuarterTurns: transform.quarterTurns + (clockwise ? 1 : 3), flipsHorizontally: transform.flipsHorizontally)
        return Self.allCases.first { $0.transform.flipsHorizontally == want.flipsHorizontally && $0.transform.quarterTurns == want.quarterTurns }!
    }
}
