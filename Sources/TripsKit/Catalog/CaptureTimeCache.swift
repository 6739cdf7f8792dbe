import Foundation
import PhotoFile

/// Capture times already read, kept under `$XDG_CACHE_HOME/trips/` so the
/// second start of a large library opens no photo to learn its date; a file
/// a library, so a small one does not read a large one's entries on the way
/// to its first frame (nor two used in turn wipe each other's). An
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
    /// The photos' paths in the order the file lists them: the library's
    /// order when it was saved (`PhotoLibrary.remembered`).
    public private(set) var order: [String] = []
    static let header = "trips capture times 1"

    public init(path: String) { self.path = path }

    /// A cache that knows nothing and is not meant to be saved: every date is read.
    public static var empty: CaptureTimeCache { CaptureTimeCache(path: "") }

    /// `$XDG_CACHE_HOME/trips/capture-times/NAME-HASH.tsv` for the library in `folder` (`LibraryCacheFile`).
    public static func defaultPath(library folder: String, environment: [String: String]) -> String {
        LibraryCacheFile.path("capture-times", library: folder, fileExtension: "tsv", environment: environment)
    }

    /// Reads the file; a missing or damaged one is an empty cache (it is
    /// only ever a shortcut).
    public mutating func load() {
        // Parsed in place, numbers with strtod, not through a String a field:
        // a 10,000-photo cache is read on the way to the first frame (grapheme
        // breaking made that 20 ms, strings a field 7 ms).
        guard let data = FileManager.default.contents(atPath: path) else { return }
        var bytes = [UInt8](data)
        bytes.append(0) // strtod stops at the end
        let header = Array(Self.header.utf8)
        guard bytes.count > header.count, bytes.starts(with: header), bytes[header.count] == UInt8(ascii: "\n") else { return }
        // The "C" locale's decimal point, whatever LC_NUMERIC is meanwhile
        // (SDL sets the person's locale for a moment while it opens X11).
        guard let numeric = newlocale(LC_NUMERIC_MASK, "C", nil) else { return }
        let before = uselocale(numeric) // this thread's only
        defer { uselocale(before); freelocale(numeric) }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let end = buffer.count - 1
            var i = header.count + 1
            while i < end {
                var tabs: [Int] = []
                var j = i
                while j < end && buffer[j] != UInt8(ascii: "\n") {
                    if buffer[j] == UInt8(ascii: "\t") && tabs.count < 4 { tabs.append(j) }
                    j += 1
                }
                defer { i = j + 1 }
                guard tabs.count == 4, let size = Self.integer(buffer, i, tabs[0]),
                      let modified = Self.number(base, tabs[0] + 1, tabs[1]) else { continue }
                var time: CaptureTime?
                if !(tabs[2] == tabs[1] + 2 && buffer[tabs[1] + 1] == UInt8(ascii: "-")) {
                    guard let instant = Self.number(base, tabs[1] + 1, tabs[2]), let wall = Self.number(base, tabs[2] + 1, tabs[3]) else { continue }
                    time = CaptureTime(instant: instant, wall: wall)
                }
                let path = String(decoding: buffer[(tabs[3] + 1)..<j], as: UTF8.self)
                if entries.updateValue(Entry(size: size, modified: modified, time: time), forKey: path) == nil { order.append(path) }
            }
        }
    }

    /// The decimal integer in `bytes[from..<to]`, or nil.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
        var i = from, sign = 1, value = 0
        if i < to && bytes[i] == UInt8(ascii: "-") { sign = -1; i += 1 }
        guard i < to, to - i <= 18 else { return nil }
        for k in i..<to {
            let d = Int(bytes[k]) - 48
            guard d >= 0 && d <= 9 else { return nil }
            value = value * 10 + d
        }
        return sign * value
    }

    /// The number (as Swift writes a Double) in `from..<to` of the
    /// NUL-ended bytes at `base`, read by strtod, or nil unless it spans them exactly.
    private static func number(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Double? {
        guard from < to else { return nil }
        return base.advanced(by: from).withMemoryRebound(to: CChar.self, capacity: to - from + 1) { start in
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &stop)
            guard let stop, start.distance(to: stop) == to - from, value.isFinite else { return nil }
            return value
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

    /// Writes the cache atomically, keeping only `photos` (files gone or
    /// changed drop out).
    public func save(keeping photos: [PhotoLibrary.Photo]) throws {
        var text = Self.header + "\n"
        for photo in photos where !photo.path.contains("\n") {
            guard let e = lookup(photo) else { continue }
            let time = e.time.map { "\($0.instant)\t\($0.wall)" } ?? "-\t-"
            text += "\(e.size)\t\(e.modified)\t\(time)\t\(photo.path)\n"
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
