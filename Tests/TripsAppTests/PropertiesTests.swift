import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// The properties panel through the real binary (issue 37): camera photos
/// made by ImageMagick (4000 x 3000 of noise) and exiftool, opened as
/// `trips PHOTO`, the panel opened with I and Alt+Return; what the screen
/// reader is told, field by field, is what exiftool reads of the file,
/// translated labels in French. A file with broken EXIF shows the fields it has.
final class PropertiesTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try temporaryFolder("trips-properties") }

    /// Three photos: a Canon at Lisbon and a phone the same morning (one
    /// trip), and a Canon's photo whose EXIF block is broken (dated by its
    /// file, so a trip of its own).
    func makePhotos() throws -> (canon: String, phone: String, broken: String) {
        let canon = folder.appending("IMG_0042.jpg"), phone = folder.appending("PXL_0043.jpg"), broken = folder.appending("IMG_0044.jpg")
        try CameraPhoto.make(canon, tags: CameraPhoto.canon)
        try CameraPhoto.make(phone, width: 1200, height: 900,
                             tags: CameraPhoto.phone.filter { !$0.hasPrefix("-DateTimeOriginal") } + ["-DateTimeOriginal=2024:05:12 11:00:00"])
        try CameraPhoto.make(broken, width: 1200, height: 900,
                             tags: CameraPhoto.canon.filter { !$0.hasPrefix("-DateTimeOriginal") } + ["-DateTimeOriginal=2024:05:12 12:00:00"])
        // Its first IFD's entry count and offsets become nonsense: exiv2 gives up on the block.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: broken)))
        let exif = try XCTUnwrap((0..<(bytes.count - 6)).first { bytes[$0..<($0 + 6)] == ArraySlice(Array("Exif\0\0".utf8)) })
        for i in (exif + 10)..<(exif + 40) { bytes[i] = 0xFF }
        try Data(bytes).write(to: URL(fileURLWithPath: broken))
        return (canon, phone, broken)
    }

    /// The panel's rows (label → value) in each snapshot of a replay that
    /// opens `photo`, shows the panel with `key` and pages right once.
    func panels(_ photo: String, key: String, language: String) throws -> [[String: String]] {
        let script = "size 1280 800\nat 800 key \(key)\nat 1500 state\nat 1600 key Right\nat 2500 state\n"
        let r = try Replay.run(script, arguments: ["--lang", language, "--", photo], environment: ["TZ": "UTC", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": ""])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        return try [1500, 2500].map { t in
            let a11y = try r.state(at: t)["a11y"]?.array ?? []
            XCTAssertEqual(a11y.filter { $0["traits"]?.array.first?.string == "header" }.compactMap { $0["label"]?.string }.last,
                           language == "fr" ? "Propriétés" : "Properties", "the panel is read, under its title")
            let rows = a11y.drop { $0["label"]?.string != (language == "fr" ? "Propriétés" : "Properties") }.dropFirst()
            return Dictionary(rows.compactMap { e in e["label"]?.string.map { ($0, e["value"]?.string ?? "") } }) { a, _ in a }
        }
    }

    func testTheScreenReaderReadsWhatExiftoolReads() throws {
        let (canon, phone, broken) = try makePhotos()
        let shown = try panels(canon, key: "I", language: "en")
        func exif(_ tag: String, _ path: String, numeric: Bool = false) throws -> String { try CameraPhoto.exiftool(tag, of: path, numeric: numeric) }
        /// Decimal units, as file managers say: "8.5 MB", "774 kB".
        func size(_ path: String) throws -> String {
            let bytes = try XCTUnwrap(Double(try exif("FileSize", path, numeric: true)))
            return bytes < 1_000_000 ? "\(Int((bytes / 1000).rounded())) kB" : String(format: "%.1f MB", bytes / 1_000_000)
        }

        XCTAssertEqual(shown[0], [
            "File": "IMG_0042.jpg", "Size": try size(canon),
            "Dimensions": "\(try exif("ImageWidth", canon)) × \(try exif("ImageHeight", canon))", "Format": try exif("FileType", canon),
            "Taken": try exif("DateTimeOriginal", canon).replacingOccurrences(of: "2024:05:12", with: "2024-05-12"),
            "Camera": try exif("Model", canon), "Lens": try exif("LensModel", canon),
            "Exposure": try exif("ExposureTime", canon) + " s", "Aperture": "f/" + (try exif("FNumber", canon)), "ISO": try exif("ISO", canon),
            "Focal length": try exif("FocalLength", canon, numeric: true) + " mm",
            // The GPS point (38.7107 N, 9.1368 W) named by libgeonames.
            "Place": "Lisbon, Portugal",
        ])
        XCTAssertEqual(try exif("GPSPosition", canon, numeric: true), "38.7107 -9.1368")
        XCTAssertEqual(shown[1], [
            "File": "PXL_0043.jpg", "Size": try size(phone), "Dimensions": "1200 × 900", "Format": "JPEG", "Taken": "2024-05-12 11:00:00",
            "Camera": try exif("Make", phone) + " " + (try exif("Model", phone)), "Exposure": try exif("ExposureTime", phone) + " s",
            "Aperture": "f/" + (try exif("FNumber", phone)), "ISO": try exif("ISO", phone),
            "Focal length": "\(try exif("FocalLength", phone)) (\(try exif("FocalLengthIn35mmFormat", phone)) in 35 mm film)",
        ], "the panel follows the page; no lens, no place: no rows for them")
        XCTAssertEqual(try panels(broken, key: "I", language: "en")[0], ["File": "IMG_0044.jpg", "Size": try size(broken), "Dimensions": "1200 × 900", "Format": "JPEG"],
                       "broken EXIF: the fields the file still has")
    }

    func testAltReturnOpensItInFrench() throws {
        let (canon, _, _) = try makePhotos()
        let shown = try panels(canon, key: "alt+Return", language: "fr")
        XCTAssertEqual(shown[0]["Appareil"], try CameraPhoto.exiftool("Model", of: canon))
        XCTAssertEqual(shown[0]["Ouverture"], "f/2.8")
        XCTAssertEqual(shown[0]["Lieu"], "Lisbonne, Portugal")
        XCTAssertEqual(shown[0]["Fichier"], "IMG_0042.jpg")
    }
}
