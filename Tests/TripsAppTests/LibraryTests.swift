import Foundation
import JSON
import TestSupport
import XCTest
@testable import TripsKit

/// `--photos DIR` on libraries made here: dated subfolders, photos whose
/// EXIF says when they were taken (with and without an offset), photos with
/// no EXIF (their modification time counts), and loose photos split into
/// trips at gaps of more than 48 hours. Through the real binary's snapshot.
final class LibraryTests: XCTestCase {
    private var library: CameraLibrary!
    var root: URL { library.root }

    override func setUpWithError() throws { library = try CameraLibrary(temporaryFolder("trips-library")) }

    /// A photo at `path` (inside the library) taken at `exif`, or with no
    /// EXIF and modified at `modified` (an ISO date in UTC).
    func photo(_ path: String, exif: String? = nil, offset: String? = nil, modified: String = "2020-01-01T00:00:00Z") throws {
        try library.photo(path, exif: exif, offset: offset, modified: modified)
    }

    func makeLibrary() throws {
        // Lisbon: four days by the wall clock (12th to 15th: 3 nights). The
        // photo taken at 09:30 in Tokyo time came before the one at 09:00 in
        // Lisbon; cover.jpg is the cover though it is third.
        try photo("2024-05-12 Lisbon/a.jpg", exif: "2024:05:12 10:00:00", offset: "+01:00")
        try photo("2024-05-12 Lisbon/b.jpg", exif: "2024:05:15 18:00:00", offset: "+01:00")
        try photo("2024-05-12 Lisbon/c.jpg", exif: "2024:05:13 09:00:00", offset: "+01:00")
        try photo("2024-05-12 Lisbon/d.jpg", exif: "2024:05:13 09:30:00", offset: "+09:00")
        try photo("2024-05-12 Lisbon/cover.jpg", exif: "2024:05:14 12:00:00", offset: "+01:00")
        // Porto: one day, no offset.
        try photo("2024-06_Porto/x.jpg", exif: "2024:06:01 20:00:00")
        try photo("2024-06_Porto/y.jpg", exif: "2024:06:01 09:00:00")
        // Rome: no EXIF at all; the files' modification times count.
        try photo("Rome/late.jpg", modified: "2023-03-05T12:00:00Z")
        try photo("Rome/early.jpg", modified: "2023-03-03T12:00:00Z")
        // A folder without photos is no trip.
        try library.folder.write(Data("x".utf8), to: "notes/readme.txt")
        // Loose photos: 36 h apart stays one trip, 60 h more starts another.
        try photo("IMG_0003.jpg", exif: "2024:07:05 10:00:00")
        try photo("IMG_0001.jpg", exif: "2024:07:01 10:00:00")
        try photo("IMG_0002.jpg", exif: "2024:07:02 22:00:00")
    }

    func run(_ script: String) throws -> Replay { try library.replay(script) }

    func testSubfoldersAndGapsMakeTripsWithCitiesNightsMonthsAndCovers() throws {
        try makeLibrary()
        let s = try run("at 100 state").state(at: 100)
        XCTAssertEqual(s["order"]?.array.compactMap(\.string),
                       ["2024-05-12 Lisbon", "2024-06_Porto", "Rome", "2024-07-01T10:00:00", "2024-07-05T10:00:00"])
        let rows = (s["a11y"]?.array ?? []).filter { $0["traits"]?.array.compactMap(\.string) == ["button"] && $0["label"]?.string != "Playground" }
        XCTAssertEqual(rows.compactMap { $0["label"]?.string }, ["Lisbon", "Porto", "Rome", "1–2 Jul 2024", "5 Jul 2024"])
        XCTAssertEqual(rows.compactMap { $0["value"]?.string }, [
            "3 nights, May 2024 · 5 photos",
            "Day trip, June 2024 · 2 photos",
            "2 nights, March 2023 · 2 photos",
            "1 night, July 2024 · 2 photos",
            "Day trip, July 2024 · 1 photo",
        ])
        XCTAssertEqual(s["strip", "items"]?.array.compactMap { $0["photo"]?.string },
                       ["cover.jpg", "y.jpg", "early.jpg", "IMG_0001.jpg", "IMG_0003.jpg"], "covers: cover.* else the first taken")
    }

    func testATripsPhotosAreInCaptureOrderAndItOpensOnItsCover() throws {
        try makeLibrary()
        // Down puts the focus on the first row, Return opens it; closed,
        // the focus is back on its strip photo: Down, Down is the next row.
        let r = try run("at 100 key Down\nat 200 key Return\nat 1000 state\nat 1100 key Escape\nat 1200 key Down\nat 1250 key Down\nat 1300 key Return\nat 2100 state")
        let lisbon = try r.state(at: 1000)
        XCTAssertEqual(lisbon["enlarged"]?.string, "2024-05-12 Lisbon")
        XCTAssertEqual(lisbon["photo", "photos"]?.array.compactMap(\.string), ["a.jpg", "d.jpg", "c.jpg", "cover.jpg", "b.jpg"],
                       "by the moment taken: 09:30 in Tokyo is before 09:00 in Lisbon")
        XCTAssertEqual(lisbon["photo", "index"]?.number, 3)
        XCTAssertEqual(lisbon["photo", "count"]?.number, 5)
        let big = lisbon["a11y"]?.array.first { $0["label"]?.string == "Photo of Lisbon" }
        XCTAssertEqual(big?["value"]?.string, "Photo 4 of 5")
        let porto = try r.state(at: 2100)
        XCTAssertEqual(porto["enlarged"]?.string, "2024-06_Porto")
        XCTAssertEqual(porto["photo", "photos"]?.array.compactMap(\.string), ["y.jpg", "x.jpg"])
        XCTAssertEqual(porto["photo", "index"]?.number, 0)
    }

    func testAFlatCameraFolderIsSplitAtGaps() throws {
        // No subfolders: three bursts, days apart, one photo without EXIF
        // placed by its file into the second, whose dates it does not
        // stretch: its other photo knows its own.
        try photo("DSC_1.jpg", exif: "2022:12:30 23:00:00")
        try photo("DSC_2.jpg", exif: "2023:01:01 08:00:00")
        try photo("DSC_3.jpg", modified: "2023-02-10T12:00:00Z")
        try photo("DSC_4.jpg", exif: "2023:02:11 09:00:00")
        try photo("DSC_5.jpg", exif: "2023:05:31 09:00:00")
        try photo("DSC_6.jpg", exif: "2023:06:01 19:00:00")
        let s = try run("at 100 state").state(at: 100)
        let rows = (s["a11y"]?.array ?? []).filter { $0["traits"]?.array.compactMap(\.string) == ["button"] && $0["label"]?.string != "Playground" }
        XCTAssertEqual(rows.compactMap { $0["label"]?.string }, ["30 Dec 2022 – 1 Jan 2023", "11 Feb 2023", "31 May – 1 Jun 2023"])
        XCTAssertEqual(rows.compactMap { $0["value"]?.string },
                       ["2 nights, December 2022 · 2 photos", "Day trip, February 2023 · 2 photos", "1 night, May 2023 · 2 photos"])
    }

    func testAFolderWithNoPhotosIsRefusedWithItsName() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let r = try Replay.run("size 1280 800\nat 100 state", arguments: ["--photos", root.path])
        XCTAssertEqual(r.status, ExitCode.badInput.rawValue)
        XCTAssertTrue(r.stderr.contains(root.path) && r.stderr.contains("has no photos"), r.stderr)
    }

    func testASavedOrderOutlivesARestartAndRenamedPhotos() throws {
        try makeLibrary()
        let state = root.path + "-state.json"
        defer { try? FileManager.default.removeItem(atPath: state) }
        // Right focuses the first trip's photo; Ctrl+Right moves it one on.
        let moved = try Replay.run("size 1280 800\nat 100 key Right\nat 200 key ctrl+Right\nat 300 state",
                                   arguments: ["--photos", root.path, "--state", state], environment: ["TZ": "UTC"])
        let order = try moved.state(at: 300)["order"]?.array.compactMap(\.string)
        XCTAssertEqual(order?.prefix(2), ["2024-06_Porto", "2024-05-12 Lisbon"])
        // Photos renamed inside a folder trip and inside a loose trip: the ids stay.
        try FileManager.default.moveItem(atPath: root.path + "/2024-05-12 Lisbon/a.jpg", toPath: root.path + "/2024-05-12 Lisbon/first.jpg")
        try FileManager.default.moveItem(atPath: root.path + "/IMG_0001.jpg", toPath: root.path + "/holiday-1.jpg")
        let again = try Replay.run("size 1280 800\nat 100 state", arguments: ["--photos", root.path, "--state", state], environment: ["TZ": "UTC"])
        XCTAssertEqual(try again.state(at: 100)["order"]?.array.compactMap(\.string), order)
    }
}
