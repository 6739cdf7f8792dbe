import Foundation
import JSON
import XCTest
@testable import TripsKit

/// A replay script run on the model in the test process (`ReplayRunner`,
/// no SDL, no display): the bundled trips, the command line's options, and
/// the lines `trips --replay` would print, read as JSON.
struct ModelReplay {
    let app: AppModel
    /// The lines as printed, and read.
    let printed: [String]
    let lines: [JSONNode]

    static var bundledTrips: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/trips.json").standardized.path
    }

    /// Runs `script` (its `size` line first, the rest in time order) with
    /// `arguments` as the command line would give them, over `catalog`
    /// (the bundled trips when nil).
    init(_ script: String, arguments: [String] = [], catalog: TripCatalog? = nil) throws {
        let parsed = try ReplayScript.parse(script, file: "script.txt", isKeyName: Key.isActedOnOrCharacter)
        guard case .run(let options) = try LaunchOptions.parse(arguments) else { throw ReplayScriptError(file: "arguments", line: 0, message: "not a run") }
        let size = WindowPlan(options: options, script: parsed).points.cgSize
        app = AppModel(launching: options, catalog: try catalog ?? TripCatalog.load(file: Self.bundledTrips), size: size)
        printed = try ReplayRunner.lines(parsed, app: app)
        lines = try printed.map { try JSONDocument.parse($0) }
    }

    /// The snapshot printed at `t` ms.
    func state(at t: Int, file: StaticString = #filePath, line: UInt = #line) throws -> JSONNode {
        let found = lines.first { $0["t"]?.number == Double(t) && $0["screen"] != nil }
        return try XCTUnwrap(found, "no snapshot at \(t) ms; got \(lines.count) lines", file: file, line: line)
    }

    /// The event lines named `name` ("open", "close", "zoom", "reorder", ...).
    func events(_ name: String) -> [JSONNode] { lines.filter { $0["event"]?.string == name } }
}
