/// Puts a thumbnail into a JPEG the way a camera does: an APP1 Exif segment
/// right after the start of image whose IFD0 holds the orientation and whose
/// IFD1 says Compression 6 (JPEG), JPEGInterchangeFormat (where the
/// thumbnail starts, from the TIFF header) and JPEGInterchangeFormatLength,
/// the thumbnail's bytes following IFD1. The fields can be made to lie, for
/// the tests of hostile files.
public struct ExifThumbnailStamp {
    public var thumbnail: [UInt8]
    public var orientation: Int = 1
    public var bigEndian = false
    /// Written instead of the true offset or length when set.
    public var claimedOffset: Int?
    public var claimedLength: Int?
    /// False leaves IFD1 out (IFD0's next-directory offset is 0).
    public var hasIFD1 = true

    public init(thumbnail: [UInt8]) { self.thumbnail = thumbnail }

    /// Offset of the TIFF header in the returned file (SOI, marker, length, "Exif\0\0").
    public static let tiffStart = 2 + 4 + 6
    /// Offset of the thumbnail from the TIFF header: header (8), IFD0 with
    /// one entry (2 + 12 + 4), IFD1 with three (2 + 36 + 4).
    public static let thumbnailOffset = 8 + 18 + 42

    /// `jpeg` with the segment inserted after its SOI.
    public func stamped(_ jpeg: [UInt8]) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        var tiff: [UInt8] = []
        func u16(_ v: Int) { tiff += bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { if bigEndian { u16(v >> 16 & 0xFFFF); u16(v & 0xFFFF) } else { u16(v & 0xFFFF); u16(v >> 16 & 0xFFFF) } }
        tiff += Array((bigEndian ? "MM" : "II").utf8)
        u16(42); u32(8)
        // IFD0: Orientation (SHORT), then where IFD1 is.
        u16(1); u16(0x0112); u16(3); u32(1); u16(orientation); u16(0)
        u32(hasIFD1 ? 8 + 18 : 0)
        if hasIFD1 {
            u16(3)
            u16(0x0103); u16(3); u32(1); u16(6); u16(0)
            u16(0x0201); u16(4); u32(1); u32(claimedOffset ?? Self.thumbnailOffset)
            u16(0x0202); u16(4); u32(1); u32(claimedLength ?? thumbnail.count)
            u32(0)
            tiff += thumbnail
        }
        let length = 2 + 6 + tiff.count
        precondition(length <= 0xFFFF, "an APP1 segment holds at most 64 KiB")
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0] + tiff
        return Array(jpeg.prefix(2)) + segment + jpeg.dropFirst(2)
    }
}
