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

    /// A guess lists a screenful of paths; past this it is not one.
    static let sizeLimit = 1 << 20

    /// The photos' paths, one a line; none when there is no file (it is
    /// only ever a shortcut), or when it is no file to read, which
    /// `refused` is told in words.
    public func load(refused: (String) -> Void = { _ in }) -> [String] {
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile(path: path, limit: Self.sizeLimit).read() else { return [] }
            bytes = read
        } catch {
            refused("\(path): the first photos' guess was not read: \(error)")
            return []
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
    }

    /// Writes `photos` atomically when they differ from what is there.
    public func save(_ photos: [String]) throws(AtomicFile.Failure) {
        guard photos != load(), !photos.contains(where: { $0.contains("\n") }) else { return }
        try AtomicFile(path: path).write(Array(photos.map { $0 + "\n" }.joined().utf8))
    }
}
