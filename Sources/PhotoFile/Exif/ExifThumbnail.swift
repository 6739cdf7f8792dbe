/// The small JPEG most cameras and phones keep in a photo's EXIF block
/// (IFD1's JPEGInterchangeFormat 0x0201 and JPEGInterchangeFormatLength
/// 0x0202; usually 160 x 120, some phones 512 x 384 or more): where it lies
/// in the file. Decoding it takes a fraction of a millisecond, so the app
/// shows it, blurred up, while the photo itself decodes.
///
/// The thumbnail must lie wholly inside its APP1 segment (offsets count from
/// the segment's TIFF header) and start with a JPEG's start-of-image marker;
/// a length or offset that reaches past the segment, an uncompressed (TIFF)
/// thumbnail, or no IFD1 at all is "no thumbnail", never an error: most
/// files without one are simply not from a camera.
public enum ExifThumbnail {
    /// How many bytes from the start of a file are looked at: an APP1
    /// segment is at most 64 KiB, and others (APP0, a second APP1 of XMP
    /// comes after) may precede it.
    public static let readLength = 128 << 10

    /// The byte range of the embedded thumbnail in a JPEG whose first bytes
    /// are `bytes` (at most `readLength` of them are read), or nil.
    public static func range(in bytes: [UInt8]) -> Range<Int>? {
        let b = ByteWindow(bytes, start: 0, end: min(bytes.count, readLength))
        guard let tiff = TIFFBlock.inJPEG(b), let ifd1 = tiff.nextDirectory(after: tiff.firstDirectory) else { return nil }
        // Compression 6 is JPEG; 1 (uncompressed strips) is not shown.
        if let compression = tiff.number(0x0103, inDirectoryAt: ifd1), compression != 6 { return nil }
        guard let offset = tiff.number(0x0201, inDirectoryAt: ifd1), let length = tiff.number(0x0202, inDirectoryAt: ifd1),
              offset >= 8, length >= 4, offset <= tiff.window.count - length,
              tiff.window.has([0xFF, 0xD8], at: offset) else { return nil }
        let start = tiff.window.start + offset
        return start..<(start + length)
    }
}
