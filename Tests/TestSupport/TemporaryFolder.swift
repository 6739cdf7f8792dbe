import Foundation

/// A folder of one test's own under the system's temporary directory
/// (`PREFIX-UUID`), made at once; `remove()` deletes it and what is in it.
public struct TemporaryFolder: Sendable {
    public let path: String
    public var url: URL { URL(fileURLWithPath: path) }

    public init(_ prefix: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// `name` inside the folder.
    public func appending(_ name: String) -> String { path + "/" + name }

    /// Writes `data` to `name` inside the folder (a relative path), making
    /// the folders on its way; returns where it went.
    @discardableResult
    public func write(_ data: Data, to name: String) throws -> URL {
        let url = URL(fileURLWithPath: appending(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
