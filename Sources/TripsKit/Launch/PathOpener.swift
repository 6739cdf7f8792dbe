import Foundation

/// What a drop on the window opens (`InputEvent.drop`), as `trips PATH...`
/// opens it (`LaunchPaths`, the same vetting): a folder as a library, one
/// photo big among its folder's trips, several photos as one trip. A
/// folder is read at once, its capture times through its cache, as a
/// replay reads `--photos`; it is not followed on disk afterwards.
public struct PathOpener: Sendable {
    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    public struct Opened {
        public var catalog: TripCatalog
        /// The photo to open big, if one was dropped.
        public var photo: String?
        /// The paths left out (refused or ignored), each with why.
        public var leftOut: [LaunchPaths.Refusal]
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
            return Opened(catalog: try library.start(wait: true), photo: photo, leftOut: leftOut)
        } catch {
            throw Refused(description: "trips: \(error)")
        }
    }
}
