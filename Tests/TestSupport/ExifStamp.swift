import Foundation

/// Writes a capture time into a JPEG the way a camera does (an APP1 Exif
/// segment right after the start of image, with DateTimeOriginal and, if
/// given, OffsetTimeOriginal), so tests make dated photos without exiftool.
public enum ExifStamp {
    /// `jpeg` with an Exif segment saying it was taken at `dateTime`
    /// ("2024:05:12 08:30:00"), `offset` ("+02:00") when given.
    public static func stamped(_ jpeg: Data, dateTime: String, offset: String? = nil) -> Data {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        var tags: [(tag: UInt16, text: String)] = [(0x9003, dateTime)]
        if let offset { tags.append((0x9011, offset)) }
        var tiff = Data("II".utf8)
        func u16(_ v: UInt16) { tiff.append(UInt8(v & 0xFF)); tiff.append(UInt8(v >> 8)) }
        func u32(_ v: UInt32) { u16(UInt16(v & 0xFFFF)); u16(UInt16(v >> 16)) }
        u16(42); u32(8)
        // IFD0: one entry, the pointer to the Exif IFD.
        let exifIFD: UInt32 = 8 + 2 + 12 + 4
        u16(1); u16(0x8769); u16(4); u32(1); u32(exifIFD); u32(0)
        // The Exif IFD: ASCII entries whose text follows the IFD.
        var data = exifIFD + 2 + UInt32(12 * tags.count) + 4
        u16(UInt16(tags.count))
        var texts = Data()
        for (tag, text) in tags {
            let bytes = Array(text.utf8) + [0]
            u16(tag); u16(2); u32(UInt32(bytes.count))
            if bytes.count <= 4 { tiff.append(contentsOf: bytes + Array(repeating: 0, count: 4 - bytes.count)) } else { u32(data) }
            if bytes.count > 4 { texts.append(contentsOf: bytes); data += UInt32(bytes.count) }
        }
        u32(0)
        tiff.append(texts)
        var segment = Data([0xFF, 0xE1])
        let length = 2 + 6 + tiff.count
        segment.append(contentsOf: [UInt8(length >> 8), UInt8(length & 0xFF)])
        segment.append(contentsOf: Array("Exif".utf8) + [0, 0])
        segment.append(tiff)
        return jpeg.prefix(2) + segment + jpeg.dropFirst(2)
    }
}
