import Foundation

/// The trips of a `--photos` library, at once and then settled: the first
/// catalog uses the capture times the cache knows (modification times for
/// the rest), so the first frame opens no photo; a background thread reads
/// the missing EXIF dates, saves the cache, and hands the settled catalog
/// to the frame loop, which takes it between touches.
public final class LibraryLoader: @unchecked Sendable {
    public let folder: String
    public let timeZone: TimeZone
    private let cachePath: String
    private let log: @Sendable (String) -> Void
    private let verbose: Bool
    /// Seconds since the process started, for the verbose log's timings.
    private let elapsed: @Sendable () -> Double
    private let lock = NSLock()
    /// Guarded by `lock`: what the frame loop has not taken yet, and what
    /// is known of capture times (the cache as last read or written).
    private var settled: TripCatalog?
    private var cache: CaptureTimeCache

    public init(folder: String, cachePath: String, timeZone: TimeZone = .current, verbose: Bool,
         elapsed: @escaping @Sendable () -> Double, log: @escaping @Sendable (String) -> Void) {
        self.folder = folder
        self.timeZone = timeZone
        self.cachePath = cachePath
        self.log = log
        self.verbose = verbose
        self.elapsed = elapsed
        cache = CaptureTimeCache(path: cachePath)
    }

    /// The catalog to start with. With `wait` (a replay) every capture time
    /// is read now, so the same script prints the same bytes; otherwise
    /// missing ones are read in the background (`takeSettled`).
    public func start(wait: Bool) throws -> TripCatalog {
        let begun = elapsed()
        let library = try PhotoLibrary.scan(folder)
        let scanned = elapsed()
        cache.load()
        let known = CaptureTimeReading(photos: library.allPhotos, cache: cache, timeZone: timeZone, openFiles: false)
        if verbose {
            log(String(format: "trips: library listed in %.1f ms, its cache read in %.1f ms", (scanned - begun) * 1000, (elapsed() - scanned) * 1000))
        }
        guard !known.unread.isEmpty else {
            if verbose {
                log(String(format: "trips: capture times: %d photos, 0 files opened, %d from the cache, settled after %.1f ms",
                           library.allPhotos.count, known.fromCache, elapsed() * 1000))
            }
            return library.catalog(times: known.times, timeZone: timeZone)
        }
        if wait { return settle(library) }
        Thread.detachNewThread { [self] in
            let catalog = settle(library)
            lock.withLock { settled = catalog }
        }
        return library.catalog(times: known.times, timeZone: timeZone)
    }

    /// Reads what the cache lacks, saves the cache, and makes the catalog.
    private func settle(_ library: PhotoLibrary) -> TripCatalog {
        let reading = CaptureTimeReading(photos: library.allPhotos, cache: lock.withLock { cache }, timeZone: timeZone)
        lock.withLock { cache = reading.cache }
        do { try reading.cache.save(keeping: library.allPhotos) } catch {
            log("trips: \(cachePath): cannot save the capture times (\(error)); they will be read again next time")
        }
        if verbose {
            log(String(format: "trips: capture times: %d photos, %d files opened, %d from the cache, settled after %.1f ms",
                       library.allPhotos.count, reading.filesOpened, reading.fromCache, elapsed() * 1000))
        }
        return library.catalog(times: reading.times, timeZone: timeZone)
    }

    /// The first catalog being made on a thread (`prepare`), guarded by `ready`.
    private var prepared: Result<TripCatalog, any Error>?
    private let ready = NSCondition()

    /// Starts making the first catalog (`start(wait: false)`) on a thread,
    /// so listing the library and reading its cache overlap with opening
    /// the display; `preparedCatalog()` waits for it.
    public func prepare() {
        Thread.detachNewThread { [self] in
            let result = Result { try start(wait: false) }
            ready.lock()
            prepared = result
            ready.signal()
            ready.unlock()
        }
    }

    /// The catalog `prepare` made, once it is there.
    public func preparedCatalog() throws -> TripCatalog {
        ready.lock()
        defer { ready.unlock() }
        while prepared == nil { ready.wait() }
        return try prepared!.get()
    }

    /// The settled catalog once the background reading is done, once.
    public func takeSettled() -> TripCatalog? {
        lock.withLock {
            defer { settled = nil }
            return settled
        }
    }

    /// The catalog after the folder changed: the cache answers for the
    /// photos already read; new ones are read now (a few at a time arrive).
    public func reload() throws -> TripCatalog {
        settle(try PhotoLibrary.scan(folder))
    }
}
