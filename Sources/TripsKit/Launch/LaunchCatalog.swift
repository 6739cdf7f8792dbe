/// The trips the command line asks for: the photos `trips PATH...` opened,
/// a photo library (`--photos`), a trips file (`--trips`) or the bundled
/// one. A live library is listed while the display opens
/// (`LibraryLoader.prepare`); a replay waits for it whole, named by its
/// places first, so the same script prints the same bytes. A folder that is
/// not there is said at once.
public struct LaunchCatalog {
    public let library: LibraryLoader?
    /// The trips when they are known now; nil while a live library is listed.
    public let ready: TripCatalog?

    public struct NoBundledTrips: Error, CustomStringConvertible {
        public var description: String { "cannot find the bundled Assets/trips.json; pass --trips FILE or --photos DIR" }
    }

    /// - Parameters:
    ///   - opened: the trips `trips PHOTO PHOTO...` made, if it did.
    ///   - bundledTrips: where the bundled trips.json is, asked only when
    ///     nothing else is given.
    ///   - places: names a replay's library by its places before it is read.
    ///   - wakeForLibrary: wakes the frame loop when a live library has news.
    public init(options: LaunchOptions, opened: TripCatalog?, bundledTrips: () -> String?, places: PlaceIndexing?,
                environment: [String: String], verbose: Bool, elapsed: @escaping @Sendable () -> Double,
                wakeForLibrary: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void) throws {
        library = options.photosFolder.map { folder in
            LibraryLoader(folder: folder, cachePath: CaptureTimeCache.defaultPath(library: folder, environment: environment), verbose: verbose,
                          elapsed: elapsed, wake: wakeForLibrary, log: log)
        }
        if let opened {
            ready = opened
        } else if let library, options.replayScript != nil {
            places?.name(library)
            ready = try library.start(wait: true)
        } else if let library {
            try PhotoLibrary.checkFolder(library.folder)
            ready = nil
        } else if let file = options.tripsFile ?? bundledTrips() {
            ready = try TripCatalog.load(file: file)
        } else {
            throw NoBundledTrips()
        }
    }
}
