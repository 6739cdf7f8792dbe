/// A quarter turn saved without touching a pixel: the value of the JPEG's
/// EXIF Orientation entry (IFD0, tag 0x0112) is changed where it stands and
/// every other byte is kept, as GNOME Loupe saves a turn. A file with no
/// such entry is not rewritten (inserting one means moving the APP1
/// segment's offsets), so the caller says it cannot be turned losslessly.
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
        guard let tiff = TIFFBlock.inJPEG(ByteWindow(bytes, start: 0, end: bytes.count)),
              let entry = tiff.entry(0x0112, inDirectoryAt: tiff.firstDirectory) else { throw .noOrientationTag }
        let type = tiff.u16(entry + 2), count = tiff.u32(entry + 4)
        guard type == 3 || type == 4, count == 1 else { throw .malformed("Orientation entry of type \(type ?? -1), count \(count ?? -1)") }
        guard let value = type == 3 ? tiff.u16(entry + 8) : tiff.u32(entry + 8) else { throw .malformed("Orientation value cut off") }
        guard let now = ExifOrientation(rawValue: value) else { throw .malformed("Orientation \(value)") }
        let next = now.turned(clockwise: clockwise)
        var out = bytes
        let at = tiff.window.start + entry + 8
        let width = type == 3 ? 2 : 4
        for i in 0..<width {
            let shift = 8 * (tiff.littleEndian ? i : width - 1 - i)
            out[at + i] = UInt8((next.rawValue >> shift) & 0xFF)
        }
        return (out, next)
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
