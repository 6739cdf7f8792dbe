import Foundation
import PhotoFile

/// The desktop's shared thumbnail cache (`SharedThumbnail`'s rules) as the
/// loader uses it: before a strip thumbnail is decoded from its photo, the
/// cache is asked for one of the size that covers the strip photo (or a
/// larger size, which covers it too); a valid
/// one (its keys read here, without its pixels) is decoded instead, on a
/// worker like any file. A photo decoded for want of one is written back:
/// the worker's PNG with the file's keys, to a temporary file renamed into
/// place (folders 0700, files 0600), off the loader's threads. A photo that
/// cannot be decoded gets a failure entry, so it is not tried every start.
/// Nothing is written for a file inside the cache itself. At most
/// `maximumWrites` thumbnails are written a start, and none once the
/// cache's folders hold `maximumBytes`; Trips removes nothing: an entry it
/// rewrites replaces the stale one, and the desktop's own housekeeping
/// (GNOME's removes thumbnails unused for months) lets old ones go.
public final class SharedThumbnailCache: @unchecked Sendable {
    /// What the cache says about a photo's strip thumbnail.
    enum Lookup {
        /// Not for this photo or target (no cache size covers it, a file in the cache, no such file).
        case unused
        /// A valid failure entry: the photo failed before, as it is now.
        case failedBefore
        /// A valid thumbnail at `path`, with the photo's own size if its keys give it.
        case cached(path: String, source: SharedThumbnail.Source, size: SharedThumbnail.Size, image: (width: Int, height: Int)?)
        /// None, or a stale or corrupt one: decode the photo and write it.
        case missing(source: SharedThumbnail.Source, size: SharedThumbnail.Size)
    }

    public let root: String
    private let software: String
    private let failFolder: String
    private let maximumWrites: Int
    private let maximumBytes: Int
    private let log: @Sendable (String) -> Void
    private let writer = DispatchQueue(label: "trips-thumbnail-writer", qos: .utility)
    private let lock = NSLock()
    private var counts = Counts()
    /// What the cache's folders hold, once the first write has measured it.
    private var bytesOnDisk: Int?
    private var refusedFurther = false

    /// How the cache served this start (for the log and the benchmark).
    public struct Counts: Sendable {
        public var found = 0
        public var stale = 0
        public var missing = 0
        public var written = 0
        public var failuresWritten = 0
    }

    public var summary: Counts {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    /// - Parameters:
    ///   - root: the cache folder (`SharedThumbnail.root`).
    ///   - version: Trips' version, for `Software` and the failure folder.
    public init(root: String, version: String, maximumWrites: Int = 500, maximumBytes: Int = 1 << 30,
                log: @escaping @Sendable (String) -> Void) {
        self.root = root
        self.software = "Trips \(version)"
        self.failFolder = SharedThumbnail.failFolder(app: "trips", version: version)
        self.maximumWrites = maximumWrites
        self.maximumBytes = maximumBytes
        self.log = log
    }

    /// The cache where the environment puts it (`SharedThumbnail.root`); nil without a home.
    public convenience init?(environment: [String: String], version: String, log: @escaping @Sendable (String) -> Void) {
        guard let root = SharedThumbnail.root(environment: environment) else { return nil }
        self.init(root: root, version: version, log: log)
    }

    /// Blocks until what was handed to be written is written (tests, the benchmark's end).
    public func waitUntilWritten() { writer.sync {} }

    /// What the cache has for the strip thumbnail of the photo at `path`, to cover `target` pixels.
    func lookup(_ path: String, target: (width: Int, height: Int)) -> Lookup {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let size = SharedThumbnail.Size.covering(target), !absolute.hasPrefix(root + "/"),
              let uri = FileURI.of(absolutePath: absolute) else { return .unused }
        var info = stat()
        guard stat(absolute, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unused }
        let source = SharedThumbnail.Source(uri: uri, modified: Int(info.st_mtim.tv_sec), bytes: Int(info.st_size))
        if case .success(let failed) = Self.keys(at: "\(root)/\(failFolder)/\(source.fileName)"),
           SharedThumbnail.problem(keys: failed.keys, for: source) == nil {
            return .failedBefore
        }
        // The covering size first, then the larger ones (they cover too).
        var sawOne = false
        for larger in SharedThumbnail.Size.allCases where larger.rawValue >= size.rawValue {
            let thumbnail = "\(root)/\(larger.folder)/\(source.fileName)"
            switch Self.keys(at: thumbnail) {
            case .success(let header) where SharedThumbnail.problem(keys: header.keys, for: source) == nil
                && max(header.width, header.height) <= larger.rawValue:
                return .cached(path: thumbnail, source: source, size: size, image: SharedThumbnail.imageSize(keys: header.keys))
            default:
                // Stale or corrupt (or not there: `keys` says not a PNG): the covering size's is replaced.
                if FileManager.default.fileExists(atPath: thumbnail) { sawOne = true }
            }
        }
        count { if sawOne { $0.stale += 1 } else { $0.missing += 1 } }
        return .missing(source: source, size: size)
    }

    /// The keys of the PNG at `path`, read chunk by chunk without its pixels
    /// (before them or after, as `PNGChunks.textKeys` walks).
    static func keys(at path: String) -> Result<(width: Int, height: Int, keys: [String: String]), PNGChunks.Problem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return .failure(.notPNG) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notPNG) }
        return PNGChunks.textKeys(enough: SharedThumbnail.requiredKeys) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return Array(bytes.prefix(max(0, got)))
        }
    }

    func noteFound() { count { $0.found += 1 } }

    /// Writes the worker's `png` of `source` as its `size` thumbnail, with
    /// the keys (the photo's own size `image`), in the background.
    func store(_ png: [UInt8], of source: SharedThumbnail.Source, size: SharedThumbnail.Size, image: (width: Int, height: Int)) {
        let keys = SharedThumbnail.keys(for: source, image: image, software: software).map { PNGChunks.text($0.key, $0.value) }
        guard let whole = PNGChunks.inserting(keys, into: png) else { return }
        write(whole, to: size.folder, name: source.fileName) { $0.written += 1 }
    }

    /// Writes a failure entry for `source` (a 1 x 1 PNG with its keys).
    func storeFailure(of source: SharedThumbnail.Source) {
        let keys = SharedThumbnail.keys(for: source, image: nil, software: software).map { PNGChunks.text($0.key, $0.value) }
        write(PNGChunks.onePixel(with: keys), to: failFolder, name: source.fileName) { $0.failuresWritten += 1 }
    }

    private func write(_ bytes: [UInt8], to folder: String, name: String, counted: @escaping @Sendable (inout Counts) -> Void) {
        writer.async { [self] in
            guard mayWrite(bytes.count) else { return }
            let directory = "\(root)/\(folder)"
            do {
                try makeFolders(directory)
                try Self.replace("\(directory)/\(name)", with: bytes)
                count(counted)
            } catch {
                refuseFurther("trips: the shared thumbnail cache \(root) cannot be written (\(error)); thumbnails are not kept this time")
            }
        }
    }

    /// Whether `bytes` more may be written this start (the writer's queue).
    private func mayWrite(_ bytes: Int) -> Bool {
        guard !refusedFurther else { return false }
        let written = summary.written + summary.failuresWritten
        if written >= maximumWrites {
            refuseFurther("trips: \(maximumWrites) thumbnails written to the shared cache this start; no more until the next")
            return false
        }
        if bytesOnDisk == nil { bytesOnDisk = diskUse() }
        guard bytesOnDisk! + bytes <= maximumBytes else {
            refuseFurther("trips: the shared thumbnail cache \(root) holds \(bytesOnDisk! >> 20) MiB, over Trips' \(maximumBytes >> 20) MiB; "
                          + "no thumbnails are written (the desktop's housekeeping lets old ones go)")
            return false
        }
        bytesOnDisk! += bytes
        return true
    }

    private func refuseFurther(_ line: String) {
        guard !refusedFurther else { return }
        refusedFurther = true
        log(line)
    }

    /// What the cache's size folders and Trips' failure folder hold now.
    private func diskUse() -> Int {
        (SharedThumbnail.Size.allCases.map(\.folder) + [failFolder]).reduce(0) { total, folder in
            let directory = "\(root)/\(folder)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return total + names.reduce(0) { sum, name in
                var info = stat()
                return sum + (lstat("\(directory)/\(name)", &info) == 0 ? Int(info.st_size) : 0)
            }
        }
    }

    /// `directory` and its parents up to the cache's root, each made 0700 if missing.
    private func makeFolders(_ directory: String) throws {
        var path = root.hasSuffix("/") ? String(root.dropLast()) : root
        let parent = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        for part in [""] + directory.dropFirst(path.count).split(separator: "/").map(String.init) {
            if !part.isEmpty { path += "/" + part }
            if mkdir(path, 0o700) != 0 && errno != EEXIST { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// `bytes` written to a temporary file (0600) beside `path`, then renamed over it.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        var template = Array((path + ".trips-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let temporary = String(cString: template)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        let closed = close(fd) == 0
        guard written == bytes.count, closed, rename(temporary, path) == 0 else {
            let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            unlink(temporary)
            throw failure
        }
    }

    private func count(_ change: (inout Counts) -> Void) {
        lock.lock()
        change(&counts)
        lock.unlock()
    }
}
