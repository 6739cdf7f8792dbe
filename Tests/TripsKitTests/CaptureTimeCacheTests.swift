import Foundation
import TestSupport
import XCTest
@testable import TripsKit

/// The capture-time cache: what it remembers, when an entry no longer
/// holds, and that a second reading opens no photo.
final class CaptureTimeCacheTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("trips-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testASecondReadingComesFromTheCacheUntilAFileChanges() throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:00:00", offset: "+02:00").write(to: dir.appendingPathComponent("a.jpg"))
        try jpeg.write(to: dir.appendingPathComponent("b.jpg")) // no EXIF: remembered as such
        let cachePath = dir.appendingPathComponent("cache/trips/capture-times.tsv").path
        let utc = TimeZone(identifier: "UTC")!

        var library = try PhotoLibrary.scan(dir.path)
        let first = CaptureTimeReading(photos: library.allPhotos, cache: CaptureTimeCache(path: cachePath), timeZone: utc)
        XCTAssertEqual(first.filesOpened, 2)
        XCTAssertEqual(first.times[dir.path + "/a.jpg"]?.instant, Double(19855 * 86400 + 6 * 3600))
        try first.cache.save(keeping: library.allPhotos)

        var cache = CaptureTimeCache(path: cachePath)
        cache.load()
        let second = CaptureTimeReading(photos: library.allPhotos, cache: cache, timeZone: utc)
        XCTAssertEqual(second.filesOpened, 0, "both from the cache, the one without EXIF too")
        XCTAssertEqual(second.fromCache, 2)
        XCTAssertEqual(second.times, first.times)

        // A rewritten file (other size and time) is read again.
        try ExifStamp.stamped(jpeg, dateTime: "2025:01:01 10:00:00").write(to: dir.appendingPathComponent("b.jpg"))
        library = try PhotoLibrary.scan(dir.path)
        let third = CaptureTimeReading(photos: library.allPhotos, cache: cache, timeZone: utc)
        XCTAssertEqual(third.filesOpened, 1)
        XCTAssertNotNil(third.times[dir.path + "/b.jpg"])
    }

    func testEachLibraryHasACacheOfItsOwn() {
        let env = ["XDG_CACHE_HOME": "/c", "HOME": "/h"]
        let kiosk = CaptureTimeCache.defaultPath(library: "/srv/Kiosk Photos/", environment: env)
        XCTAssertTrue(kiosk.hasPrefix("/c/trips/capture-times/Kiosk_Photos-"), kiosk)
        XCTAssertTrue(kiosk.hasSuffix(".tsv"))
        XCTAssertEqual(kiosk, CaptureTimeCache.defaultPath(library: "/srv/Kiosk Photos", environment: env), "a trailing / is the same folder")
        XCTAssertNotEqual(kiosk, CaptureTimeCache.defaultPath(library: "/home/ana/Kiosk Photos", environment: env), "same name elsewhere")
        XCTAssertTrue(CaptureTimeCache.defaultPath(library: "/p", environment: ["HOME": "/h"]).hasPrefix("/h/.cache/trips/capture-times/p-"))
        let relative = CaptureTimeCache.defaultPath(library: "photos", environment: env)
        XCTAssertEqual(relative, CaptureTimeCache.defaultPath(library: FileManager.default.currentDirectoryPath + "/photos", environment: env))
    }

    func testADamagedCacheIsAnEmptyOne() throws {
        let path = dir.appendingPathComponent("capture-times.tsv").path
        try Data("not a cache\n1\t2\n".utf8).write(to: URL(fileURLWithPath: path))
        var cache = CaptureTimeCache(path: path)
        cache.load()
        XCTAssertTrue(cache.entries.isEmpty)
        // Under the right header, each damaged line is skipped and the rest kept.
        try Data(("trips capture times 1\n" + "12\t1.5x\t-\t-\t/p/a.jpg\n" + "12\t1.5\t3e\t4\t/p/b.jpg\n" + "x\t1\t-\t-\t/p/c.jpg\n"
                  + "12\t1.5\t-\t-\n" + "\n" + "7\t1700000000.25\t-\t-\t/p/with\ttab.jpg\n"
                  + "-3\t1e-05\t1717580000.5\t1717587200\t/p/d.jpg").utf8).write(to: URL(fileURLWithPath: path))
        cache = CaptureTimeCache(path: path)
        cache.load()
        XCTAssertEqual(cache.entries, [
            "/p/with\ttab.jpg": .init(size: 7, modified: 1_700_000_000.25, time: nil),
            "/p/d.jpg": .init(size: -3, modified: 0.00001, time: CaptureTime(instant: 1_717_580_000.5, wall: 1_717_587_200)),
        ])
    }
}
