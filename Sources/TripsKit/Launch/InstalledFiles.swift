import Foundation

/// Where the app's own files are, for a binary run from its build tree or
/// installed by `make install` (`<prefix>/bin/trips` beside
/// `<prefix>/share/trips` and `<prefix>/share/locale`), from any working
/// directory: both are found from the executable's own path.
public struct InstalledFiles: Sendable {
    /// The running executable, symlinks resolved.
    public let executable: String
    private let exists: @Sendable (String) -> Bool

    public init(executable: String, exists: @escaping @Sendable (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        self.executable = executable
        self.exists = exists
    }

    /// The binary running now (/proc/self/exe, else argv[0]).
    public static func running() -> InstalledFiles {
        InstalledFiles(executable: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    }

    private var binFolder: URL { URL(fileURLWithPath: executable).deletingLastPathComponent() }
    /// `<prefix>/share` of an installed binary.
    private var share: String { binFolder.deletingLastPathComponent().appendingPathComponent("share").path }

    /// The bundled trips.json: installed beside the binary's prefix, else in
    /// the package's Assets/ above a build tree (.build/<config>/), else in
    /// the system's prefixes.
    public var bundledTripsFile: String? {
        var candidates = [share + "/trips/trips.json"]
        var folder = binFolder
        for _ in 0..<5 {
            candidates.append(folder.appendingPathComponent("Assets/trips.json").path)
            folder.deleteLastPathComponent()
        }
        candidates += ["/usr/local/share/trips/trips.json", "/usr/share/trips/trips.json"]
        return candidates.first(where: exists)
    }

    /// The bundled trips.json, or `TRIPS_ASSETS`' (the tests').
    public func bundledTripsFile(environment: [String: String]) -> String? {
        environment["TRIPS_ASSETS"].map { $0 + "/trips.json" } ?? bundledTripsFile
    }

    /// The library the wl_shm window on Wayland is made with, without EGL
    /// (Platform's SurfaceOnlyWindow): beside a built binary,
    /// `<prefix>/lib/trips/` of an installed one; nil when neither has it.
    public var surfaceOnlyVulkanLibrary: String? {
        let name = Self.surfaceOnlyVulkanLibraryName
        let prefix = binFolder.deletingLastPathComponent().appendingPathComponent("lib/trips/" + name).path
        return [binFolder.appendingPathComponent(name).path, prefix].first(where: exists)
    }
    /// Its file's name (Package.swift's TripsSurfaceOnlyVulkan product).
    public static let surfaceOnlyVulkanLibraryName = "libTripsSurfaceOnlyVulkan.so"

    /// The message catalogues' folder: `locale/` beside a built binary,
    /// `<prefix>/share/locale` of an installed one, else the system's.
    public func localeFolder(domain: String) -> String {
        let candidates = [binFolder.appendingPathComponent("locale").path, share + "/locale", "/usr/local/share/locale"]
        return candidates.first { exists($0 + "/en/LC_MESSAGES/\(domain).mo") } ?? "/usr/share/locale"
    }
}
