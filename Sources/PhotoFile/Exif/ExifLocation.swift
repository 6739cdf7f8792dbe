/// Where a photo was taken, as EXIF's GPS directory says: GPSLatitudeRef
/// (1, "N"/"S"), GPSLatitude (2), GPSLongitudeRef (3, "E"/"W") and
/// GPSLongitude (4), the angles as degrees, minutes and seconds in
/// rationals, in the directory IFD0's tag 0x8825 points to. Anything a
/// phone would not write (a zero denominator, an angle out of range, a
/// reference other than N/S/E/W, 0/0 "null island", which is what a
/// receiver without a fix writes) is no place rather than a wrong one.
public struct ExifLocation: Equatable, Sendable {
    /// Degrees north (negative: south), -90...90.
    public var latitude: Double
    /// Degrees east (negative: west), -180...180.
    public var longitude: Double

    /// Nil unless both are finite, in range, and not both 0.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              !(latitude == 0 && longitude == 0) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The location in `tiff`'s GPS directory, or nil.
    static func tiff(_ tiff: TIFFBlock) -> ExifLocation? {
        guard let pointer = tiff.entry(0x8825, inDirectoryAt: tiff.firstDirectory),
              tiff.u16(pointer + 2) == 4 || tiff.u16(pointer + 2) == 13, // LONG or IFD
              let gps = tiff.u32(pointer + 8),
              let latitude = angle(tiff, tag: 2, in: gps, limit: 90),
              let longitude = angle(tiff, tag: 4, in: gps, limit: 180),
              let north = sign(tiff, tag: 1, in: gps, positive: "N", negative: "S"),
              let east = sign(tiff, tag: 3, in: gps, positive: "E", negative: "W") else { return nil }
        return ExifLocation(latitude: north * latitude, longitude: east * longitude)
    }

    /// 1 or -1 by the reference letter; 1 when the tag is missing (the
    /// angle alone, as some writers leave it); nil for any other letter.
    private static func sign(_ tiff: TIFFBlock, tag: Int, in directory: Int, positive: Character, negative: Character) -> Double? {
        guard let e = tiff.entry(tag, inDirectoryAt: directory) else { return 1 }
        guard tiff.u16(e + 2) == 2, let count = tiff.u32(e + 4), count >= 1, count <= 4,
              let letter = try? tiff.window.u8(e + 8) else { return nil }
        switch Character(Unicode.Scalar(UInt8(letter))) {
        case positive: return 1
        case negative: return -1
        default: return nil
        }
    }

    /// Degrees + minutes/60 + seconds/3600 from one to three RATIONALs
    /// (SRATIONALs too), or nil: a zero denominator, a part out of
    /// range, a total beyond `limit`.
    private static func angle(_ tiff: TIFFBlock, tag: Int, in directory: Int, limit: Double) -> Double? {
        guard let e = tiff.entry(tag, inDirectoryAt: directory), let type = tiff.u16(e + 2), type == 5 || type == 10,
              let count = tiff.u32(e + 4), (1...3).contains(count), let at = tiff.u32(e + 8) else { return nil }
        var total = 0.0
        for (i, scale) in [1.0, 60, 3600].prefix(count).enumerated() {
            guard let n = tiff.u32(at + 8 * i), let d = tiff.u32(at + 8 * i + 4) else { return nil }
            let numerator = type == 10 ? Double(Int32(truncatingIfNeeded: n)) : Double(n)
            let denominator = type == 10 ? Double(Int32(truncatingIfNeeded: d)) : Double(d)
            guard denominator != 0 else { return nil }
            let part = numerator / denominator
            guard part >= 0, part <= (i == 0 ? limit : 60) else { return nil }
            total += part / scale
        }
        return total <= limit ? total : nil
    }
}
