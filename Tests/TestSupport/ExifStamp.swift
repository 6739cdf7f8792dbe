import Foundation

/// Writes a capture time and a place into a JPEG the way a phone does (an
/// APP1 Exif segment right after the start of image: IFD0 points to the
/// Exif IFD with DateTimeOriginal and, if given, OffsetTimeOriginal, and
/// to the GPS IFD), so tests make dated, placed photos without exiftool.
public enum ExifStamp {
    /// GPS tags as they are written: each angle as up to three rationals
    /// (degrees, minutes, seconds), each reference as its letter, so tests
    /// can write what no phone should (a zero denominator, "X", a 0/0 fix).
    public struct GPS: Sendable {
        public var latitudeRef: String
        public var latitude: [(UInt32, UInt32)]
        public var longitudeRef: String
        public var longitude: [(UInt32, UInt32)]
        /// SRATIONAL (10) instead of RATIONAL (5).
        public var signed = false

        public init(latitudeRef: String, latitude: [(UInt32, UInt32)], longitudeRef: String, longitude: [(UInt32, UInt32)]) {
            (self.latitudeRef, self.latitude, self.longitudeRef, self.longitude) = (latitudeRef, latitude, longitudeRef, longitude)
        }

        /// Decimal degrees as phones write them: whole degrees and minutes,
        /// seconds to 1/10,000.
        public init(latitude: Double, longitude: Double) {
            func dms(_ value: Double) -> [(UInt32, UInt32)] {
                let a = abs(value), d = a.rounded(.down), m = ((a - d) * 60).rounded(.down)
                return [(UInt32(d), 1), (UInt32(m), 1), (UInt32(((a - d) * 3600 - m * 60) * 10_000), 10_000)]
            }
            self.init(latitudeRef: latitude < 0 ? "S" : "N", latitude: dms(latitude),
                      longitudeRef: longitude < 0 ? "W" : "E", longitude: dms(longitude))
        }
    }

    /// `jpeg` with an Exif segment saying it was taken at `dateTime`
    /// ("2024:05:12 08:30:00"), `offset` ("+02:00") when given, at `gps` when given.
    public static func stamped(_ jpeg: Data, dateTime: String, offset: String? = nil, gps: GPS? = nil) -> Data {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        var tags: [(tag: UInt16, text: String)] = [(0x9003, dateTime)]
        if let offset { tags.append((0x9011, offset)) }
        var tiff = Data("II".utf8)
        func u16(_ v: UInt16) { tiff.append(UInt8(v & 0xFF)); tiff.append(UInt8(v >> 8)) }
        func u32(_ v: UInt32) { u16(UInt16(v & 0xFFFF)); u16(UInt16(v >> 16)) }
        u16(42); u32(8)
        // IFD0: the pointer to the Exif IFD, and to the GPS IFD.
        let ifd0Entries = gps == nil ? 1 : 2
        let exifIFD = UInt32(8 + 2 + 12 * ifd0Entries + 4)
        var data = exifIFD + 2 + UInt32(12 * tags.count) + 4
        var texts = Data()
        for (_, text) in tags where text.utf8.count + 1 > 4 { texts.append(contentsOf: Array(text.utf8) + [0]) }
        let gpsIFD = data + UInt32(texts.count)
        u16(UInt16(ifd0Entries)); u16(0x8769); u16(4); u32(1); u32(exifIFD)
        if gps != nil { u16(0x8825); u16(4); u32(1); u32(gpsIFD) }
        u32(0)
        // The Exif IFD: ASCII entries whose text follows the IFD.
        u16(UInt16(tags.count))
        for (tag, text) in tags {
            let bytes = Array(text.utf8) + [0]
            u16(tag); u16(2); u32(UInt32(bytes.count))
            if bytes.count <= 4 { tiff.append(contentsOf: bytes + Array(repeating: 0, count: 4 - bytes.count)) } else { u32(data) }
            if bytes.count > 4 { data += UInt32(bytes.count) }
        }
        u32(0)
        tiff.append(texts)
        if let gps {
            // The GPS IFD: the two references inline, the angles' rationals after it.
            var rationals = gpsIFD + 2 + 12 * 4 + 4
            u16(4)
            for (tag, ref, values) in [(UInt16(1), gps.latitudeRef, gps.latitude), (3, gps.longitudeRef, gps.longitude)] {
                let bytes = Array(ref.utf8.prefix(3)) + [0]
                u16(tag); u16(2); u32(UInt32(bytes.count)); tiff.append(contentsOf: bytes + Array(repeating: 0, count: 4 - bytes.count))
                u16(tag + 1); u16(gps.signed ? 10 : 5); u32(UInt32(values.count)); u32(rationals)
                rationals += UInt32(8 * values.count)
            }
            u32(0)
            for (n, d) in gps.latitude + gps.longitude { u32(n); u32(d) }
        }
        var segment = Data([0xFF, 0xE1])
        let length = 2 + 6 + tiff.count
        segment.append(contentsOf: [UInt8(length >> 8), UInt8(length & 0xFF)])
        segment.append(contentsOf: Array("Exif".utf8) + [0, 0])
        segment.append(tiff)
        return jpeg.prefix(2) + segment + jpeg.dropFirst(2)
    }
}
