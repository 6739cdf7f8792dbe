/// A JPEG cut down to what an Orientation rewrite reads: SOI, an APP1
/// Exif segment whose IFD0 holds an ImageWidth and (when given) the
/// Orientation as a SHORT (3) or LONG (4), then a start of scan, some
/// bytes and EOI. Two stamps differ only in the value written.
public enum OrientationStamp {
    public static func jpeg(orientation: Int?, littleEndian: Bool = true, type: UInt16 = 3, count: UInt32 = 1) -> [UInt8] {
        var tiff: [UInt8] = littleEndian ? Array("II".utf8) : Array("MM".utf8)
        func u16(_ v: UInt16) { tiff += littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) {
            if littleEndian { u16(UInt16(v & 0xFFFF)); u16(UInt16(v >> 16)) } else { u16(UInt16(v >> 16)); u16(UInt16(v & 0xFFFF)) }
        }
        u16(42); u32(8)
        u16(orientation == nil ? 1 : 2)
        u16(0x0100); u16(3); u32(1); u16(640); u16(0)
        if let orientation {
            u16(0x0112); u16(type); u32(count)
            if type == 4 { u32(UInt32(orientation)) } else { u16(UInt16(orientation)); u16(0) }
        }
        u32(0)
        let segment = Array("Exif\0\0".utf8) + tiff
        let length = segment.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + segment
            + [0xFF, 0xDA, 0x00, 0x02] + (0..<64).map { UInt8($0) } + [0xFF, 0xD9]
    }
}
