import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// Real layouts of `~/Pictures` through the real binary's snapshot: albums
/// nested in a folder of albums, a phone's camera dump split into its
/// trips, DCIM's numbered folders and a year/month/day tree pooled as a
/// camera's, folders' leading dates, symbolic link loops and deep trees
/// (docs/PHOTOS.md, "Libraries").
final class NestedLibraryTests: XCTestCase {
    private var library: CameraLibrary!
    var root: URL { library.root }

    override func setUpWithError() throws { library = try CameraLibrary(temporaryFolder("trips-nested")) }

    static let lisbon = (38.7107, -9.1368), kyoto = (35.0116, 135.7681)

    /// A photo at `path` taken at `exif` (UTC) at `place`, or with no EXIF and modified at `modified`.
    func photo(_ path: String, exif: String? = nil, place: (Double, Double)? = nil, modified: String = "2026-12-01T10:00:00Z") throws {
        try library.photo(path, exif: exif, offset: "+00:00", place: place, modified: modified)
    }

    /// Photos at each path, taken at their EXIF time (UTC), or with none and
    /// modified 2026-01-01.
    func photos(_ taken: [String: String?]) throws {
        for (path, exif) in taken { try photo(path, exif: exif, modified: "2026-01-01T00:00:00Z") }
    }

    /// The Overview's rows as "label: value".
    func described() throws -> [String] { try rows().map { "\($0.0): \($0.1)" } }

    /// The Overview's rows: (label, value) of each trip's button.
    func rows(_ arguments: [String] = []) throws -> [(String, String)] {
        let s = try library.replay("at 100 state", arguments: arguments).state(at: 100)
        return (s["a11y"]?.array ?? []).filter { $0["traits"]?.array.compactMap(\.string) == ["button"] && $0["label"]?.string != "Playground" }
            .map { ($0["label"]?.string ?? "", $0["value"]?.string ?? "") }
    }

    func testPicturesWithACameraDumpAndAlbums() throws {
        // Camera: a phone's dump over nine months, three trips.
        try photo("Camera/IMG_0001.jpg", exif: "2024:03:01 10:00:00", place: Self.lisbon)
        try photo("Camera/IMG_0002.jpg", exif: "2024:03:02 18:00:00", place: Self.lisbon)
        try photo("Camera/IMG_0003.jpg", exif: "2024:07:10 09:00:00", place: Self.kyoto)
        try photo("Camera/IMG_0004.jpg", exif: "2024:07:12 09:00:00", place: Self.kyoto)
        try photo("Camera/IMG_0005.jpg", exif: "2024:11:20 12:00:00")
        // Albums: one dated by its name (no EXIF, copied today), one known only by its files.
        try photo("Albums/2021-12-24 Christmas/a.jpg")
        try photo("Albums/2021-12-24 Christmas/b.jpg", modified: "2026-12-02T08:00:00Z")
        try photo("Albums/Grandma's 80th/x.jpg", modified: "2026-11-30T10:00:00Z")
        try photo("Albums/Grandma's 80th/y.jpg", modified: "2026-11-30T16:00:00Z")
        let rows = try rows()
        XCTAssertEqual(rows.map(\.0), ["Christmas", "Grandma's 80th", "Lisbon", "Kyoto", "20 Nov 2024"])
        XCTAssertEqual(rows.map(\.1), [
            "Day trip, December 2021 · 2 photos",
            "Day trip, November 2026 · 2 photos",
            "1 night, March 2024 · 2 photos",
            "2 nights, July 2024 · 2 photos",
            "Day trip, November 2024 · 1 photo",
        ])
    }

    func testAFolderDateNeverLosesToTheFilesTimesAndOwnDatesWinOverBoth() throws {
        // The last was copied in later: it stretches nothing.
        try photos(["20211224_party/a.jpg": nil, "2019-06 Porto/a.jpg": "2019:06:02 10:00:00", "2019-06 Porto/b.jpg": "2019:06:03 10:00:00",
                    "2019-06 Porto/c.jpg": nil])
        XCTAssertEqual(try described(), [
            "Porto: 1 night, June 2019 · 3 photos",
            "party: Day trip, December 2021 · 1 photo",
        ])
    }

    func testDCIMAndAYearMonthDayTreeArePooledAsACamerasPhotos() throws {
        // One trip across DCIM's numbered folders and the tree's days.
        try photos(["DCIM/100APPLE/IMG_0001.jpg": "2023:05:12 10:00:00", "DCIM/101APPLE/IMG_0002.jpg": "2023:05:13 10:00:00",
                    "2023/05/12/DSC_1.jpg": "2023:05:12 14:00:00", "2023/08/01/DSC_2.jpg": "2023:08:01 14:00:00"])
        XCTAssertEqual(try described(), [
            "12–13 May 2023: 1 night, May 2023 · 3 photos",
            "1 Aug 2023: Day trip, August 2023 · 1 photo",
        ])
    }

    func testALongAlbumIsSplitIntoItsTrips() throws {
        try photo("Phone backup/a.jpg", exif: "2022:01:10 10:00:00")
        try photo("Phone backup/b.jpg", exif: "2022:01:11 10:00:00")
        try photo("Phone backup/c.jpg", exif: "2022:04:01 10:00:00")
        XCTAssertEqual(try rows().map(\.0), ["10–11 Jan 2022", "1 Apr 2022"])
    }

    func testAHolidayAlbumWithAQuietSpellStaysWhole() throws {
        try photo("Norway/a.jpg", exif: "2022:07:01 10:00:00")
        try photo("Norway/b.jpg", exif: "2022:07:06 10:00:00")
        try photo("Norway/c.jpg", exif: "2022:07:14 10:00:00")
        XCTAssertEqual(try rows().map { "\($0.0): \($0.1)" }, ["Norway: 13 nights, July 2022 · 3 photos"])
    }

    func testDeepTreesAndSymlinkLoopsAreWalkedOnce() throws {
        let deep = (1...8).map { "level\($0)" }.joined(separator: "/")
        try photo("\(deep)/Deep Album/a.jpg", exif: "2020:02:02 10:00:00")
        try photo("Looped/a.jpg", exif: "2020:03:03 10:00:00")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Looped/again", withDestinationPath: root.path)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Looped/self", withDestinationPath: ".")
        let rows = try rows()
        XCTAssertEqual(rows.map(\.0), ["Deep Album", "Looped"], "each folder once, however many links lead to it")
    }

    /// A text file named like a photo: a placeholder in its trip, last, but
    /// never its cover, nor counted, nor dating it; a folder of only such
    /// files is no trip.
    func testAFileThatIsNoPhotoCountsForNothing() throws {
        try photo("Albums/2021-12-24 Christmas/a.jpg")
        try photo("Albums/2021-12-24 Christmas/b.jpg")
        try library.folder.write(Data("shopping list".utf8), to: "Albums/2021-12-24 Christmas/cover.jpg")
        try library.folder.write(Data("notes".utf8), to: "Albums/Notes only/notes.jpg")
        let r = try Replay.run("size 1280 800\nat 100 state", arguments: ["--photos", root.path], environment: ["TZ": "UTC"])
        XCTAssertEqual(r.status, ExitCode.done.rawValue, r.stderr)
        let s = try r.state(at: 100)
        let rows = (s["a11y"]?.array ?? []).filter { $0["traits"]?.array.compactMap(\.string) == ["button"] && $0["label"]?.string != "Playground" }
        XCTAssertEqual(rows.map { "\($0["label"]?.string ?? ""): \($0["value"]?.string ?? "")" }, ["Christmas: Day trip, December 2021 · 2 photos"])
        XCTAssertEqual(s["strip", "items"]?.array.compactMap { $0["photo"]?.string }, ["a.jpg"], "its cover is a photo, not cover.jpg")
        // Paged to, it is a placeholder that names the file and says why, to the screen reader too.
        let paged = try Replay.run("size 1280 800\nat 100 down 1 300 700\nat 150 up 1\nat 1200 key Right\nat 2400 key Right\nat 3600 state",
                                   arguments: ["--photos", root.path], environment: ["TZ": "UTC"])
        let big = try paged.state(at: 3600)["a11y"]?.array.first { $0["traits"]?.array.compactMap(\.string) == ["button", "image"] }
        XCTAssertEqual(big?["label"]?.string, "cover.jpg", paged.stderr)
        XCTAssertEqual(big?["value"]?.string, "Not a photo: its bytes are not JPG data, Photo 3 of 3")
        // A library of nothing but such files is refused as one with no photos.
        try FileManager.default.removeItem(atPath: root.path + "/Albums/2021-12-24 Christmas")
        let none = try Replay.run("size 1280 800\nat 100 state", arguments: ["--photos", root.path])
        XCTAssertEqual(none.status, ExitCode.badInput.rawValue)
        XCTAssertTrue(none.stderr.contains("has no photos to show"), none.stderr)
    }
}
