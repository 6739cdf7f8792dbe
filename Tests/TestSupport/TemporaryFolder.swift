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

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
