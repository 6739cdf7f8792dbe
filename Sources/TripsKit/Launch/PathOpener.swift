import Foundation

/// What a drop on the window opens (`InputEvent.drop`), as `trips PATH...`
/// opens it (`LaunchPaths`, the same vetting): a folder as a library, one
/// photo big among its folder's trips, several photos as one trip. A
/// folder is read with its capture times through its cache, as a replay
/// reads `--photos`. A live app reads it off the loop's thread
/// (`inBackground`: the model asks, the platform reads and hands back
/// `Opened` through `AppDriver.opened`) and follows a dropped folder on
/// disk as `trips FOLDER` follows its library; a replay reads at once.
public struct PathOpener: Sendable {
    let environment: [String: String]
    /// Whether the model hands the reading to the platform (live) rather
    /// than reading at once (a replay, whose clock waits for nothing).
    public let inBackground: Bool

    public init(environment: [String: String], inBackground: Bool = false) {
        self.environment = environment
        self.inBackground = inBackground
    }

    public struct Opened {
        public var catalog: TripCatalog
        /// The photo to open big, if one was dropped.
        public var photo: String?
        /// The paths left out (refused or ignored), each with why.
        public var leftOut: [LaunchPaths.Refusal]
        /// A dropped folder's library, to be followed on disk.
        public var library: LibraryLoader? = nil
    }

    /// No path dropped could be opened; says each and why.
    public struct Refused: Error, CustomStringConvertible {
        public var description: String
    }

    /// `paths` (relative ones from `directory`) opened, or why none can be.
    public func open(_ paths: [String], from directory: String) throws -> Opened {
        let resolved = LaunchPaths.resolve(paths, from: directory)
        let leftOut = resolved.refusals + resolved.ignored
        guard resolved.opening != nil else {
            throw Refused(description: leftOut.map(\.description).joined(separator: "; "))
        }
        let (options, photos, photo) = resolved.applied(to: LaunchOptions())
        if let photos { return Opened(catalog: photos, photo: photo, leftOut: leftOut) }
        guard let folder = options.photosFolder else { throw Refused(description: "trips: nothing to open") }
        let library = LibraryLoader(folder: folder, cachePath: CaptureTimeCache.defaultPath(library: folder, environment: environment),
                                    verbose: false, elapsed: { 0 }, log: { _ in })
        do {
            return Opened(catalog: try library.start(wait: true), photo: photo, leftOut: leftOut, library: library)
        } catch {
            throw Refused(description: "trips: \(error)")
        }
    }
}
