import Foundation

/// An executable of this package, built beside the running test bundle
/// (TRIPS_BINARY overrides the `trips` binary), for tests that run it.
public enum BuiltBinary {
    public static func path(_ name: String = "trips") -> String {
        if name == "trips", let path = ProcessInfo.processInfo.environment["TRIPS_BINARY"] { return path }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: me).deletingLastPathComponent()
        // The xctest bundle may be a directory on some toolchains.
        if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent(name).path
    }
}
