/// MP4 and QuickTime MOV: the boxes that say when, how long and how big.
/// `moov` holds `mvhd` (creation time in seconds since 1904, duration in
/// its timescale's units; 32-bit fields in version 0, 64-bit in version 1)
/// and a `trak` per track, whose `tkhd` gives the track's size (16.16
/// fixed point, with a matrix that may turn it a quarter) and whose
/// `mdia/hdlr` says it is video (`vide`). Boxes are stepped over by their
/// sizes (`mdat`, gigabytes, is never read); only box heads and the three
/// small boxes are read.
enum ISOMediaClip {
    /// Brands of video files (ISO, MP4, QuickTime, 3GPP, M4V, camera makers'):
    /// HEIF's are photos (`heifBrand`), so they are looked at first.
    static let videoBrands: Set<String> = ["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1",
                                           "qt  ", "M4V ", "M4VH", "M4VP", "3gp4", "3gp5", "3gp6", "3g2a", "dash", "MSNV", "XAVC", "f4v ", "mmp4"]
    /// A QuickTime file may begin without `ftyp`, with one of these.
    static let quickTimeFirstAtoms: Set<String> = ["moov", "mdat", "wide", "pnot"]
    /// Seconds from 1904-01-01 (ISO's epoch) to 1970-01-01.
    static let epochOffset = 2_082_844_800.0

    static func applies(to head: ByteWindow) -> Bool {
        guard head.count >= 12 else { return false }
        let type = String(decoding: head.bytes[(head.start + 4)..<(head.start + 8)], as: UTF8.self)
        if quickTimeFirstAtoms.contains(type) { return true }
        guard type == "ftyp", PhotoHeader.Format.heifBrand(head) == nil else { return false }
        let major = String(decoding: head.bytes[(head.start + 8)..<(head.start + 12)], as: UTF8.self)
        return videoBrands.contains(major)
    }

    /// A box: its type, where its body starts and where it ends.
    struct Box {
        var type: String
        var body: Int
        var end: Int
    }

    /// The boxes from `start` to `end`, each inside them; a box running
    /// past `end` is damaged, past the file's end cut short.
    /// With `until`, the walk ends at the first box of that type (what
    /// follows a `moov` may be cut short without harm).
    static func boxes(_ source: ClipBytes, from start: Int, to end: Int, in parent: String, until: String? = nil) throws -> [Box] {
        var found: [Box] = [], pos = start
        while pos + 8 <= end, found.last.map({ $0.type != until }) ?? true {
            guard found.count < ClipHeader.elementCount else { throw ParseStop.damaged("more than \(ClipHeader.elementCount) boxes in \(parent)") }
            let head = try source.prefix(pos, 16)
            var size = try head.u32be(0), header = 8
            let type = String(decoding: try source.bytes(pos + 4, 4).bytes, as: UTF8.self)
            if size == 1 {
                let high = try head.u32be(8), low = try head.u32be(12)
                guard high < 1 << 30 else { throw ParseStop.damaged("\(type) box of \(high) x 4 GiB") }
                size = high << 32 | low
                header = 16
            } else if size == 0 {
                size = end - pos // to the end
            }
            guard size >= header else { throw ParseStop.damaged("\(type) box of \(size) bytes") }
            if size > end - pos {
                if end >= source.length && pos + size > source.length { throw ParseStop.ranOut }
                throw ParseStop.damaged("\(type) box runs past its \(parent)")
            }
            found.append(Box(type: type, body: pos + header, end: pos + size))
            pos += size
        }
        // A file that ends inside a box's head is cut short.
        if pos < end && found.last?.type != until && end >= source.length { throw ParseStop.ranOut }
        return found
    }

    static func header(_ source: ClipBytes) throws -> ClipHeader {
        guard let moov = try boxes(source, from: 0, to: source.length, in: "file", until: "moov").first(where: { $0.type == "moov" }) else {
            throw ParseStop.damaged("no moov box")
        }
        let inside = try boxes(source, from: moov.body, to: moov.end, in: "moov")
        var clip = ClipHeader(container: .isoMedia, width: 0, height: 0)
        if let mvhd = inside.first(where: { $0.type == "mvhd" }) {
            let b = try source.prefix(mvhd.body, 32)
            let version = try b.u8(0)
            let (created, scale, length) = version == 1
                ? (try u64(b, 4), try b.u32be(20), try u64(b, 24))
                : (try b.u32be(4), try b.u32be(12), try b.u32be(16))
            let seconds = Double(created) - epochOffset
            if created != 0, ClipHeader.plausible.contains(seconds) { clip.created = seconds }
            // All ones: the duration is not known.
            if scale > 0, length != 0xFFFF_FFFF, length < Int.max { clip.duration = Double(length) / Double(scale) }
        }
        for trak in inside where trak.type == "trak" {
            let parts = try boxes(source, from: trak.body, to: trak.end, in: "trak")
            guard let tkhd = parts.first(where: { $0.type == "tkhd" }) else { continue }
            var isVideo: Bool?
            if let mdia = parts.first(where: { $0.type == "mdia" }),
               let hdlr = try boxes(source, from: mdia.body, to: mdia.end, in: "mdia").first(where: { $0.type == "hdlr" }) {
                isVideo = String(decoding: try source.bytes(hdlr.body + 8, 4).bytes, as: UTF8.self) == "vide"
            }
            guard isVideo != false else { continue }
            let b = try source.prefix(tkhd.body, 96)
            let at = try b.u8(0) == 1 ? 52 : 40 // the matrix, after the version's times
            let turned = try b.u32be(at) == 0 && b.u32be(at + 4) != 0
            let width = try b.u32be(at + 36) >> 16, height = try b.u32be(at + 40) >> 16
            guard width > 0, height > 0 else { continue }
            (clip.width, clip.height) = turned ? (height, width) : (width, height)
            break
        }
        return clip
    }

    private static func u64(_ b: ByteWindow, _ at: Int) throws -> Int {
        let high = try b.u32be(at), low = try b.u32be(at + 4)
        guard high < 1 << 31 else { return 0xFFFF_FFFF } // not a real time or duration
        return high << 32 | low
    }
}
