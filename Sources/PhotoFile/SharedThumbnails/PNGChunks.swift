/// PNG's chunks as the shared thumbnail cache needs them: reading a
/// thumbnail's `tEXt` keys (each chunk's CRC checked) without its pixels,
/// and writing chunks: the keys Trips adds to a thumbnail a worker encoded,
/// and a whole 1 x 1 picture for a failure entry (its pixels in a stored,
/// uncompressed deflate block, so no zlib is needed here).
public enum PNGChunks {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// A text chunk longer than this is not a thumbnail's key (a URI is far shorter).
    public static let maximumTextBytes = 64 << 10
    /// How far into a file its keys are looked for: the largest thumbnail
    /// (xx-large, 1024 x 1024 RGBA) is 4 MiB of pixels before compression.
    public static let maximumScanBytes = 16 << 20
    /// How many chunks are looked at: libpng cuts the pixels into 8 KiB
    /// IDAT chunks, so an xx-large thumbnail has some 500.
    public static let maximumChunks = 4096

    /// Why a file's keys could not be read.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notPNG, truncated, badCRC(String), tooLarge(String), tooLong
        public var description: String {
            switch self {
            case .notPNG: return "not a PNG"
            case .truncated: return "cut short"
            case .badCRC(let type): return "its \(type) chunk's CRC is wrong"
            case .tooLarge(let type): return "its \(type) chunk is too large for a thumbnail's key"
            case .tooLong:
                return "it goes on past \(maximumScanBytes >> 20) MiB or \(maximumChunks) chunks without an IEND"
            }
        }
    }

    /// The IHDR size and the `tEXt` keys wherever they are, before the
    /// pixels or after them, as gdk-pixbuf reads them (ImageMagick writes
    /// its keys after the IDAT chunks); the first of a key twice is kept,
    /// as gdk-pixbuf keeps it. `read` gives up to `count` bytes at `offset`
    /// of the file (fewer at its end): the pixels are stepped over, chunk
    /// head to chunk head, never read. The walk ends at IEND, or at the first
    /// IDAT when the keys before it hold all of `enough`, if any are named
    /// (so a thumbnail that puts its keys first, as Trips writes them, costs
    /// no more reads), and gives up past `maximumScanBytes` or `maximumChunks`.
    public static func textKeys(enough: Set<String> = [], read: (_ offset: Int, _ count: Int) -> [UInt8])
        -> Result<(width: Int, height: Int, keys: [String: String]), Problem> {
        guard read(0, 8) == signature else { return .failure(.notPNG) }
        var offset = 8, keys: [String: String] = [:], size: (Int, Int)?, sawPixels = false, chunks = 0
        while offset <= maximumScanBytes && chunks < maximumChunks {
            chunks += 1
            let head = read(offset, 8)
            guard head.count == 8 else { return .failure(.truncated) }
            let length = Int(u32(head, 0)), type = String(decoding: head[4..<8], as: UTF8.self)
            guard type == "IHDR" || size != nil else { return .failure(.notPNG) } // IHDR comes first
            if type == "IEND" || (type == "IDAT" && !sawPixels && !enough.isEmpty && enough.isSubset(of: keys.keys)) {
                guard let size else { return .failure(.notPNG) }
                return .success((size.0, size.1, keys))
            }
            sawPixels = sawPixels || type == "IDAT"
            if type == "IHDR" || type == "tEXt" {
                guard length <= maximumTextBytes else { return .failure(.tooLarge(type)) }
                let body = read(offset + 8, length + 4)
                guard body.count == length + 4 else { return .failure(.truncated) }
                let data = Array(body[0..<length])
                guard CRC32.of(Array(head[4..<8]) + data) == u32(body, length) else { return .failure(.badCRC(type)) }
                if type == "IHDR" {
                    guard length >= 8, size == nil else { return .failure(.notPNG) }
                    size = (Int(u32(data, 0)), Int(u32(data, 4)))
                } else if let nul = data.firstIndex(of: 0) {
                    // Latin-1, as PNG says; a thumbnail's URI is ASCII.
                    let key = String(decoding: data[0..<nul].map { UInt16($0) }, as: UTF16.self)
                    if keys[key] == nil {
                        keys[key] = String(decoding: data[(nul + 1)...].map { UInt16($0) }, as: UTF16.self)
                    }
                }
            }
            offset += 12 + length
        }
        return .failure(.tooLong)
    }

    /// One chunk: its length, type, data and CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(CRC32.of(typeBytes + data))
    }

    /// A `tEXt` chunk of `key` and `value` (ASCII; other characters become `?`).
    public static func text(_ key: String, _ value: String) -> [UInt8] {
        func latin1(_ s: String) -> [UInt8] { s.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") } }
        return chunk("tEXt", latin1(key) + [0] + latin1(value))
    }

    /// `png` with `chunks` put right after its IHDR (the first chunk), or
    /// nil when it does not begin with a signature and an IHDR.
    public static func inserting(_ chunks: [[UInt8]], into png: [UInt8]) -> [UInt8]? {
        guard png.count >= 33, Array(png[0..<8]) == signature, String(decoding: png[12..<16], as: UTF8.self) == "IHDR",
              u32(png, 8) == 13 else { return nil }
        return Array(png[0..<33]) + chunks.flatMap { $0 } + Array(png[33...])
    }

    /// A 1 x 1 transparent RGBA picture with `chunks` after its header: a
    /// failure entry carries only its keys.
    public static func onePixel(with chunks: [[UInt8]]) -> [UInt8] {
        let header = be32(1) + be32(1) + [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, no filter, no interlace
        let row: [UInt8] = [0, 0, 0, 0, 0] // filter none, one transparent pixel
        // zlib: header, one final stored block of the row, its Adler-32.
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF] + row + be32(adler32(row))
        return signature + chunk("IHDR", header) + chunks.flatMap { $0 } + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    public static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}

/// The CRC-32 of PNG chunks (ISO 3309, the polynomial 0xEDB88320 reflected).
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    public static func of(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
