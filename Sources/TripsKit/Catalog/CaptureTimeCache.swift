import Foundation
import Geography
import PhotoFile

/// Capture times already read, kept under `$XDG_CACHE_HOME/trips/` so the
/// second start of a large library opens no photo to learn its date; a file
/// a library, so a small one does not read a large one's entries on the way
/// to its first frame (nor two used in turn wipe each other's). An
/// entry holds while the file's path, size and modification time are the
/// ones it was read at; a photo without EXIF is remembered as such. The file
/// is one entry a line (`size`, `modified`, `instant` and `wall` or `-` `-`,
/// `latitude` and `longitude` or `-` `-`, why it is no photo to show or
/// `-`, the upright width over height or `-`, what moves in it
/// (`PhotoMotion`) or `-`, path, tab-separated), written to a temporary
/// file and renamed over the old one. Files of formats 1 (no places),
/// 2 (no problems), 3 (no shapes) and 4 (no motion) are still read: their
/// times hold, and their photos are read once more for what they lack
/// (`Entry.placeRead`).
public struct CaptureTimeCache: Sendable {
    public struct Entry: Equatable, Sendable {
        public var size: Int
        public var modified: Double
        /// Nil: the file has no EXIF capture time.
        public var time: CaptureTime?
        /// Where it was taken; nil: the file says nowhere (or was not asked, below).
        public var location: GeoPoint?
        /// False for an entry of an older file, written before places, problems, shapes and motion were read.
        public var placeRead = true
        /// Why the file is no photo to show (`LibraryPhotoCheck`); nil: nothing wrong.
        public var problem: String?
        /// Upright width / height from the file's header; nil: not known.
        public var aspect: Double?
        /// What moves in it; nil: nothing (or not known, in an older file).
        public var motion: PhotoMotion?
    }

    public let path: String
    public private(set) var entries: [String: Entry] = [:]
    /// The photos' paths in the order the file lists them: the library's
    /// order when it was saved (`PhotoLibrary.remembered`).
    public private(set) var order: [String] = []
    static let header = "trips capture times 5"
    /// The formats before places, problems and shapes: read, their photos read again.
    static let headerWithoutPlaces = "trips capture times 1"
    static let headerWithoutProblems = "trips capture times 2"
    static let headerWithoutShapes = "trips capture times 3"
    static let headerWithoutMotion = "trips capture times 4"

    public init(path: String) { self.path = path }

    /// A cache that knows nothing and is not meant to be saved: every date is read.
    public static var empty: CaptureTimeCache { CaptureTimeCache(path: "") }

    /// `$XDG_CACHE_HOME/trips/capture-times/NAME-HASH.tsv` for the library in `folder` (`LibraryCacheFile`).
    public static func defaultPath(library folder: String, environment: [String: String]) -> String {
        LibraryCacheFile.path("capture-times", library: folder, fileExtension: "tsv", environment: environment)
    }

    /// A cache of 10,000 photos is about 1 MiB; past this it is not read.
    public static let sizeLimit = 64 << 20
    /// Capture times outside 1900–2200 are damage, not photos: a time
    /// such as 1e30 would otherwise overflow the calendar arithmetic.
    static let plausibleTimes = -2_208_988_800.0 ..< 7_258_118_400.0

    /// Reads the file; a missing or damaged one is an empty cache (it is
    /// only ever a shortcut), and a damaged line is dropped. Returns what
    /// was wrong, in words for one log line, or nil.
    @discardableResult
    public mutating func load() -> String? {
        // Parsed in place, numbers with strtod, not through a String a field:
        // a 10,000-photo cache is read on the way to the first frame (grapheme
        // breaking made that 20 ms, strings a field 7 ms).
        var bytes: [UInt8]
        do {
            guard let read = try RegularFile(path: path, limit: Self.sizeLimit).read() else { return nil }
            bytes = read
        } catch {
            return "\(path): the capture-time cache was not read: \(error); the photos' dates are read again"
        }
        bytes.append(0) // strtod stops at the end
        var header = Array(Self.header.utf8), fields = 9
        if bytes.starts(with: Array(Self.headerWithoutMotion.utf8)) { header = Array(Self.headerWithoutMotion.utf8); fields = 8 }
        if bytes.starts(with: Array(Self.headerWithoutShapes.utf8)) { header = Array(Self.headerWithoutShapes.utf8); fields = 7 }
        if bytes.starts(with: Array(Self.headerWithoutPlaces.utf8)) { header = Array(Self.headerWithoutPlaces.utf8); fields = 4 }
        if bytes.starts(with: Array(Self.headerWithoutProblems.utf8)) { header = Array(Self.headerWithoutProblems.utf8); fields = 6 }
        guard bytes.count > header.count, bytes.starts(with: header), bytes[header.count] == UInt8(ascii: "\n") else {
            return bytes.count > 1 ? "\(path):1: not a capture-time cache; the photos' dates are read again" : nil
        }
        // The "C" locale's decimal point, whatever LC_NUMERIC is meanwhile
        // (SDL sets the person's locale for a moment while it opens X11).
        guard let numeric = newlocale(LC_NUMERIC_MASK, "C", nil) else { return nil }
        let before = uselocale(numeric) // this thread's only
        defer { uselocale(before); freelocale(numeric) }
        var damaged = 0, firstDamaged = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let end = buffer.count - 1
            var i = header.count + 1, line = 1
            while i < end {
                var tabs: [Int] = []
                var j = i
                line += 1
                while j < end && buffer[j] != UInt8(ascii: "\n") {
                    if buffer[j] == UInt8(ascii: "\t") && tabs.count < fields { tabs.append(j) }
                    j += 1
                }
                defer { i = j + 1 }
                func drop() {
                    if damaged == 0 { firstDamaged = line }
                    damaged += 1
                }
                guard tabs.count == fields, let size = Self.integer(buffer, i, tabs[0]),
                      let modified = Self.number(base, tabs[0] + 1, tabs[1]) else { drop(); continue }
                // The pair of numbers in the fields after `tabs[k]` and `tabs[k + 1]`: nil for "-" "-", else both or the line is bad.
                func pair(_ k: Int) -> (Double, Double)?? {
                    if tabs[k + 1] == tabs[k] + 2 && buffer[tabs[k] + 1] == UInt8(ascii: "-") { return .some(nil) }
                    guard let a = Self.number(base, tabs[k] + 1, tabs[k + 1]), let b = Self.number(base, tabs[k + 1] + 1, tabs[k + 2]) else { return nil }
                    return (a, b)
                }
                guard let time = pair(1) else { drop(); continue }
                if let (instant, wall) = time {
                    guard Self.plausibleTimes.contains(instant), Self.plausibleTimes.contains(wall) else { drop(); continue }
                }
                var entry = Entry(size: size, modified: modified, time: time.map { CaptureTime(instant: $0.0, wall: $0.1) }, placeRead: fields == 9)
                if fields >= 6 {
                    guard let location = pair(3) else { drop(); continue }
                    if let (lat, lon) = location {
                        guard abs(lat) <= 90, abs(lon) <= 180 else { drop(); continue }
                        entry.location = GeoPoint(latitude: lat, longitude: lon)
                    }
                }
                if fields >= 7, tabs[6] != tabs[5] + 2 || buffer[tabs[5] + 1] != UInt8(ascii: "-") {
                    entry.problem = String(decoding: buffer[(tabs[5] + 1)..<tabs[6]], as: UTF8.self)
                }
                if fields >= 8, tabs[7] != tabs[6] + 2 || buffer[tabs[6] + 1] != UInt8(ascii: "-") {
                    guard let aspect = Self.number(base, tabs[6] + 1, tabs[7]), aspect > 0 else { drop(); continue }
                    entry.aspect = aspect
                }
                if fields == 9, tabs[8] != tabs[7] + 2 || buffer[tabs[7] + 1] != UInt8(ascii: "-") {
                    let text = String(decoding: buffer[(tabs[7] + 1)..<tabs[8]], as: UTF8.self)
                    guard let motion = PhotoMotion(cacheText: text[...]) else { drop(); continue }
                    entry.motion = motion
                }
                let path = String(decoding: buffer[(tabs[fields - 1] + 1)..<j], as: UTF8.self)
                if entries.updateValue(entry, forKey: path) == nil { order.append(path) }
            }
        }
        guard damaged > 0 else { return nil }
        return "\(path):\(firstDamaged): a damaged line of the capture-time cache"
            + (damaged > 1 ? " (and \(damaged - 1) more)" : "") + " was dropped; those photos' dates are read again"
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

    public mutating func store(_ photo: PhotoLibrary.Photo, time: CaptureTime?, location: GeoPoint? = nil, problem: String? = nil,
                               aspect: Double? = nil, motion: PhotoMotion? = nil) {
        entries[photo.path] = Entry(size: photo.size, modified: photo.modified, time: time, location: location, problem: problem, aspect: aspect,
                                    motion: motion)
    }

    /// Writes the cache atomically, keeping only `photos` (files gone or
    /// changed drop out).
    public func save(keeping photos: [PhotoLibrary.Photo]) throws(AtomicFile.Failure) {
        var text = Self.header + "\n"
        for photo in photos where !photo.path.contains("\n") {
            guard let e = lookup(photo) else { continue }
            let time = e.time.map { "\($0.instant)\t\($0.wall)" } ?? "-\t-"
            let place = e.location.map { "\($0.latitude)\t\($0.longitude)" } ?? "-\t-"
            let problem = e.problem.map { String($0.map { $0 == "\t" || $0 == "\n" ? " " : $0 }) } ?? "-"
            let aspect = e.aspect.map { "\($0)" } ?? "-"
            let motion = e.motion?.cacheText ?? "-"
            text += "\(e.size)\t\(e.modified)\t\(time)\t\(place)\t\(problem)\t\(aspect)\t\(motion)\t\(photo.path)\n"
        }
        try AtomicFile(path: path).write(Array(text.utf8))
    }
}

/// Reads the capture times and places of a library's photos: from the
/// cache where it holds, else from each file's EXIF (one 64 KiB read),
/// noting what it read in the cache. Meant for a background thread: it
/// touches nothing shared.
public struct CaptureTimeReading: Sendable {
    public var times: [String: CaptureTime] = [:]
    public var locations: [String: GeoPoint] = [:]
    /// Why each file that is no photo to show is not (`LibraryPhotoCheck`).
    public var problems: [String: String] = [:]
    /// Upright width / height of each photo whose header was read.
    public var aspects: [String: Double] = [:]
    /// What moves in each file that moves (`PhotoMotion`).
    public var motions: [String: PhotoMotion] = [:]
    public var cache: CaptureTimeCache
    /// Photo files opened to read their EXIF (the rest came from the cache).
    public private(set) var filesOpened = 0
    public private(set) var fromCache = 0
    /// Photos the cache did not know (or knew only the time of), left unread (`openFiles` false).
    public private(set) var unread: [PhotoLibrary.Photo] = []

    /// With `openFiles` false only the cache is asked (no photo is opened:
    /// fit for the first frame), and what it lacks is listed in `unread`.
    public init(photos: [PhotoLibrary.Photo], cache: CaptureTimeCache, timeZone: TimeZone, openFiles: Bool = true) {
        self.cache = cache
        for photo in photos {
            if let entry = cache.lookup(photo), entry.placeRead || !openFiles {
                fromCache += 1
                if let time = entry.time { times[photo.path] = time }
                if let location = entry.location { locations[photo.path] = location }
                if let problem = entry.problem { problems[photo.path] = problem }
                if let aspect = entry.aspect { aspects[photo.path] = aspect }
                if let motion = entry.motion { motions[photo.path] = motion }
                if !entry.placeRead { unread.append(photo) }
                continue
            }
            guard photo.size >= 0 else { continue } // not a regular file: nothing to read or keep
            guard openFiles else { unread.append(photo); continue }
            filesOpened += 1
            let exif = ExifCapture.read(atPath: photo.path)
            var time = exif.time.map { CaptureTime(exif: $0, timeZone: timeZone) }
            let location = exif.location.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
            let problem = LibraryPhotoCheck.problem(atPath: photo.path)?.description
            var aspect: Double?, motion: PhotoMotion?
            if problem == nil, let look = FileLook(atPath: photo.path) {
                aspect = look.aspect
                motion = look.motion
                // A clip's container says when it was made, in UTC.
                if time == nil, let created = look.created { time = CaptureTime(utc: created, timeZone: timeZone) }
            }
            self.cache.store(photo, time: time, location: location, problem: problem, aspect: aspect, motion: motion)
            if let problem { problems[photo.path] = problem }
            if let aspect { aspects[photo.path] = aspect }
            if let motion { motions[photo.path] = motion }
            if let time { times[photo.path] = time }
            if let location { locations[photo.path] = location }
        }
    }

    /// What a file's header says of its shape and motion: the upright
    /// width over height (EXIF orientation applied), whether it moves, and
    /// a clip's creation time.
    struct FileLook {
        var aspect: Double?
        var motion: PhotoMotion?
        var created: Double?

        /// Nil when the header says no size, unless the file is named as a
        /// clip: a clip whose container is damaged is still a clip, its
        /// placeholder saying why when it is decoded.
        init?(atPath path: String) {
            guard case .success(let header) = PhotoHeader.read(atPath: path) else {
                let ending = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
                guard TripCatalog.clipExtensions.contains(ending) else { return nil }
                motion = .clip(seconds: nil)
                return
            }
            let size = header.displaySize
            aspect = size.width > 0 && size.height > 0 ? Double(size.width) / Double(size.height) : nil
            switch header.format {
            case .clip:
                let clip = try? ClipHeader.read(atPath: path).get()
                motion = .clip(seconds: clip?.duration)
                created = clip?.created
            case .jpeg:
                if let live = MotionPhoto.read(atPath: path) {
                    motion = .embeddedClip(offset: live.clipOffset, length: live.clipLength, seconds: live.clip?.duration)
                }
            default:
                motion = header.animation.map { .animated(frames: $0.frames) }
            }
        }
    }
}
