import Foundation
import Geography
import TestSupport
import XCTest
@testable import TripsKit

/// The capture-time cache: what it remembers, when an entry no longer
/// holds, and that a second reading opens no photo.
final class CaptureTimeCacheTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryFolder("trips-cache").url
    }

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
        XCTAssertEqual(first.aspects[dir.path + "/a.jpg"], 1600.0 / 1067, "the shape from the header, for the attract loop's pairs")
        XCTAssertEqual(second.aspects, first.aspects, "the shapes come from the cache too")

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
            "/p/with\ttab.jpg": .init(size: 7, modified: 1_700_000_000.25, time: nil, placeRead: false),
            "/p/d.jpg": .init(size: -3, modified: 0.00001, time: CaptureTime(instant: 1_717_580_000.5, wall: 1_717_587_200), placeRead: false),
        ])
        // Format 2 with places (its photos read again for problems): a place out of range or half written is a damaged line.
        try Data(("trips capture times 2\n" + "5\t1.5\t-\t-\t38.7\t-9.1\t/p/a.jpg\n" + "5\t1.5\t3\t4\t-\t-\t/p/b.jpg\n"
                  + "5\t1.5\t3\t4\t91\t0\t/p/c.jpg\n" + "5\t1.5\t3\t4\t10\t-\t/p/d.jpg\n" + "5\t1.5\t-\t-\t/p/old.jpg\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        cache = CaptureTimeCache(path: path)
        cache.load()
        XCTAssertEqual(cache.entries, [
            "/p/a.jpg": .init(size: 5, modified: 1.5, time: nil, location: GeoPoint(latitude: 38.7, longitude: -9.1), placeRead: false),
            "/p/b.jpg": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4), placeRead: false),
        ])
        // Format 3: why a file is no photo to show, or "-".
        try Data(("trips capture times 3\n" + "5\t1.5\t3\t4\t-\t-\tis not a photo (its bytes are not JPG data)\t/p/notes.jpg\n"
                  + "5\t1.5\t3\t4\t-\t-\t-\t/p/b.jpg\n" + "5\t1.5\t3\t4\t-\t-\t/p/short.jpg\n").utf8).write(to: URL(fileURLWithPath: path))
        cache = CaptureTimeCache(path: path)
        cache.load()
        XCTAssertEqual(cache.entries, [
            "/p/notes.jpg": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4), placeRead: false,
                                  problem: "is not a photo (its bytes are not JPG data)"),
            "/p/b.jpg": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4), placeRead: false),
        ], "format 3 knows no shapes: its photos are read once more")
        // Format 4: the upright width over height, or "-"; a shape that is no positive number is damage.
        try Data(("trips capture times 4\n" + "5\t1.5\t3\t4\t-\t-\t-\t0.75\t/p/tall.jpg\n" + "5\t1.5\t3\t4\t-\t-\t-\t-\t/p/b.jpg\n"
                  + "5\t1.5\t3\t4\t-\t-\t-\t-0.5\t/p/bad.jpg\n" + "5\t1.5\t3\t4\t-\t-\t-\t/p/short.jpg\n").utf8).write(to: URL(fileURLWithPath: path))
        cache = CaptureTimeCache(path: path)
        XCTAssertEqual(cache.load(), "\(path):4: a damaged line of the capture-time cache (and 1 more) was dropped; those photos' dates are read again")
        XCTAssertEqual(cache.entries, [
            "/p/tall.jpg": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4), placeRead: false, aspect: 0.75),
            "/p/b.jpg": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4), placeRead: false),
        ], "format 4 knows no motion: its photos are read once more")
        // Format 5: what moves (`PhotoMotion`), or "-"; a motion that is no such text is damage.
        try Data(("trips capture times 5\n" + "5\t1.5\t3\t4\t-\t-\t-\t1.5\tclip 7.0\t/p/c.mp4\n" + "5\t1.5\t3\t4\t-\t-\t-\t-\t-\t/p/b.jpg\n"
                  + "5\t1.5\t3\t4\t-\t-\t-\t-\tclip seven\t/p/bad.mp4\n").utf8).write(to: URL(fileURLWithPath: path))
        cache = CaptureTimeCache(path: path)
        XCTAssertEqual(cache.load(), "\(path):4: a damaged line of the capture-time cache was dropped; those photos' dates are read again")
        XCTAssertEqual(cache.entries, [
            "/p/c.mp4": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4), aspect: 1.5, motion: .clip(seconds: 7)),
            "/p/b.jpg": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4)),
        ])
    }

    /// Times no photo can have (1e30 overflowed the calendar and crashed
    /// every start), NaN, and lines of the wrong shape are dropped, each
    /// file's damage said in one line naming the first bad line.
    func testImpossibleTimesAreDroppedAndSaidOnce() throws {
        let path = dir.appendingPathComponent("capture-times.tsv").path
        try Data(("trips capture times 5\n" + "5\t1.5\t1e30\t1e30\t-\t-\t-\t-\t-\t/p/far.jpg\n" + "5\t1.5\tnan\t4\t-\t-\t-\t-\t-\t/p/nan.jpg\n"
                  + "5\t1.5\t-9e9\t-9e9\t-\t-\t-\t-\t-\t/p/before-1900.jpg\n" + "5\t1.5\t3\t4\t-\t-\t-\t-\t-\t/p/good.jpg\n"
                  + "5\t1.5\t3\t/p/short.jpg\n" + "5\t1.5\tinf\t4\t-\t-\t-\t-\t-\t/p/inf.jpg\n").utf8).write(to: URL(fileURLWithPath: path))
        var cache = CaptureTimeCache(path: path)
        XCTAssertEqual(cache.load(), "\(path):2: a damaged line of the capture-time cache (and 4 more) was dropped; those photos' dates are read again")
        XCTAssertEqual(cache.entries, ["/p/good.jpg": .init(size: 5, modified: 1.5, time: CaptureTime(instant: 3, wall: 4))])
        var whole = CaptureTimeCache(path: path)
        try Data("trips capture times 5\n5\t1.5\t3\t4\t-\t-\t-\t-\t-\t/p/good.jpg\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(whole.load(), "a sound cache says nothing")
    }

    /// A FIFO is not waited on and a huge file is not read: each is one line.
    func testACacheThatIsNoFileOrTooLargeIsRefused() throws {
        let fifo = dir.appendingPathComponent("fifo.tsv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        var cache = CaptureTimeCache(path: fifo)
        XCTAssertEqual(cache.load(), "\(fifo): the capture-time cache was not read: it is a FIFO, not a regular file; the photos' dates are read again")
        let huge = dir.appendingPathComponent("huge.tsv").path
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: Data("trips capture times 3\n".utf8)))
        XCTAssertEqual(truncate(huge, off_t(CaptureTimeCache.sizeLimit + 1)), 0)
        cache = CaptureTimeCache(path: huge)
        XCTAssertEqual(cache.load()?.contains("more than the 64 MiB allowed"), true)
        XCTAssertTrue(cache.entries.isEmpty)
    }

    /// A cache of format 1 (before places) still gives the first frame its
    /// times; its photos are read once more for their places, and the cache
    /// saved in format 2 answers for both.
    func testACacheWithoutPlacesIsReadAndItsPhotosReadOnceMore() throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/photos/storm.jpg").standardized)
        try ExifStamp.stamped(jpeg, dateTime: "2024:05:12 08:00:00", offset: "+00:00", gps: ExifStamp.GPS(latitude: 38.7107, longitude: -9.1368))
            .write(to: dir.appendingPathComponent("a.jpg"))
        let library = try PhotoLibrary.scan(dir.path)
        let photo = try XCTUnwrap(library.allPhotos.first)
        let path = dir.appendingPathComponent("capture-times.tsv").path
        try Data("trips capture times 1\n\(photo.size)\t\(photo.modified)\t100\t200\t\(photo.path)\n".utf8).write(to: URL(fileURLWithPath: path))
        var old = CaptureTimeCache(path: path)
        old.load()
        let utc = TimeZone(identifier: "UTC")!
        let firstFrame = CaptureTimeReading(photos: library.allPhotos, cache: old, timeZone: utc, openFiles: false)
        XCTAssertEqual(firstFrame.times[photo.path], CaptureTime(instant: 100, wall: 200), "the old cache's time, no file opened")
        XCTAssertEqual(firstFrame.unread, [photo], "and the photo still to be read for its place")
        let settled = CaptureTimeReading(photos: library.allPhotos, cache: old, timeZone: utc)
        XCTAssertEqual(settled.filesOpened, 1)
        XCTAssertEqual(settled.locations[photo.path]?.latitude ?? 0, 38.7107, accuracy: 1e-4)
        try settled.cache.save(keeping: library.allPhotos)
        var saved = CaptureTimeCache(path: path)
        saved.load()
        let again = CaptureTimeReading(photos: library.allPhotos, cache: saved, timeZone: utc)
        XCTAssertEqual(again.filesOpened, 0)
        XCTAssertEqual(again.locations, settled.locations)
        XCTAssertEqual(again.times, settled.times)
    }

    /// The cache keeps a reason in English; it is read back as the same
    /// reason, so the placeholder can say it in the visitor's language.
    func testAnUnshownReasonIsReadBackFromItsWords() {
        for reason in [UnshownReason.empty, .notItsFormat(ending: "JPG"), .other("is odd")] {
            XCTAssertEqual(UnshownReason(describing: reason.description), reason)
        }
        let french = Strings(language: "fr", decimalSeparator: ",", translate: { $0 == Message.notAPhoto.id ? "Pas une photo : pas des données %s" : $0 },
                             translatePlural: { one, _, _ in one })
        XCTAssertEqual(UnshownReason.notItsFormat(ending: "PNG").text(in: french), "Pas une photo : pas des données PNG")
    }
}
