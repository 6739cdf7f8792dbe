import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// A library made in a temporary folder from the bundled photo, stamped as
/// cameras stamp theirs, and opened by the real binary with `--photos`.
struct CameraLibrary {
    let folder: TemporaryFolder
    private let jpeg: Data
    var root: URL { folder.url }

    init(_ folder: TemporaryFolder) throws {
        self.folder = folder
        jpeg = try Replay.bundledPhoto()
    }

    /// The photo at `path`, taken at `exif` (with its `offset` and GPS
    /// `place`), or with no EXIF; modified at `modified` (ISO, UTC).
    func photo(_ path: String, exif: String?, offset: String? = nil, place: (Double, Double)? = nil, modified: String) throws {
        try folder.photo(path, from: jpeg, exif: exif, offset: offset, place: place, modified: modified)
    }

    /// `script` replayed on a 1280 x 800 window in UTC; it must end well.
    func replay(_ script: String, arguments: [String] = []) throws -> Replay {
        let r = try Replay.run("size 1280 800\n" + script, arguments: ["--photos", root.path] + arguments, environment: ["TZ": "UTC"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        return r
    }
}
