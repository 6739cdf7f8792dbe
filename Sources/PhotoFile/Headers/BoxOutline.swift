/// The top-level boxes of an ISO base media file (HEIC, AVIF, a JPEG XL
/// container) as the header reader needs them, read by following the
/// file's own box sizes rather than a fixed window: a phone's HEIC may put
/// its `mdat` (megabytes of picture) before its `meta`, or carry a `meta`
/// box far larger than 64 KiB (big EXIF or XMP items).
///
/// The boxes that say how big the picture is are copied whole (`ftyp`,
/// `meta`; the JPEG XL signature, `ftyp` and `jxll`), the first 64 KiB of a
/// JPEG XL codestream box (`jxlc`, `jxlp`: its header is in its first
/// bytes), and every other box (the picture data, a sequence's `moov`) as
/// an empty box of its type, so nothing big is read. A copied box is read
/// up to `boxLimit` and at most `boxCount` boxes are followed, so no size
/// field can make the reader allocate or loop without bound.
struct BoxOutline {
    /// The outline: boxes one after another, as a file of that layout.
    var bytes: [UInt8] = []
    /// False when a copied box was cut short by `boxLimit` or by bytes not
    /// read, not by the file's end: its size is then beyond what was read.
    var complete = true

    /// The most of one box copied: far above any real `meta` box (a few
    /// KiB, a few MiB with a large XMP packet), small enough to read at once.
    static let boxLimit = 16 << 20
    /// The most top-level boxes followed (a real file has a handful).
    static let boxCount = 4096
    /// How much of a JPEG XL codestream box is copied.
    static let codestreamPrefix = 64 << 10

    /// Whether `head` (a file's first bytes) starts with an ISO box the
    /// outline can follow: `ftyp` first, or JPEG XL's signature box.
    static func applies(to head: ByteWindow) -> Bool {
        head.has(Array("ftyp".utf8), at: 4) || head.has(jxlSignatureBox, at: 0)
    }

    /// JPEG XL's container signature: a 12-byte box of type "JXL ".
    static let jxlSignatureBox: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    private static let copied: Set<String> = ["ftyp", "meta", "JXL ", "jxll"]
    private static let codestream: Set<String> = ["jxlc", "jxlp"]

    /// The outline of a file of `length` bytes whose bytes come from
    /// `fetch(offset, count)` (fewer at the end, nil on a read error).
    init?(length: Int, fetch: (_ offset: Int, _ count: Int) -> [UInt8]?) {
        var pos = 0
        for _ in 0..<Self.boxCount {
            guard pos + 8 <= length else { break }
            guard let head = fetch(pos, min(16, length - pos)) else { return nil }
            guard head.count >= 8 else { complete = false; break }
            let window = ByteWindow(head, start: 0, end: head.count)
            guard var size = try? window.u32be(0) else { break }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            var headerLength = 8
            if size == 1 {
                guard let large = try? window.u32be(8) << 32 | window.u32be(12) else { complete = head.count >= 16 || pos + 16 > length; break }
                size = large
                headerLength = 16
            } else if size == 0 {
                size = length - pos // to the end of the file
            }
            guard size >= headerLength else {
                bytes += head.prefix(8) // damaged: the parser names it
                break
            }
            if Self.copied.contains(type) || Self.codestream.contains(type) {
                let isCodestream = Self.codestream.contains(type)
                let wanted = min(size, isCodestream ? headerLength + Self.codestreamPrefix : Self.boxLimit)
                let available = min(wanted, length - pos)
                guard let box = fetch(pos, available) else { return nil }
                if box.count < available || (!isCodestream && wanted < size && available == wanted) {
                    complete = false // not read, or past the limit: not the file's end
                }
                if isCodestream && box.count >= headerLength {
                    // Cut on purpose (or by the file's end): the box says what it holds here.
                    bytes += Self.be32(8 + box.count - headerLength) + Array(box[4..<8]) + box[headerLength...]
                } else {
                    bytes += box
                }
                if box.count < available || (!isCodestream && box.count < size) { break } // nothing after it was read
            } else {
                bytes += Self.be32(8) + Array(head[4..<8])
            }
            guard size <= length - pos else { break }
            pos += size
        }
    }

    private static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}
