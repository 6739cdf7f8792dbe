/// What a video clip's container says of it before any frame is decoded:
/// when it was made, how long it runs and how big its picture is. MP4 and
/// QuickTime MOV (ISO boxes, `ISOMediaClip`) and WebM and Matroska (EBML
/// elements, `MatroskaClip`) are read by following their own sizes to the
/// few small boxes or elements that say it, each read bounded, never the
/// media data: a clip of gigabytes costs a few reads of a few bytes.
public struct ClipHeader: Equatable, Sendable {
    public enum Container: Equatable, Sendable {
        /// MP4, M4V, MOV: ISO base media boxes.
        case isoMedia
        /// WebM, MKV: EBML elements.
        case matroska

        public var name: String { self == .isoMedia ? "MP4/MOV" : "WebM/Matroska" }
    }

    public var container: Container
    /// When the clip was made, seconds since 1970 UTC (MP4's `mvhd`
    /// creation time, Matroska's DateUTC); nil when the file leaves it unset.
    public var created: Double?
    /// How long it plays, in seconds; nil when the container does not say.
    public var duration: Double?
    /// The video's size as shown (a quarter-turned track's sides swapped).
    public var width: Int
    public var height: Int

    public init(container: Container, created: Double? = nil, duration: Double? = nil, width: Int, height: Int) {
        self.container = container
        self.created = created
        self.duration = duration
        self.width = width
        self.height = height
    }

    /// The endings of the files a library takes for clips (by their bytes,
    /// `recognises`, they are told from anything else named so).
    public static let fileEndings: Set<String> = ["mp4", "mov", "m4v", "webm", "mkv"]

    /// The most boxes or elements followed at one level, and the most bytes
    /// of one read: far above a real file's handful, bounded for a hostile one.
    static let elementCount = 4096
    static let elementLimit = 1 << 20

    /// Creation times outside 1900-2200 are an unset or damaged field.
    static let plausible = -2_208_988_800.0 ..< 7_258_118_400.0

    /// The header of the clip at `path`.
    public static func read(atPath path: String) -> Result<ClipHeader, PhotoProblem> {
        PhotoFileReader.withFile(atPath: path) { file in read(length: file.length, fetch: file.read) }
    }

    /// The header of a clip of `length` bytes whose bytes come from
    /// `fetch(offset, count)` (fewer at the end, nil on a read error): a
    /// file, or a clip inside one (a Motion Photo's).
    public static func read(length: Int, fetch: (_ offset: Int, _ count: Int) -> [UInt8]?) -> Result<ClipHeader, PhotoProblem> {
        guard length > 0 else { return .failure(.empty) }
        guard let head = fetch(0, min(length, 16)) else { return .failure(.unreadable("read error")) }
        return withoutActuallyEscaping(fetch) { fetch in read(head: head, ClipBytes(length: length, fetch: fetch)) }
    }

    private static func read(head: [UInt8], _ source: ClipBytes) -> Result<ClipHeader, PhotoProblem> {
        do {
            let window = ByteWindow(head, start: 0, end: head.count)
            let header: ClipHeader
            if MatroskaClip.applies(to: window) {
                header = try MatroskaClip.header(source)
            } else if ISOMediaClip.applies(to: window) {
                header = try ISOMediaClip.header(source)
            } else {
                return .failure(.damagedHeader(.clip, "neither ISO boxes (MP4, MOV) nor EBML (WebM, MKV)"))
            }
            guard header.width > 0, header.height > 0 else {
                return .failure(.damagedHeader(.clip, "no video track with a size"))
            }
            return .success(header)
        } catch ParseStop.ranOut {
            return .failure(.truncatedHeader(.clip))
        } catch ParseStop.damaged(let why) {
            return .failure(.damagedHeader(.clip, why))
        } catch ClipBytes.ReadError.failed {
            return .failure(.unreadable("read error"))
        } catch {
            return .failure(.damagedHeader(.clip, "\(error)"))
        }
    }

    /// Whether `head` (a file's first bytes) is a clip's container: EBML's
    /// magic, an `ftyp` of a video brand, or a QuickTime file's first atom.
    static func recognises(_ head: ByteWindow) -> Bool {
        MatroskaClip.applies(to: head) || ISOMediaClip.applies(to: head)
    }
}

/// A clip's bytes, read on demand within its length: `bytes` throws
/// `ranOut` when the clip ends before `count` bytes.
struct ClipBytes {
    enum ReadError: Error { case failed }
    let length: Int
    let fetch: (_ offset: Int, _ count: Int) -> [UInt8]?

    /// Exactly `count` bytes at `offset` (at most `ClipHeader.elementLimit`).
    func bytes(_ offset: Int, _ count: Int) throws -> ByteWindow {
        guard offset >= 0, count >= 0, count <= ClipHeader.elementLimit else { throw ParseStop.damaged("a box of \(count) bytes") }
        guard offset <= length, count <= length - offset else { throw ParseStop.ranOut }
        guard let read = fetch(offset, count) else { throw ReadError.failed }
        guard read.count == count else { throw ParseStop.ranOut }
        return ByteWindow(read, start: 0, end: read.count)
    }

    /// Up to `count` bytes at `offset`, fewer at the end.
    func prefix(_ offset: Int, _ count: Int) throws -> ByteWindow {
        try bytes(offset, max(0, min(count, length - offset)))
    }
}
