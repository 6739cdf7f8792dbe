import Foundation
import Geography

/// The trips of a `--photos` library, at once and then settled: the first
/// catalog uses the capture times the cache knows (modification times for
/// the rest), so the first frame opens no photo; a background thread reads
/// the missing EXIF dates, saves the cache, and hands the settled catalog
/// to the frame loop, which takes it between touches. Loose photos' trips
/// are named by their places once the gazetteer's index is there
/// (`name(by:)`, from another thread): the trips made before it are named
/// by their dates, and handed over again, named, when it comes.
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
    /// A cache that cannot be saved is said once, not at each change.
    private var cacheSaving = FailureNotice()
    /// Guarded by `publishing`, which makes each catalog and hands it over in
    /// turn (so a catalog named by places is never replaced by an older one
    /// without): the library and what is known of it, and the names of places.
    private let publishing = NSLock()
    private var current: (library: PhotoLibrary, times: [String: CaptureTime], locations: [String: GeoPoint], problems: [String: String],
                                 aspects: [String: Double], motions: [String: PhotoMotion])?
    private var naming: PlaceNaming?
    /// Run once, the first time a catalog has a photo with a place
    /// (`whenPlaced`); guarded by `publishing`.
    private var placed: (@Sendable () -> Void)?

    /// Wakes the frame loop when a settled catalog waits to be taken.
    private let wake: @Sendable () -> Void

    public init(folder: String, cachePath: String, timeZone: TimeZone = .current, verbose: Bool,
         elapsed: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void) {
        self.folder = folder
        self.wake = wake
        self.timeZone = timeZone
        self.cachePath = cachePath
        self.log = log
        self.verbose = verbose
        self.elapsed = elapsed
        cache = CaptureTimeCache(path: cachePath)
    }

    /// The catalog to start with. With `wait` (a replay) every photo is
    /// looked at and every capture time read now, so the same script prints
    /// the same bytes. Live, the photos the cache knows are taken on its
    /// word (the photos it lists, their size and time as it last saw
    /// them), so a known library costs reading the cache on the way to the
    /// first frame; a thread then lists the folder, looks at every photo,
    /// reads the dates the cache lacks, and hands over a settled catalog
    /// (`takeSettled`) only if anything differs.
    public func start(wait: Bool) throws -> TripCatalog {
        let begun = elapsed()
        if let problem = cache.load() { log("trips: \(problem)") }
        let loaded = elapsed()
        let remembered = wait ? nil : PhotoLibrary.remembered(folder, from: cache)
        let library = try remembered ?? PhotoLibrary.scan(folder)
        let known = CaptureTimeReading(photos: library.allPhotos, cache: cache, timeZone: timeZone, openFiles: false)
        if verbose {
            log("trips: library \(remembered == nil ? "listed" : "as the cache remembers it")"
                + String(format: " in %.1f ms, its cache read in %.1f ms", (elapsed() - loaded) * 1000, (loaded - begun) * 1000))
        }
        if wait { return try showing(known.unread.isEmpty ? settled(library, known) : settle(library, handOver: false)) }
        Thread.detachAtLowestPriority { [self] in
            let looked: PhotoLibrary
            do { looked = try PhotoLibrary.scan(folder) } catch {
                log("trips: \(error); still showing the photos it had")
                return
            }
            if looked == library && known.unread.isEmpty {
                _ = settled(library, known)
                return
            }
            settle(looked, handOver: true)
        }
        return try showing(catalog(library, known, handOver: false))
    }

    /// `catalog`, unless none of the library's files is a photo to show.
    private func showing(_ catalog: TripCatalog) throws -> TripCatalog {
        guard catalog.trips.isEmpty else { return catalog }
        throw CatalogError(file: folder, line: nil, message: "has no photos to show: its files named like photos are not photos")
    }

    /// Names the loose photos' trips by their places from now on, and hands
    /// the trips over again, so named, if any were made before.
    public func name(by naming: PlaceNaming) {
        publishing.withLock {
            self.naming = naming
            guard let current else { return }
            let catalog = current.library.catalog(times: current.times, locations: current.locations, problems: current.problems, aspects: current.aspects,
                                                  motions: current.motions, naming: naming, timeZone: timeZone)
            lock.withLock { settled = catalog }
        }
        wake()
        if verbose { log(String(format: "trips: places named after %.1f ms", elapsed() * 1000)) }
    }

    /// Runs `start` once, as soon as a photo of the library is known to
    /// have a place (now, if one is): a library with no GPS never pays for
    /// reading a gazetteer. `start` runs outside the loader's locks (it may
    /// call `name(by:)`).
    public func whenPlaced(_ start: @escaping @Sendable () -> Void) {
        let now: Bool = publishing.withLock {
            guard current?.locations.isEmpty == false else { placed = start; return false }
            return true
        }
        if now { start() }
    }

    /// The catalog of `library` with what `reading` knows, named by places
    /// if they are known yet; with `handOver`, for the frame loop to take.
    @discardableResult
    private func catalog(_ library: PhotoLibrary, _ reading: CaptureTimeReading, handOver: Bool) -> TripCatalog {
        let (catalog, firstPlaced): (TripCatalog, (@Sendable () -> Void)?) = publishing.withLock {
            current = (library, reading.times, reading.locations, reading.problems, reading.aspects, reading.motions)
            let catalog = library.catalog(times: reading.times, locations: reading.locations, problems: reading.problems, aspects: reading.aspects,
                                          motions: reading.motions, naming: naming, timeZone: timeZone)
            if handOver && !catalog.trips.isEmpty { lock.withLock { settled = catalog } }
            guard !reading.locations.isEmpty, let placed else { return (catalog, nil) }
            self.placed = nil
            return (catalog, placed)
        }
        if handOver { wake() }
        firstPlaced?()
        return catalog
    }

    /// The catalog of `library` when the cache knew every photo.
    private func settled(_ library: PhotoLibrary, _ known: CaptureTimeReading) -> TripCatalog {
        if verbose {
            log(String(format: "trips: capture times: %d photos, 0 files opened, %d from the cache, settled after %.1f ms",
                       library.allPhotos.count, known.fromCache, elapsed() * 1000))
        }
        return catalog(library, known, handOver: false)
    }

    /// Reads what the cache lacks, saves the cache, and makes the catalog.
    @discardableResult
    private func settle(_ library: PhotoLibrary, handOver: Bool) -> TripCatalog {
        let reading = CaptureTimeReading(photos: library.allPhotos, cache: lock.withLock { cache }, timeZone: timeZone)
        lock.withLock { cache = reading.cache }
        let said: String?
        do {
            try reading.cache.save(keeping: library.allPhotos)
            said = lock.withLock { cacheSaving.succeeded("trips: \(cachePath): the capture times are saved again") }
        } catch {
            said = lock.withLock { cacheSaving.failed("trips: cannot save the capture times: \(error); they will be read again next time") }
        }
        if let said { log(said) }
        if verbose {
            log(String(format: "trips: capture times: %d photos, %d files opened, %d from the cache, settled after %.1f ms",
                       library.allPhotos.count, reading.filesOpened, reading.fromCache, elapsed() * 1000))
        }
        return catalog(library, reading, handOver: handOver)
    }

    /// The first catalog being made on a thread (`prepare`), guarded by `ready`.
    private var prepared: Result<TripCatalog, any Error>?
    private let ready = NSCondition()

    /// Starts making the first catalog (`start(wait: false)`) on a thread,
    /// so listing the library and reading its cache overlap with opening
    /// the display; `preparedCatalog()` waits for it. `then` runs on that
    /// thread with the catalog as soon as it is made, before anyone waits
    /// for it: the app starts decoding its first photos there, while the
    /// display is still opening.
    public func prepare(then: @escaping @Sendable (TripCatalog) -> Void = { _ in }) {
        Thread.detachNewThread { [self] in
            let result = Result { try start(wait: false) }
            if case .success(let catalog) = result { then(catalog) }
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
    /// Photos still being written (`excluding`) wait until they are whole.
    public func reload(excluding: Set<String> = []) throws -> TripCatalog {
        try showing(settle(try PhotoLibrary.scan(folder, excluding: excluding), handOver: false))
    }
}
