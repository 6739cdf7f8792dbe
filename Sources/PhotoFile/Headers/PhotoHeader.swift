import Foundation

/// What a photo file says about itself in its first bytes: its format, its
/// pixel size and its EXIF orientation, read without decoding anything.
///
/// Why: SDL_image decodes a whole file before it says how big the picture
/// is, so a 60,000 x 60,000 PNG of a few KiB (a hostile or broken file in a
/// kiosk's folder) would ask for 14 GB of pixels. Reading the header first
/// lets the app refuse it with a reason, size a placeholder before the
/// decode, and draw camera photos upright (SDL_image ignores EXIF).
///
/// Only the first `readLimit` bytes (64 KiB) of a file are ever read (of a
/// HEIF or JPEG XL container, the boxes that hold its size, each bounded:
/// `BoxOutline`), and every length field is bounds-checked, so no file can
/// make the parser read out of range, allocate much or loop for long.
///
/// Files of a format not recognised here are not an error: they come back as
/// `.other` with a size of 0 x 0 so that SDL_image, which reads more formats
/// (TGA, TIFF, ...), can still try them and give its own reason if it cannot.
public struct PhotoHeader: Equatable, Sendable {
    public enum Format: Equatable, Sendable {
        case jpeg, png, webp, gif, bmp, other
        /// HEIF files: HEVC-coded (iPhone's HEIC) or AV1-coded (AVIF),
        /// both decoded by libheif.
        case heic, avif
        /// JPEG XL, decoded by libjxl.
        case jxl
        // libheif (irot, imir) and libjxl (the codestream's orientation)
        // turn the picture themselves: their headers give the upright size
        // and `.up`, so EXIF orientation is not applied again.

        /// Decoded by libheif.
        public var isHEIF: Bool { self == .heic || self == .avif }

        /// The name a person knows the format by, for messages.
        public var name: String {
            switch self {
            case .jpeg: return "JPEG"
            case .png: return "PNG"
            case .webp: return "WebP"
            case .gif: return "GIF"
            case .bmp: return "BMP"
            case .heic: return "HEIC"
            case .avif: return "AVIF"
            case .jxl: return "JPEG XL"
            case .other: return "image"
            }
        }
    }

    public var format: Format
    /// The size as stored in the file, before `orientation` is applied.
    public var width: Int
    public var height: Int
    public var orientation: ExifOrientation

    public init(format: Format, width: Int, height: Int, orientation: ExifOrientation = .up) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// The size of the photo drawn upright: stored width and height swapped
    /// when the orientation turns the picture a quarter turn.
    public var displaySize: (width: Int, height: Int) { orientation.turned((width, height)) }

    /// How big a picture may claim to be before it is refused undecoded.
    public struct Limits: Equatable, Sendable {
        public var maximumPixels: Int
        public var maximumSide: Int

        public init(maximumPixels: Int, maximumSide: Int) {
            self.maximumPixels = maximumPixels
            self.maximumSide = maximumSide
        }

        /// 100 megapixels (a 12 MP camera photo is far below; its RGBA
        /// surface is 400 MB at the limit) and 32,768 pixels a side, past
        /// which GPU textures and SDL surfaces stop working anyway.
        public static let standard = Limits(maximumPixels: 100_000_000, maximumSide: 32_768)
    }

    /// How many bytes from the start of a file are read at most. A JPEG's
    /// size follows its metadata segments; 64 KiB holds an EXIF block with
    /// its thumbnail (a segment is at most 64 KiB) in ordinary camera files.
    public static let readLimit = 64 * 1024

    /// The header of the file at `path`, reading at most `readLimit` bytes
    /// (first 4 KiB, which is enough for all but JPEGs with large
    /// metadata), or a HEIF or JPEG XL container's boxes (`BoxOutline`).
    public static func read(atPath path: String, limits: Limits = .standard) -> Result<PhotoHeader, PhotoProblem> {
        PhotoFileReader.withFile(atPath: path) { read(from: $0, limits: limits) }
    }

    /// The header of a whole file in memory (a decode worker's), read the
    /// same way as from the file.
    public static func read(bytes: UnsafeRawBufferPointer, limits: Limits = .standard) -> Result<PhotoHeader, PhotoProblem> {
        read(length: bytes.count, limits: limits) { offset, count in
            let from = min(max(0, offset), bytes.count)
            return Array(bytes[from..<min(bytes.count, from + max(0, count))])
        }
    }

    static func read(from file: PhotoFileReader, limits: Limits) -> Result<PhotoHeader, PhotoProblem> {
        read(length: file.length, limits: limits, fetch: file.read)
    }

    /// The header of a file of `length` bytes whose bytes come from `fetch`
    /// (nil: a read error).
    static func read(length: Int, limits: Limits, fetch: (_ offset: Int, _ count: Int) -> [UInt8]?) -> Result<PhotoHeader, PhotoProblem> {
        var head: [UInt8] = []
        var length = length
        while true {
            let wanted = min(head.isEmpty ? 4096 : readLimit, length) - head.count
            guard let more = fetch(head.count, wanted) else { return .failure(.unreadable("read error")) }
            head += more
            if more.count < wanted { length = head.count } // shrank while being read: take what is there
            if BoxOutline.applies(to: ByteWindow(head, start: 0, end: head.count)) {
                guard let outline = BoxOutline(length: length, fetch: fetch) else { return .failure(.unreadable("read error")) }
                return parse(outline: outline, limits: limits)
            }
            let result = parse(head, fileLength: length, limits: limits)
            if case .failure(.headerBeyondReadLimit) = result, head.count < min(length, readLimit) { continue }
            return result
        }
    }

    /// The header in `bytes`, the start of a file of `fileLength` bytes (nil:
    /// `bytes` is the whole file). Bytes past `readLimit` are never looked
    /// at, so a file whose header goes on past them is refused as
    /// `headerBeyondReadLimit`, the same as when only the first 64 KiB are
    /// given: a hostile file cannot hide a huge size behind big metadata.
    /// A file of ISO boxes (HEIF, a JPEG XL container) is read box by box
    /// instead (`BoxOutline`), within `bytes`.
    public static func parse(_ bytes: [UInt8], fileLength: Int? = nil, limits: Limits = .standard) -> Result<PhotoHeader, PhotoProblem> {
        let length = max(fileLength ?? bytes.count, bytes.count)
        guard length > 0 else { return .failure(.empty) }
        if BoxOutline.applies(to: ByteWindow(bytes, start: 0, end: bytes.count)) {
            let outline = BoxOutline(length: length) { offset, count in
                Array(bytes[min(offset, bytes.count)..<min(bytes.count, offset + count)])
            }
            guard let outline else { return .failure(.unreadable("read error")) }
            return parse(outline: outline, limits: limits)
        }
        let window = ByteWindow(bytes, start: 0, end: min(bytes.count, readLimit))
        return parse(window, beyond: window.end < length, limits: limits)
    }

    /// The header from a box file's outline: ran out inside a box means cut
    /// short by the file's end, or by the outline's limit when incomplete.
    static func parse(outline: BoxOutline, limits: Limits) -> Result<PhotoHeader, PhotoProblem> {
        guard !outline.bytes.isEmpty else { return .failure(.empty) }
        return parse(ByteWindow(outline.bytes, start: 0, end: outline.bytes.count), beyond: !outline.complete, limits: limits)
    }

    /// The header in `window`; running out of it is `headerBeyondReadLimit`
    /// when the file goes on `beyond` it, else a truncated header.
    private static func parse(_ window: ByteWindow, beyond: Bool, limits: Limits) -> Result<PhotoHeader, PhotoProblem> {
        let format = Format(signature: window)
        do {
            let header: PhotoHeader
            switch format {
            case .jpeg: header = try jpeg(window)
            case .png: header = try png(window)
            case .webp: header = try webp(window)
            case .gif: header = PhotoHeader(format: .gif, width: try window.u16le(6), height: try window.u16le(8))
            case .bmp: header = try bmp(window)
            case .heic, .avif: header = try heif(window, format: format)
            case .jxl: header = try jxl(window)
            case .other: return .success(PhotoHeader(format: .other, width: 0, height: 0))
            }
            return checked(header, limits: limits)
        } catch ParseStop.ranOut {
            return .failure(beyond ? .headerBeyondReadLimit(format) : .truncatedHeader(format))
        } catch ParseStop.damaged(let why) {
            return .failure(.damagedHeader(format, why))
        } catch ParseStop.sequence {
            return .failure(.imageSequence(format))
        } catch {
            return .failure(.damagedHeader(format, "\(error)"))
        }
    }

    /// Refuses sizes no real photo has: zero, or more than `limits` allow
    /// (pixels first, so the message names the megapixels when both apply).
    static func checked(_ header: PhotoHeader, limits: Limits) -> Result<PhotoHeader, PhotoProblem> {
        let (w, h) = (header.width, header.height)
        guard w > 0, h > 0 else { return .failure(.damagedHeader(header.format, "claims a \(w) x \(h) image")) }
        let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
        if overflow || pixels > limits.maximumPixels || max(w, h) > limits.maximumSide {
            return .failure(.tooLarge(width: w, height: h, limits: limits))
        }
        return .success(header)
    }
}

// MARK: - Problems

/// Why a photo file is refused before decoding, in words for a log line
/// that reads "photo PATH: <description>". There is no "unknown format":
/// such files are `PhotoHeader.Format.other`, left for SDL_image to try.
public enum PhotoProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    /// It exists but cannot be read; the reason is what the system said.
    case unreadable(String)
    case empty
    /// The file ends before the header says how big the picture is.
    case truncatedHeader(PhotoHeader.Format)
    /// A length or field in the header makes no sense (said where).
    case damagedHeader(PhotoHeader.Format, String)
    /// The size is not within the first `PhotoHeader.readLimit` bytes
    /// (metadata that large is refused rather than read without bound).
    case headerBeyondReadLimit(PhotoHeader.Format)
    /// A HEIF image sequence (frames in a track) with no still image.
    case imageSequence(PhotoHeader.Format)
    /// The header claims more pixels, or a longer side, than `limits` allow.
    case tooLarge(width: Int, height: Int, limits: PhotoHeader.Limits)

    public var description: String {
        switch self {
        case .missing:
            return "does not exist"
        case .unreadable(let why):
            return "cannot be read (\(why))"
        case .empty:
            return "is empty (0 bytes)"
        case .truncatedHeader(let format):
            return "truncated \(format.name) (the file ends before its header gives the image size)"
        case .damagedHeader(let format, let why):
            return "damaged \(format.name) header (\(why))"
        case .headerBeyondReadLimit(let format) where format.isHEIF || format == .jxl:
            return "\(format.name) metadata box larger than \(BoxOutline.boxLimit >> 20) MiB; not decoded"
        case .imageSequence:
            return "a HEIF image sequence; its first frame is not a still image Trips can show"
        case .headerBeyondReadLimit(let format):
            return "\(format.name) image size not found in the first \(PhotoHeader.readLimit / 1024) KiB (metadata too large); not decoded"
        case .tooLarge(let w, let h, let limits):
            let pixels = Double(w) * Double(h)
            if pixels > Double(limits.maximumPixels) {
                return "claims \(w) x \(h) pixels (\(Self.megapixels(pixels)) megapixels); more than the \(Self.megapixels(Double(limits.maximumPixels))) megapixel limit"
            }
            return "claims \(w) x \(h) pixels; a side is longer than the \(limits.maximumSide) pixel limit"
        }
    }

    /// Whole megapixels, or one decimal below 10 when not whole (2.5).
    static func megapixels(_ pixels: Double) -> String {
        let mp = pixels / 1_000_000
        if mp >= 10 || mp == mp.rounded() { return String(format: "%.0f", mp.rounded()) }
        return String(format: "%.1f", mp)
    }
}

// MARK: - Reading bytes safely

/// Why a parse stopped early: internal, turned into a `PhotoProblem`.
enum ParseStop: Error {
    case ranOut
    case damaged(String)
    /// Frames of a sequence only, no still image.
    case sequence
}

/// A bounded view of the bytes read: every access is checked against `end`
/// and throws `ranOut` past it, so no length in a file can reach further.
/// Offsets are relative to `start` (a TIFF block's offsets count from its
/// own header, so a sub-window fits them directly).
struct ByteWindow {
    let bytes: [UInt8]
    let start: Int
    let end: Int

    init(_ bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        self.start = max(0, start)
        self.end = min(max(self.start, end), bytes.count)
    }

    var count: Int { end - start }

    /// The part from `from` up to `to` (relative offsets), clipped to this one.
    func window(from: Int, to: Int) -> ByteWindow {
        ByteWindow(bytes, start: start + min(max(0, from), count), end: start + min(max(0, to), count))
    }

    func u8(_ at: Int) throws -> Int {
        guard at >= 0, at < count else { throw ParseStop.ranOut }
        return Int(bytes[start + at])
    }

    func has(_ signature: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset + signature.count <= count
            && bytes[(start + offset)..<(start + offset + signature.count)].elementsEqual(signature)
    }

    func u16be(_ at: Int) throws -> Int { try u8(at) << 8 | u8(at + 1) }
    func u16le(_ at: Int) throws -> Int { try u8(at) | u8(at + 1) << 8 }
    func u24le(_ at: Int) throws -> Int { try u16le(at) | u8(at + 2) << 16 }
    func u32be(_ at: Int) throws -> Int { try u16be(at) << 16 | u16be(at + 2) }
    func u32le(_ at: Int) throws -> Int { try u16le(at) | u16le(at + 2) << 16 }
    func u16(_ at: Int, littleEndian: Bool) throws -> Int { try littleEndian ? u16le(at) : u16be(at) }
    func u32(_ at: Int, littleEndian: Bool) throws -> Int { try littleEndian ? u32le(at) : u32be(at) }
}

extension PhotoHeader.Format {
    /// The format by its magic bytes (never by the file's extension).
    init(signature b: ByteWindow) {
        if b.has([0xFF, 0xD8, 0xFF], at: 0) { self = .jpeg }
        else if b.has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) { self = .png }
        else if b.has(Array("RIFF".utf8), at: 0) && b.has(Array("WEBP".utf8), at: 8) { self = .webp }
        else if b.has(Array("GIF87a".utf8), at: 0) || b.has(Array("GIF89a".utf8), at: 0) { self = .gif }
        else if b.has(Array("BM".utf8), at: 0) { self = .bmp }
        else if b.has([0xFF, 0x0A], at: 0) || b.has(BoxOutline.jxlSignatureBox, at: 0) { self = .jxl }
        else if let heif = Self.heifBrand(b) { self = heif }
        else { self = .other }
    }
}

// MARK: - Formats

extension PhotoHeader {
    /// Start-of-frame markers that carry the size: all but DHT (C4), JPG
    /// (C8) and DAC (CC), which share the range.
    static let startOfFrameMarkers: Set<Int> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]

    /// Walks the marker segments from SOI to the first start of frame, as
    /// libjpeg does: stray bytes before a marker and 0xFF fill bytes are
    /// skipped. Every step moves forward at least two bytes, so the walk
    /// ends within the window whatever the lengths say.
    static func jpeg(_ b: ByteWindow) throws -> PhotoHeader {
        var orientation: ExifOrientation?
        var pos = 2
        while true {
            while try b.u8(pos) != 0xFF { pos += 1 }
            while try b.u8(pos + 1) == 0xFF { pos += 1 }
            let marker = try b.u8(pos + 1)
            let at = pos
            pos += 2
            switch marker {
            case 0x00, 0x01, 0xD0...0xD7:
                continue // a stuffed byte or a marker without a length
            case 0xD8:
                throw ParseStop.damaged("a second start-of-image marker at byte \(at)")
            case 0xD9:
                throw ParseStop.damaged("the image ends at byte \(at) before its size")
            case 0xDA:
                throw ParseStop.damaged("image data starts at byte \(at) before the image size")
            default:
                break
            }
            let length = try b.u16be(pos)
            guard length >= 2 else {
                throw ParseStop.damaged("segment 0xFF\(String(marker, radix: 16, uppercase: true)) at byte \(at) has length \(length)")
            }
            if startOfFrameMarkers.contains(marker) {
                guard length >= 8 else { throw ParseStop.damaged("start of frame at byte \(at) has length \(length)") }
                let height = try b.u16be(pos + 3), width = try b.u16be(pos + 5)
                return PhotoHeader(format: .jpeg, width: width, height: height, orientation: orientation ?? .up)
            }
            if marker == 0xE1, orientation == nil {
                let segment = b.window(from: pos + 2, to: pos + length)
                if segment.has(Array("Exif\0\0".utf8), at: 0) {
                    orientation = tiffOrientation(segment.window(from: 6, to: segment.count))
                }
            }
            pos += length
        }
    }

    /// IHDR must be the first chunk; an `eXIf` chunk before IDAT may give the
    /// orientation (a bad chunk after IHDR only ends that search).
    static func png(_ b: ByteWindow) throws -> PhotoHeader {
        guard b.has(Array("IHDR".utf8), at: 12) else {
            if b.count < 16 { throw ParseStop.ranOut }
            throw ParseStop.damaged("the first chunk is not IHDR")
        }
        guard try b.u32be(8) >= 13 else { throw ParseStop.damaged("IHDR of \(try b.u32be(8)) bytes") }
        let width = try b.u32be(16), height = try b.u32be(20)
        var orientation = ExifOrientation.up
        var pos = 8 + 12 + (try b.u32be(8))
        while let length = try? b.u32be(pos), !b.has(Array("IDAT".utf8), at: pos + 4) {
            if b.has(Array("eXIf".utf8), at: pos + 4) {
                var exif = b.window(from: pos + 8, to: pos + 8 + length)
                if exif.has(Array("Exif\0\0".utf8), at: 0) { exif = exif.window(from: 6, to: exif.count) }
                orientation = tiffOrientation(exif) ?? .up
                break
            }
            pos += 12 + length
        }
        return PhotoHeader(format: .png, width: width, height: height, orientation: orientation)
    }

    /// The first chunk after RIFF....WEBP: VP8 (lossy), VP8L (lossless) or
    /// VP8X (extended: the canvas size). EXIF in WebP is not read.
    static func webp(_ b: ByteWindow) throws -> PhotoHeader {
        if b.has(Array("VP8 ".utf8), at: 12) {
            guard try b.u8(23) == 0x9D, try b.u8(24) == 0x01, try b.u8(25) == 0x2A else {
                throw ParseStop.damaged("VP8 frame without its start code")
            }
            return PhotoHeader(format: .webp, width: try b.u16le(26) & 0x3FFF, height: try b.u16le(28) & 0x3FFF)
        }
        if b.has(Array("VP8L".utf8), at: 12) {
            guard try b.u8(20) == 0x2F else { throw ParseStop.damaged("VP8L data without its signature") }
            let bits = try b.u32le(21)
            return PhotoHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
        if b.has(Array("VP8X".utf8), at: 12) {
            return PhotoHeader(format: .webp, width: try b.u24le(24) + 1, height: try b.u24le(27) + 1)
        }
        if b.count < 16 { throw ParseStop.ranOut }
        throw ParseStop.damaged("unknown first chunk")
    }

    /// BITMAPCOREHEADER (12 bytes, unsigned 16-bit sides) or
    /// BITMAPINFOHEADER and later (signed 32-bit; a negative height means
    /// the rows are stored top-down).
    static func bmp(_ b: ByteWindow) throws -> PhotoHeader {
        let dibSize = try b.u32le(14)
        if dibSize == 12 {
            return PhotoHeader(format: .bmp, width: try b.u16le(18), height: try b.u16le(20))
        }
        guard dibSize >= 16 else { throw ParseStop.damaged("bitmap header of \(dibSize) bytes") }
        let width = Int(Int32(truncatingIfNeeded: try b.u32le(18)))
        let height = Int(Int32(truncatingIfNeeded: try b.u32le(22)))
        return PhotoHeader(format: .bmp, width: width, height: abs(height))
    }

    /// Orientation 1...8 from IFD0 of a TIFF block (EXIF's layout: II or MM,
    /// 42, offset of IFD0). Anything unreadable gives nil: a bad EXIF block
    /// should not cost the photo, which is then shown as stored.
    static func tiffOrientation(_ t: ByteWindow) -> ExifOrientation? {
        // SHORT is usual; some write LONG.
        guard let tiff = TIFFBlock(t), let value = tiff.number(0x0112, inDirectoryAt: tiff.firstDirectory) else { return nil }
        return ExifOrientation(rawValue: value)
    }
}

// MARK: - The file

/// An open photo file, read with pread: only the bytes asked for. Opened
/// non-blocking so that a FIFO named like a photo cannot hang the app, and
/// checked to be a regular file on the descriptor itself (no race).
struct PhotoFileReader {
    let descriptor: Int32
    let length: Int

    static func withFile<T>(atPath path: String, _ body: (PhotoFileReader) -> Result<T, PhotoProblem>) -> Result<T, PhotoProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .failure(.missing)
            case EACCES, EPERM: return .failure(.unreadable("permission denied?"))
            case ELOOP: return .failure(.unreadable("symlink loop"))
            case let e: return .failure(.unreadable(String(cString: strerror(e))))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        guard info.st_size > 0 else { return .failure(.empty) }
        return body(PhotoFileReader(descriptor: fd, length: Int(info.st_size)))
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file), or
    /// nil when the system refuses to read.
    func read(from offset: Int, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer.prefix(filled))
    }
}
