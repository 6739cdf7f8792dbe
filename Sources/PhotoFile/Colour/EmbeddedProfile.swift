/// The ICC colour profile a photo carries, found in its bytes without
/// decoding: JPEG's APP2 `ICC_PROFILE` segments (a profile may be split
/// over several, numbered), PNG's `iCCP` chunk (deflated, for the caller to
/// inflate). HEIF profiles (and nclx numbers) come from libheif itself. Photos without one
/// are sRGB. Every length is bounds-checked against the bytes given.
public enum EmbeddedProfile: Equatable, Sendable {
    /// The profile's bytes as they are.
    case icc([UInt8])
    /// zlib-compressed profile bytes (PNG).
    case deflated([UInt8])
    /// Not a profile but numbers (a HEIF's nclx): primaries and a curve.
    case described(ColourDescription)

    /// The profile in a whole file's `bytes`, or nil when there is none (or
    /// a JPEG's parts do not add up: then the photo is shown as sRGB).
    public static func find(in bytes: UnsafeRawBufferPointer, format: PhotoHeader.Format) -> EmbeddedProfile? {
        switch format {
        case .jpeg: return jpeg(bytes).map(EmbeddedProfile.icc)
        case .png: return png(bytes).map(EmbeddedProfile.deflated)
        default: return nil
        }
    }

    private static func u16be(_ b: UnsafeRawBufferPointer, _ at: Int) -> Int? {
        at >= 0 && at + 2 <= b.count ? Int(b[at]) << 8 | Int(b[at + 1]) : nil
    }

    private static func u32be(_ b: UnsafeRawBufferPointer, _ at: Int) -> Int? {
        guard let high = u16be(b, at), let low = u16be(b, at + 2) else { return nil }
        return high << 16 | low
    }

    /// APP2 segments up to the first start of scan, in their sequence numbers' order.
    static func jpeg(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
        let signature = Array("ICC_PROFILE\0".utf8)
        var parts: [Int: [UInt8]] = [:]
        var expected = 0
        var pos = 2
        while pos + 4 <= b.count {
            guard b[pos] == 0xFF else { pos += 1; continue }
            let marker = Int(b[pos + 1])
            if marker == 0xFF { pos += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { pos += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            guard let length = u16be(b, pos + 2), length >= 2, pos + 2 + length <= b.count else { break }
            let body = pos + 4, end = pos + 2 + length
            if marker == 0xE2, end - body > 14, signature.indices.allSatisfy({ b[body + $0] == signature[$0] }) {
                let sequence = Int(b[body + 12]), count = Int(b[body + 13])
                expected = max(expected, count)
                parts[sequence] = Array(b[(body + 14)..<end])
            }
            pos = end
        }
        guard expected > 0, (1...expected).allSatisfy({ parts[$0] != nil }) else { return nil }
        return (1...expected).flatMap { parts[$0]! }
    }

    /// The iCCP chunk before IDAT: a name, a NUL, the method (0: deflate), the data.
    static func png(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
        var pos = 8
        while let length = u32be(b, pos), pos + 12 + length <= b.count {
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: b[(pos + 4)..<(pos + 8)]), as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return nil }
            if type == "iCCP" {
                let data = UnsafeRawBufferPointer(rebasing: b[(pos + 8)..<(pos + 8 + length)])
                guard let nul = data.prefix(80).firstIndex(of: 0), nul + 2 <= data.count, data[nul + 1] == 0 else { return nil }
                return Array(data[(nul + 2)...])
            }
            pos += 12 + length
        }
        return nil
    }
}
