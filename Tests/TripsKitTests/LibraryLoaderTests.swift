import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// The first catalog of a library never waits for capture dates: it is made
/// from what the cache knows and the files' modification times, and the
/// dates read in the background come after, as a settled catalog.
final class LibraryLoaderTests: XCTestCase {
    func testTheFirstCatalogUsesModificationTimesAndTheSettledOneTheExifDates() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trips-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Oslo"), withIntermediateDirectories: true)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        // Taken four days apart, but both files were modified on one day.
        for (name, taken) in [("a.jpg", "2024:05:12 10:00:00"), ("b.jpg", "2024:05:16 10:00:00")] {
            let path = dir.appendingPathComponent("Oslo/" + name).path
            try ExifStamp.stamped(jpeg, dateTime: taken, offset: "+00:00").write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: path)
        }
        let cache = dir.appendingPathComponent("cache/capture-times.tsv").path
        let utc = TimeZone(identifier: "UTC")!
        let loader = LibraryLoader(folder: dir.path, cachePath: cache, timeZone: utc, verbose: false, elapsed: { 0 }, log: { _ in })
        let first = try loader.start(wait: false)
        XCTAssertEqual(first.trips.map(\.nightsText), ["Day trip"], "no date read for the first catalog: the files' day")
        var settled: TripCatalog?
        for _ in 0..<500 where settled == nil {
            settled = loader.takeSettled()
            usleep(10_000)
        }
        XCTAssertEqual(settled?.trips.map(\.nightsText), ["4 nights"], "the dates from EXIF, read in the background")
        XCTAssertNil(loader.takeSettled(), "handed over once")

        // The next start knows them all from the cache: its first catalog is the settled one.
        let again = LibraryLoader(folder: dir.path, cachePath: cache, timeZone: utc, verbose: false, elapsed: { 0 }, log: { _ in })
        XCTAssertEqual(try again.start(wait: false).trips.map(\.nightsText), ["4 nights"])
    }
}
