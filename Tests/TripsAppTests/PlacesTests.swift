import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// A phone's camera roll (one folder of loose JPEGs and HEICs whose EXIF
/// carries GPS as phones write it) through the real binary: its trips are
/// named by their cities in the UI's language, from libgeonames; folders
/// keep their names, photos without a place their dates; a second start
/// opens no photo.
final class PlacesTests: XCTestCase {
    private var folder: TemporaryFolder!
    var root: URL { folder.url }
    var cache: URL { root.appendingPathExtension("cache") }
    private var jpeg = Data()

    override func setUpWithError() throws {
        folder = try temporaryFolder("trips-places")
        jpeg = try Replay.bundledPhoto()
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: cache) }

    static let lisbon = (38.7107, -9.1368), belem = (38.6916, -9.2160), porto = (41.1456, -8.6110), faro = (37.0170, -7.9340)
    static let tokyo = (35.6812, 139.7671), madrid = (40.4168, -3.7038), atlantic = (38.0, -20.0)

    /// A photo taken at `time` (EXIF, UTC) at `place`, a HEIC when `heic` (heif-enc keeps the JPEG's EXIF).
    func photo(_ name: String, _ time: String, _ place: (Double, Double)?, heic: Bool = false) throws {
        let url = root.appendingPathComponent(name)
        let stamped = ExifStamp.stamped(jpeg, dateTime: time, offset: "+00:00",
                                        gps: place.map { ExifStamp.GPS(latitude: $0.0, longitude: $0.1) })
        guard heic else { return try stamped.write(to: url) }
        let source = root.appendingPathExtension("source.jpg")
        try stamped.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc") else { throw XCTSkip("heif-enc (libheif-examples) is not installed") }
        let encoder = Process()
        encoder.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
        encoder.arguments = ["-q", "20", source.path, "-o", url.path]
        encoder.standardOutput = FileHandle.nullDevice
        try encoder.run()
        encoder.waitUntilExit()
        XCTAssertEqual(encoder.terminationStatus, 0)
    }

    func makeCameraRoll(folder: Bool = true) throws {
        // May: four in Lisbon (Belém is Lisbon), two in Porto: one trip, not split by the change of city.
        try photo("IMG_0001.jpg", "2024:05:12 10:00:00", Self.lisbon)
        try photo("IMG_0002.heic", "2024:05:12 15:00:00", Self.belem, heic: true)
        try photo("IMG_0003.jpg", "2024:05:13 09:00:00", Self.lisbon)
        try photo("IMG_0004.jpg", "2024:05:14 11:00:00", Self.porto)
        try photo("IMG_0005.heic", "2024:05:14 18:00:00", Self.porto, heic: true)
        try photo("IMG_0006.jpg", "2024:05:15 08:00:00", Self.lisbon)
        // July: Tokyo, one photo without GPS among them.
        try photo("IMG_0101.heic", "2024:07:01 10:00:00", Self.tokyo, heic: true)
        try photo("IMG_0102.jpg", "2024:07:01 12:00:00", nil)
        try photo("IMG_0103.jpg", "2024:07:02 12:00:00", Self.tokyo)
        // September: three cities of one country.
        try photo("IMG_0201.jpg", "2024:09:01 10:00:00", Self.lisbon)
        try photo("IMG_0202.jpg", "2024:09:02 10:00:00", Self.porto)
        try photo("IMG_0203.jpg", "2024:09:03 10:00:00", Self.faro)
        // October: two countries, Spain photographed most.
        try photo("IMG_0301.jpg", "2024:10:01 10:00:00", Self.lisbon)
        try photo("IMG_0302.jpg", "2024:10:02 10:00:00", Self.madrid)
        try photo("IMG_0303.jpg", "2024:10:02 12:00:00", Self.madrid)
        // November: no GPS at all; December: at sea, far from any city.
        try photo("IMG_0401.jpg", "2024:11:05 10:00:00", nil)
        try photo("IMG_0501.jpg", "2024:12:05 10:00:00", Self.atlantic)
        // A folder keeps its own name, whatever its photos' places.
        guard folder else { return }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("2024-05-20 Rome"), withIntermediateDirectories: true)
        try photo("2024-05-20 Rome/a.jpg", "2024:05:20 10:00:00", Self.lisbon)
    }

    /// The rows' names, and the label of the first trip's big photo once opened.
    func rows(language: String, verbose: Bool = false) throws -> (rows: [String], big: String?, stderr: String) {
        var environment = ["TZ": "UTC", "XDG_CACHE_HOME": cache.path, "LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8"]
        if verbose { environment["TRIPS_VERBOSE"] = "1" }
        // Down, Return: the first row opens.
        let r = try Replay.run("size 1280 800\nat 100 state\nat 200 key Down\nat 300 key Return\nat 1200 state",
                               arguments: ["--photos", root.path, "--lang", language], environment: environment)
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let s = try r.state(at: 100)
        // A trip's row says its nights, month and photos ("2 nights, May 2024 · 3 photos"); the playground's button does not.
        let rows = (s["a11y"]?.array ?? []).filter { $0["traits"]?.array.compactMap(\.string) == ["button"] && $0["value"]?.string?.contains("·") == true }
        let opened = try r.state(at: 1200)
        let big = opened["a11y"]?.array.compactMap { $0["label"]?.string }.first { !rows.compactMap { $0["label"]?.string }.contains($0) && $0.contains(rows.first?["label"]?.string ?? "?") }
        return (rows.compactMap { $0["label"]?.string }, big, r.stderr)
    }

    func testACameraRollIsNamedByItsCitiesInFourLanguages() throws {
        try makeCameraRoll()
        let expected = [
            "en": ["Rome", "Lisbon & Porto", "Tokyo", "Portugal", "Spain & Portugal", "5 Nov 2024", "5 Dec 2024"],
            "fr": ["Rome", "Lisbonne et Porto", "Tokyo", "Portugal", "Espagne et Portugal", "5 Nov 2024", "5 Dec 2024"],
            "de": ["Rome", "Lissabon und Porto", "Tokio", "Portugal", "Spanien und Portugal", "5 Nov 2024", "5 Dec 2024"],
            "ja": ["Rome", "リスボンとポルト", "東京都", "ポルトガル共和国", "スペインとポルトガル共和国", "5 Nov 2024", "5 Dec 2024"],
        ]
        for language in ["en", "fr", "de", "ja"] {
            let found = try rows(language: language)
            XCTAssertEqual(found.rows, expected[language], language)
        }
    }

    func testASecondStartOpensNoPhotoAndNamesTheSame() throws {
        try makeCameraRoll(folder: false)
        let first = try rows(language: "en", verbose: true)
        XCTAssertTrue(first.stderr.contains("17 files opened"), first.stderr)
        XCTAssertEqual(first.big, "Photo of Lisbon & Porto", "the big photo is named by its trip's places")
        let second = try rows(language: "fr", verbose: true)
        XCTAssertTrue(second.stderr.contains("0 files opened, 17 from the cache"), second.stderr)
        XCTAssertEqual(second.rows.first, "Lisbonne et Porto")
        XCTAssertEqual(second.big?.contains("Lisbonne et Porto"), true, "\(second.big ?? "no label")")
    }
}
