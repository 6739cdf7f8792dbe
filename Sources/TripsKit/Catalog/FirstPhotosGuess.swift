import Foundation

/// The photos a library's first frame asked for last time, kept so the
/// next start can decode them on a guess before the library is read: a
/// kiosk starts on the same photos day after day, and a 10,000-photo
/// library takes longer to read than its first photo takes to decode.
/// A guess that turns out wrong costs a decode nobody takes.
public struct FirstPhotosGuess: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_CACHE_HOME/trips/first-photos/NAME-HASH.txt` for the library in `folder` (`LibraryCacheFile`).
    public static func defaultPath(library folder: String, environment: [String: String]) -> String {
        LibraryCacheFile.path("first-photos", library: folder, fileExtension: "txt", environment: environment)
    }

    /// The photos' paths, one a line; none when there is no file (it is only ever a shortcut).
    public func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
    }

    /// Writes `photos` atomically when they differ from what is there.
    public func save(_ photos: [String]) throws {
        guard photos != load(), !photos.contains(where: { $0.contains("\n") }) else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(photos.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
