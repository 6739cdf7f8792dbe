import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// The first catalog of a library never waits for capture dates: it is made
/// from what the cache knows and the files' modification times, and the
/// dates read in the background come after, as a settled catalog.
final class LibraryLoaderTests: XCTestCase {
    func testTheFirstCatalogUsesModificationTimesAndTheSettledOneTheExifDates() throws {
        let folder = try temporaryFolder("trips-loader"), dir = folder.url
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
        XCTAssertNil(settledCatalog(of: again, within: 0.5), "nothing changed: nothing handed over")

        // A photo replaced while the app was closed: the first catalog takes
        // the cache's word for it; the look that follows finds the change.
        let b = dir.appendingPathComponent("Oslo/b.jpg").path
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:20 10:00:00", offset: "+00:00").write(to: URL(fileURLWithPath: b))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_060)], ofItemAtPath: b)
        let third = LibraryLoader(folder: dir.path, cachePath: cache, timeZone: utc, verbose: false, elapsed: { 0 }, log: { _ in })
        XCTAssertEqual(try third.start(wait: false).trips.map(\.nightsText), ["4 nights"], "trusted: the photo is not looked at")
        XCTAssertEqual(settledCatalog(of: third, within: 5)?.trips.map(\.nightsText), ["8 nights"], "then looked at and read again")
    }

    func testTheCacheRemembersTheLibraryAsItWasListed() throws {
        let folder = try temporaryFolder("trips-loader"), dir = folder.url
        for folder in ["2024-05 Oslo", "2024-06 Rome", "."] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
            for name in ["IMG_10.jpg", "IMG_9.jpg", "cover.png"] {
                try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: dir.appendingPathComponent(folder + "/" + name))
            }
        }
        let cachePath = dir.appendingPathComponent("capture-times.tsv").path
        let utc = TimeZone(identifier: "UTC")!
        let listed = try PhotoLibrary.scan(dir.path)
        try CaptureTimeReading(photos: listed.allPhotos, cache: CaptureTimeCache(path: cachePath), timeZone: utc).cache.save(keeping: listed.allPhotos)
        var cache = CaptureTimeCache(path: cachePath)
        cache.load()
        XCTAssertEqual(PhotoLibrary.remembered(dir.path + "/", from: cache), listed, "folders, loose photos, order, sizes and times")
        XCTAssertNil(PhotoLibrary.remembered(dir.path, from: CaptureTimeCache(path: dir.appendingPathComponent("none.tsv").path)))
    }

    func testAPhotoAddedOrRemovedWhileClosedIsFoundByTheLookThatFollows() throws {
        let folder = try temporaryFolder("trips-loader"), dir = folder.url
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        for name in ["a.jpg", "b.jpg"] { try jpeg.write(to: dir.appendingPathComponent(name)) }
        let cache = dir.appendingPathComponent("cache/capture-times.tsv").path
        let utc = TimeZone(identifier: "UTC")!
        func loader() -> LibraryLoader {
            LibraryLoader(folder: dir.path, cachePath: cache, timeZone: utc, verbose: false, elapsed: { 0 }, log: { _ in })
        }
        _ = try loader().start(wait: true) // reads and saves the cache
        try FileManager.default.removeItem(at: dir.appendingPathComponent("a.jpg"))
        try jpeg.write(to: dir.appendingPathComponent("c.jpg"))
        let next = loader()
        let names = { (catalog: TripCatalog) in catalog.allPhotoPaths.map { ($0 as NSString).lastPathComponent }.sorted() }
        XCTAssertEqual(names(try next.start(wait: false)), ["a.jpg", "b.jpg"], "the first frame shows what the cache remembers")
        XCTAssertEqual(settledCatalog(of: next, within: 5).map(names), ["b.jpg", "c.jpg"], "the folder as it is now, right after")
    }

    func testAReplayLooksAtEveryPhotoBeforeItsFirstCatalog() throws {
        let folder = try temporaryFolder("trips-loader"), dir = folder.url
        let photo = dir.appendingPathComponent("a.jpg").path
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        try jpeg.write(to: URL(fileURLWithPath: photo))
        let cache = dir.appendingPathComponent("capture-times.tsv").path
        let utc = TimeZone(identifier: "UTC")!
        _ = try LibraryLoader(folder: dir.path, cachePath: cache, timeZone: utc, verbose: false, elapsed: { 0 }, log: { _ in }).start(wait: true)
        // Four days later, and larger: the cache's entry no longer matches.
        try (jpeg + [0]).write(to: URL(fileURLWithPath: photo))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_345_600)], ofItemAtPath: photo)
        let replay = try LibraryLoader(folder: dir.path, cachePath: cache, timeZone: utc, verbose: false, elapsed: { 0 }, log: { _ in }).start(wait: true)
        XCTAssertEqual(replay.trips.first?.firstDay, CaptureTime(modified: 1_700_345_600, timeZone: utc).day)
    }

    /// The gazetteer is read only for a library that has a photo with a
    /// place: asked before the dates are read, `whenPlaced` waits for the
    /// first catalog with one, and never runs for a library without GPS.
    func testPlacesAreWantedOnlyOnceAPhotoHasAPlace() throws {
        let folder = try temporaryFolder("trips-loader"), dir = folder.url
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:12 10:00:00", offset: "+00:00").write(to: dir.appendingPathComponent("a.jpg"))
        final class Count: @unchecked Sendable { var runs = 0 }
        let count = Count()
        let loader = LibraryLoader(folder: dir.path, cachePath: dir.appendingPathComponent("cache.tsv").path, verbose: false,
                                   elapsed: { 0 }, log: { _ in })
        _ = try loader.start(wait: true)
        loader.whenPlaced { count.runs += 1 }
        XCTAssertEqual(count.runs, 0, "no photo has a place: nothing to name")
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:13 10:00:00", offset: "+00:00", gps: ExifStamp.GPS(latitude: 38.72, longitude: -9.14))
            .write(to: dir.appendingPathComponent("b.jpg"))
        _ = try loader.reload()
        XCTAssertEqual(count.runs, 1, "the first catalog with a place asks for the names")
        _ = try loader.reload()
        XCTAssertEqual(count.runs, 1, "once")
        loader.whenPlaced { count.runs += 10 }
        XCTAssertEqual(count.runs, 11, "asked when a photo already has a place: at once")
    }

    /// The settled catalog `loader` hands over within `seconds`, or nil.
    private func settledCatalog(of loader: LibraryLoader, within seconds: Double) -> TripCatalog? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let settled = loader.takeSettled() { return settled }
            usleep(10_000)
        }
        return nil
    }
}
