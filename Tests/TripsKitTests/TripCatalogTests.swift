import Foundation
import TestSupport
import XCTest
@testable import TripsKit

final class TripCatalogTests: XCTestCase {
    /// The trips of a folder of photos, every capture time read now, no cache.
    private func folder(_ path: String) throws -> TripCatalog {
        let library = try PhotoLibrary.scan(path)
        let reading = CaptureTimeReading(photos: library.allPhotos, cache: .empty, timeZone: .current)
        return library.catalog(times: reading.times, timeZone: .current)
    }

    private func parse(_ text: String) throws -> TripCatalog {
        try TripCatalog.parse(text, file: "trips.json", folder: "/data")
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> CatalogError? {
        do { _ = try parse(text); XCTFail("expected an error", file: file, line: line); return nil } catch let e as CatalogError { return e } catch {
            XCTFail("unexpected \(error)", file: file, line: line); return nil
        }
    }

    func testReadsTripsWithPhotosRelativeToTheFile() throws {
        let catalog = try parse("""
        {"trips": [
          {"id": "lisbon", "city": "Lisbon", "nights": 4, "photo": "photos/dune.jpg"},
          {"id": "oslo", "city": "Oslo", "nights": 1, "photo": "oslo.png"}
        ]}
        """)
        XCTAssertEqual(catalog.trips.map(\.id), ["lisbon", "oslo"])
        XCTAssertEqual(catalog.trips[0].photoPath, "/data/photos/dune.jpg")
        XCTAssertEqual(catalog.trips[0].nightsText, "4 nights")
        XCTAssertEqual(catalog.trips[1].nightsText, "1 night")
    }

    func testBundledTripsFileIsValidAndItsPhotosExist() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/trips.json").standardized.path
        let catalog = try TripCatalog.load(file: assets)
        XCTAssertGreaterThanOrEqual(catalog.trips.count, 6)
        XCTAssertLessThanOrEqual(catalog.trips.count, 10)
        for trip in catalog.trips { XCTAssertTrue(FileManager.default.fileExists(atPath: trip.photoPath), trip.photoPath) }
    }

    func testSyntaxErrorNamesTheLine() {
        let e = error("{\"trips\": [\n {\"id\": \"a\", \"city\": \"A\", \"nights\": 1, \"photo\": \"a.jpg\"},\n {\"id\": \"b\" \"city\": \"B\"}\n]}")
        XCTAssertEqual(e?.line, 3)
        XCTAssertTrue(e?.description.hasPrefix("trips.json:3: not valid JSON") ?? false, e?.description ?? "")
    }

    func testWrongFieldTypeNamesTheFieldAndLine() {
        let e = error("{\"trips\": [\n {\"id\": \"a\", \"city\": \"A\",\n  \"nights\": \"four\", \"photo\": \"a.jpg\"}\n]}")
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.message, "trips[0].nights must be a whole number from 0 to 3650, found \"four\"")
    }

    func testMissingFieldIsNamed() {
        let e = error("{\"trips\": [{\"id\": \"a\", \"nights\": 2, \"photo\": \"a.jpg\"}]}")
        XCTAssertEqual(e?.message, "trips[0] is missing the field \"city\"")
    }

    func testDuplicateIdsAreRefused() {
        let e = error("{\"trips\": [\n{\"id\": \"a\", \"city\": \"A\", \"nights\": 1, \"photo\": \"a.jpg\"},\n{\"id\": \"a\", \"city\": \"B\", \"nights\": 1, \"photo\": \"b.jpg\"}]}")
        XCTAssertEqual(e?.line, 3)
        XCTAssertTrue(e?.message.contains("already used on line 2") ?? false)
    }

    func testPhotoPathsThatLeaveTheFolderAreRefused() {
        for bad in ["../../etc/shadow", "/etc/passwd", "photos/../../x.jpg", "~/x.jpg"] {
            let e = error("{\"trips\": [{\"id\": \"a\", \"city\": \"A\", \"nights\": 1, \"photo\": \"\(bad)\"}]}")
            XCTAssertTrue(e?.message.contains("must be a path inside the trips file's folder") ?? false, bad)
        }
    }

    func testEmptyAndNonObjectDocumentsAreRefused() {
        XCTAssertEqual(error("")?.line, 1)
        XCTAssertEqual(error("[]")?.message, "expected an object {\"trips\": [...]}, found a list")
        XCTAssertEqual(error("{}")?.message, "missing the field \"trips\" (a list of trips)")
        XCTAssertEqual(error("{\"trips\": []}")?.message, "\"trips\" is empty: list at least one trip")
    }

    func testMissingFileIsNamed() {
        XCTAssertThrowsError(try TripCatalog.load(file: "/nonexistent/trips.json")) { e in
            XCTAssertEqual("\(e)", "/nonexistent/trips.json: the trips file does not exist")
        }
    }

    /// Photos taken at one moment (here: written together, no EXIF) are one
    /// trip, in file-manager order; other files and hidden ones are not photos.
    func testFolderListsPhotosInNameOrderAsOneTripWhenTakenTogether() throws {
        let temporary = try TemporaryFolder("trips-folder"), dir = temporary.url
        defer { temporary.remove() }
        for name in ["b-side.PNG", "a_place.jpg", "photo10.jpg", "photo9.jpg", "notes.txt", ".hidden.jpg"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data([1]),
                                                         attributes: [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)]))
        }
        let catalog = try folder(dir.path)
        XCTAssertEqual(catalog.trips.count, 1)
        XCTAssertEqual(catalog.trips[0].photoPaths.map { ($0 as NSString).lastPathComponent }, ["a_place.jpg", "b-side.PNG", "photo9.jpg", "photo10.jpg"])
        XCTAssertEqual(catalog.trips[0].nightsText, "Day trip")
    }

    func testNaturalOrderComparesNumbersByValueAndIgnoresCase() {
        let names = ["IMG_10.jpg", "img_9.jpg", "IMG_0100.jpg", "b.jpg", "A.jpg", "IMG_9a.jpg", "IMG_09.jpg"]
        XCTAssertEqual(names.sorted(by: TripCatalog.naturalOrder), ["A.jpg", "b.jpg", "IMG_09.jpg", "img_9.jpg", "IMG_9a.jpg", "IMG_10.jpg", "IMG_0100.jpg"])
    }

    func testFolderWithoutPhotosIsAnError() throws {
        let temporary = try TemporaryFolder("trips-empty"), dir = temporary.url
        defer { temporary.remove() }
        XCTAssertThrowsError(try folder(dir.path))
    }

    func testATripFileListsSeveralPhotosAndPhotoStillNamesTheCover() throws {
        let catalog = try TripCatalog.parse("""
        {"trips": [
          {"id": "a", "city": "A", "nights": 2, "photos": ["1.jpg", "2.jpg", "3.jpg"]},
          {"id": "b", "city": "B", "nights": 0, "photos": ["1.jpg", "2.jpg"], "photo": "2.jpg"},
          {"id": "c", "city": "C", "nights": 1, "photo": "c.jpg"}
        ]}
        """, file: "t.json", folder: "/d")
        XCTAssertEqual(catalog.trips.map(\.photoPaths), [["/d/1.jpg", "/d/2.jpg", "/d/3.jpg"], ["/d/1.jpg", "/d/2.jpg"], ["/d/c.jpg"]])
        XCTAssertEqual(catalog.trips.map(\.photoPath), ["/d/1.jpg", "/d/2.jpg", "/d/c.jpg"])
        XCTAssertEqual(catalog.allPhotoPaths.count, 6)
        XCTAssertEqual(catalog.photoNumber(trip: 1, photo: catalog.trips[1].coverIndex), 4)
        XCTAssertEqual(catalog.trips[1].nightsText, "Day trip")
        XCTAssertThrowsError(try TripCatalog.parse(#"{"trips": [{"id": "a", "city": "A", "nights": 2, "photos": ["../x.jpg"]}]}"#,
                                                   file: "t.json", folder: "/d")) { e in
            XCTAssertEqual((e as? CatalogError)?.line, 1)
            XCTAssertTrue("\(e)".contains("trips[0].photos[0] \"../x.jpg\" must be a path inside"), "\(e)")
        }
        XCTAssertThrowsError(try TripCatalog.parse(#"{"trips": [{"id": "a", "city": "A", "nights": 2, "photos": []}]}"#,
                                                   file: "t.json", folder: "/d"))
    }

    func testCityFromAFolderNameLosesALeadingDate() {
        XCTAssertEqual(PhotoLibrary.cityName(fromFolderName: "2024-05-12 Lisbon"), "Lisbon")
        XCTAssertEqual(PhotoLibrary.cityName(fromFolderName: "2024-05_Porto"), "Porto")
        XCTAssertEqual(PhotoLibrary.cityName(fromFolderName: "2024 - New York"), "New York")
        XCTAssertEqual(PhotoLibrary.cityName(fromFolderName: "Rome 2024"), "Rome 2024")
        XCTAssertEqual(PhotoLibrary.cityName(fromFolderName: "2024-05-12"), "2024-05-12", "only a date: kept")
        XCTAssertEqual(PhotoLibrary.cityName(fromFolderName: "1984"), "1984")
    }

    func testWordingOfNightsMonthsAndRanges() {
        let may12 = CalendarDay(daysSince1970: 19855)
        XCTAssertEqual(may12.civil.year, 2024)
        XCTAssertEqual(may12.civil.month, 5)
        XCTAssertEqual(may12.civil.day, 12)
        let english = TripWording(strings: .english)
        XCTAssertEqual(english.nights(0), "Day trip")
        XCTAssertEqual(english.nights(1), "1 night")
        XCTAssertEqual(english.month(may12), "May 2024")
        XCTAssertEqual(TripWording.dateRange(may12, CalendarDay(daysSince1970: 19861)), "12–18 May 2024")
        XCTAssertEqual(TripWording.dateRange(CalendarDay(daysSince1970: 19873), CalendarDay(daysSince1970: 19876)), "30 May – 2 Jun 2024")
        XCTAssertEqual(english.page(2, of: 27), "3 / 27")
        XCTAssertEqual(english.pageForAccessibility(2, of: 27), "Photo 3 of 27")
        XCTAssertEqual(english.photoCount(1), "1 photo")
        XCTAssertEqual(english.rowDetail(month: may12, photos: 27), "May 2024 · 27 photos")
    }

    /// The words come from the catalogue: the month by the language's own
    /// name, a translation that puts the year first, French plurals.
    func testWordingFollowsTheLanguage() {
        let japanese = TripWording(strings: Strings(language: "ja", decimalSeparator: ".",
                                                    translate: { ["%s %s": "%2$s年%1$s", "Photo %s of %s": "%2$s枚中%1$s枚目の写真"][$0] ?? $0 },
                                                    translatePlural: { one, _, _ in one == "%d photo" ? "%d枚の写真" : one }))
        let may12 = CalendarDay(daysSince1970: 19855)
        XCTAssertEqual(japanese.month(may12), "2024年5月")
        XCTAssertEqual(japanese.pageForAccessibility(2, of: 27), "27枚中3枚目の写真")
        XCTAssertEqual(japanese.rowDetail(month: may12, photos: 3), "2024年5月 · 3枚の写真")
        let french = TripWording(strings: Strings(language: "fr", decimalSeparator: ",", translate: { ["Day trip": "Excursion d’un jour"][$0] ?? $0 },
                                                  translatePlural: { one, many, n in n > 1 ? many.replacingOccurrences(of: "nights", with: "nuits") : one.replacingOccurrences(of: "night", with: "nuit") }))
        XCTAssertEqual(french.nights(0), "Excursion d’un jour")
        XCTAssertEqual(french.nights(1), "1 nuit")
        XCTAssertEqual(french.nights(2), "2 nuits")
        XCTAssertEqual(french.month(may12), "mai 2024")
    }
}
