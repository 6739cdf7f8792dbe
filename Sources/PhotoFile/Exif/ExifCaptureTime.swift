import Foundation

/// When a photo was taken, as its EXIF says: DateTimeOriginal (0x9003, the
/// camera's wall clock) and, where the camera wrote it, OffsetTimeOriginal
/// (0x9011, "+02:00"). Read from the first 64 KiB of a JPEG, where the APP1
/// segment sits, so a library's dates cost one small read a photo.
public struct ExifCaptureTime: Equatable, Sendable {
    public var year: Int, month: Int, day: Int
    public var hour: Int, minute: Int, second: Int
    /// Seconds east of UTC, when the file says.
    public var offsetSeconds: Int?

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int? = nil) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.offsetSeconds = offsetSeconds
    }

    /// The wall-clock time as seconds since 1970-01-01 00:00 of the same wall
    /// clock (no time zone applied): days and months are counted on it.
    public var wallSeconds: Int {
        // Days from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return days * 86400 + hour * 3600 + minute * 60 + second
    }

    /// How many bytes from the start of the file are read.
    public static let readLength = ExifCapture.readLength

    /// The capture time of the photo at `path`, or nil when it has none
    /// (neither JPEG nor HEIF, no EXIF, no DateTimeOriginal, an unreadable file).
    public static func read(atPath path: String) -> ExifCaptureTime? {
        ExifCapture.read(atPath: path).time
    }

    /// The capture time in the bytes of a JPEG's start, or nil.
    public static func parse(_ bytes: [UInt8]) -> ExifCaptureTime? {
        TIFFBlock.inJPEG(ByteWindow(bytes, start: 0, end: bytes.count)).flatMap(tiff)
    }

    /// DateTimeOriginal and OffsetTimeOriginal from the Exif IFD that IFD0's
    /// tag 0x8769 points to.
    static func tiff(_ tiff: TIFFBlock) -> ExifCaptureTime? {
        let t = tiff.window
        guard let pointer = tiff.entry(0x8769, inDirectoryAt: tiff.firstDirectory),
              let exif = tiff.u32(pointer + 8) else { return nil }
        func ascii(_ tag: Int) -> String? {
            guard let e = tiff.entry(tag, inDirectoryAt: exif), tiff.u16(e + 2) == 2,
                  let count = tiff.u32(e + 4), count > 0, count < 64 else { return nil }
            let at = count <= 4 ? e + 8 : (tiff.u32(e + 8) ?? -1)
            guard at >= 0, at + count <= t.count else { return nil }
            let raw = t.bytes[(t.start + at)..<(t.start + at + count)].prefix { $0 != 0 }
            return String(decoding: raw, as: UTF8.self)
        }
        guard let stamp = ascii(0x9003) else { return nil }
        return parse(stamp: stamp, offset: ascii(0x9011))
    }

    /// "2024:05:12 08:30:00" with "+02:00"; nil for blanks ("    :  :  ") and nonsense.
    static func parse(stamp: String, offset: String?) -> ExifCaptureTime? {
        let parts = stamp.split(whereSeparator: { $0 == ":" || $0 == " " }).map { Int($0) }
        guard parts.count >= 6, let y = parts[0], let mo = parts[1], let d = parts[2], let h = parts[3], let mi = parts[4], let s = parts[5],
              (1...9999).contains(y), (1...12).contains(mo), (1...31).contains(d), (0...23).contains(h), (0...59).contains(mi), (0...60).contains(s)
        else { return nil }
        var offsetSeconds: Int?
        if let offset, offset.count == 6, let sign = offset.first, sign == "+" || sign == "-" {
            let hm = offset.dropFirst().split(separator: ":").compactMap { Int($0) }
            if hm.count == 2, hm[0] <= 14, hm[1] < 60 { offsetSeconds = (sign == "-" ? -1 : 1) * (hm[0] * 3600 + hm[1] * 60) }
        }
        return ExifCaptureTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s, offsetSeconds: offsetSeconds)
    }
}
