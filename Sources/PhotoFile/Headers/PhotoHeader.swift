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
        /// A video clip (MP4, MOV, WebM, MKV): its size is its video
        /// track's, from the container (`ClipHeader`); its frames are not
        /// a photo decoder's.
        case clip
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
            case .clip: return "video clip"
            case .other: return "image"
            }
        }
    }

    public var format: Format
    /// The size as stored in the file, before `orientation` is applied.
    public var width: Int
    public var height: Int
    public var orientation: ExifOrientation
    /// Set for an image of several frames (an animated GIF, WebP, APNG or
    /// JPEG XL), as its header says: the library marks such items.
    public var animation: Animation?

    /// An image that moves: how many frames, when counting them is cheap
    /// (all of them within the bytes read); nil when not counted.
    public struct Animation: Equatable, Sendable {
        public var frames: Int?
        public init(frames: Int?) { self.frames = frames }
    }

    public init(format: Format, width: Int, height: Int, orientation: ExifOrientation = .up, animation: Animation? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.animation = animation
    }

    /// The size of the photo drawn upright: stored width and height swapped
    /// when the orientation turns the picture a quarter turn.
    public var displaySize: (width: Int, height: Int) { orientation.turned((width, height)) }

    /// How big a picture may claim to be before it is refused undecoded.
    public struct Limits: Equatable, Sendable {
        public var maximumPixels: Int
        public var maximumSide: Int

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
            if Format(signature: ByteWindow(head, start: 0, end: head.count)) == .clip { return clip(length: length, limits: limits, fetch: fetch) }
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
        let fetch = { (offset: Int, count: Int) -> [UInt8]? in Array(bytes[min(offset, bytes.count)..<min(bytes.count, offset + count)]) }
        if Format(signature: ByteWindow(bytes, start: 0, end: bytes.count)) == .clip {
            return clip(length: bytes.count, limits: limits, fetch: fetch).mapError { problem in
                problem == .truncatedHeader(.clip) && length > bytes.count ? .headerBeyondReadLimit(.clip) : problem
            }
        }
        if BoxOutline.applies(to: ByteWindow(bytes, start: 0, end: bytes.count)) {
            let outline = BoxOutline(length: length, fetch: fetch)
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
            case .gif: header = try gif(window)
            case .bmp: header = try bmp(window)
            case .heic, .avif: header = try heif(window, format: format)
            case .jxl: header = try jxl(window)
            case .clip:
                return clip(length: window.count, limits: limits) { offset, count in
                    Array(window.bytes[(window.start + min(offset, window.count))..<(window.start + min(window.count, offset + count))])
                }
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

    /// A clip's video size from its container, checked as a photo's is.
    static func clip(length: Int, limits: Limits, fetch: (_ offset: Int, _ count: Int) -> [UInt8]?) -> Result<PhotoHeader, PhotoProblem> {
        ClipHeader.read(length: length, fetch: fetch).flatMap { checked(PhotoHeader(format: .clip, width: $0.width, height: $0.height), limits: limits) }
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
        else if ClipHeader.recognises(b) { self = .clip }
        else { self = .other }
    }
}
