import Foundation
import TestSupport
import XCTest

extension TemporaryFolder {
    /// `jpeg` written at `path` (inside the folder) as a camera would have
    /// taken it at `exif` (with its `offset`, and its GPS `place`), or with
    /// no EXIF; either way the file modified at `modified` (ISO, UTC).
    func photo(_ path: String, from jpeg: Data, exif: String?, offset: String? = nil, place: (Double, Double)? = nil, modified: String) throws {
        let gps = place.map { ExifStamp.GPS(latitude: $0.0, longitude: $0.1) }
        let url = try write(exif.map { ExifStamp.stamped(jpeg, dateTime: $0, offset: offset, gps: gps) } ?? jpeg, to: path)
        let date = try XCTUnwrap(ISO8601DateFormatter().date(from: modified))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }
}
