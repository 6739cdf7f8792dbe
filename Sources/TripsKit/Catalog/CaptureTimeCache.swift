import Foundation
import PhotoFile

/// Capture times already read, kept under `$XDG_CACHE_HOME/trips/` so the
/// second start of a large library opens no photo to learn its date. An
/// entry holds while the file's path, size and modification time are the
/// ones it was read at; a photo without EXIF is remembered as such. The file
/// is one entry a line (`size`, `modified`, `instant`, `wall` or `-`, path,
/// tab-separated), written to a temporary file and renamed over the old one.
public struct CaptureTimeCache: Sendable {
    public struct Entry: Equatable, Sendable {
        public var size: Int
        public var modified: Double
        /// Nil: the file has no EXIF capture time.
        public var time: CaptureTime?
    }

    public let path: String
    public private(set) var entries: [String: Entry] = [:]
    static let header = "trips capture times 1"

    public init(path: String) { self.path = path }

    /// A cache that knows nothing and is not meant to be saved: every date is read.
    public static var empty: CaptureTimeCache { CaptureTimeCache(path: "") }

    /// `$XDG_CACHE_HOME/trips/capture-times.tsv`, else under `~/.cache`.
    public static func defaultPath(environment: [String: String]) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return base + "/trips/capture-times.tsv"
    }

    /// Reads the file; a missing or damaged one is an empty cache (it is
    /// only ever a shortcut).
    public mutating func load() {
        // Split as bytes, not Characters: a 10,000-photo cache is read on the
        // way to the first frame, and grapheme breaking made that 20 ms.
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let bytes = [UInt8](data)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.elementsEqual(Self.header.utf8) else { return }
        func text(_ field: ArraySlice<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
        for line in lines {
            let f = line.split(separator: UInt8(ascii: "\t"), maxSplits: 4, omittingEmptySubsequences: false)
            guard f.count == 5, let size = Int(text(f[0])), let modified = Double(text(f[1])) else { continue }
            var time: CaptureTime?
            if !f[2].elementsEqual("-".utf8) {
                guard let instant = Double(text(f[2])), let wall = Double(text(f[3])) else { continue }
                time = CaptureTime(instant: instant, wall: wall)
            }
            entries[text(f[4])] = Entry(size: size, modified: modified, time: time)
        }
    }

    /// The entry for `photo` if the file is unchanged since it was read.
    public func lookup(_ photo: PhotoLibrary.Photo) -> Entry? {
        guard let e = entries[photo.path], e.size == photo.size, e.modified == photo.modified else { return nil }
        return e
    }

    public mutating func store(_ photo: PhotoLibrary.Photo, time: CaptureTime?) {
        entries[photo.path] = Entry(size: photo.size, modified: photo.modified, time: time)
    }

    /// Writes the cache atomically: of the library in `root`, only
    /// `photos` (its files gone or changed drop out); what it knows of
    /// photos elsewhere stays, so two libraries used in turn (a kiosk's
    /// and a person's) do not each make the other's next start read every date.
    public func save(keeping photos: [PhotoLibrary.Photo], of root: String) throws {
        var text = Self.header + "\n"
        func line(_ path: String, _ e: Entry) -> String {
            "\(e.size)\t\(e.modified)\t\(e.time.map { "\($0.instant)\t\($0.wall)" } ?? "-\t-")\t\(path)\n"
        }
        for photo in photos where !photo.path.contains("\n") {
            guard let e = lookup(photo) else { continue }
            text += line(photo.path, e)
        }
        let inside = root.hasSuffix("/") ? root : root + "/"
        for (path, e) in entries.sorted(by: { $0.key < $1.key }) where !path.hasPrefix(inside) && !path.contains("\n") {
            text += line(path, e)
        }
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// Reads the capture times of a library's photos: from the cache where it
/// holds, else from each file's EXIF (one 64 KiB read), noting what it read
/// in the cache. Meant for a background thread: it touches nothing shared.
public struct CaptureTimeReading: Sendable {
    public var times: [String: CaptureTime] = [:]
    public var cache: CaptureTimeCache
    /// Photo files opened to read their EXIF (the rest came from the cache).
    public private(set) var filesOpened = 0
    public private(set) var fromCache = 0
    /// Photos the cache did not know, left unread (`openFiles` false).
    public private(set) var unread: [PhotoLibrary.Photo] = []

    /// With `openFiles` false only the cache is asked (no photo is opened:
    /// fit for the first frame), and what it lacks is listed in `unread`.
    public init(photos: [PhotoLibrary.Photo], cache: CaptureTimeCache, timeZone: TimeZone, openFiles: Bool = true) {
        self.cache = cache
        for photo in photos {
            if let entry = cache.lookup(photo) {
                fromCache += 1
                if let time = entry.time { times[photo.path] = time }
                continue
            }
            guard photo.size >= 0 else { continue } // not a regular file: nothing to read or keep
            guard openFiles else { unread.append(photo); continue }
            filesOpened += 1
            let time = ExifCaptureTime.read(atPath: photo.path).map { CaptureTime(exif: $0, timeZone: timeZone) }
            self.cache.store(photo, time: time)
            if let time { times[photo.path] = time }
        }
    }
}
