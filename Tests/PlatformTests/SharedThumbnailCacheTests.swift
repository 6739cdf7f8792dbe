import Foundation
import Decoding
@testable import PhotoLoading
@testable import PhotoFile
import TestSupport
import XCTest

/// The shared thumbnail cache through the real path: a PhotoLoader with
/// its workers, a cache folder, a photo. What the cache holds for it is
/// damaged every way a file on a shared disk can be (cut short, another
/// file's keys, stale keys, a header claiming a huge picture, bad CRCs,
/// random bytes): the strip thumbnail is still the photo's, the app never
/// fails it, and the damaged entry is replaced by a valid one.
final class SharedThumbnailCacheTests: XCTestCase {
    private var folder = ""
    override func setUpWithError() throws { folder = try temporaryFolder("trips-shared-thumbnails").path }

    /// 256 x 64 pixels: the `large` size covers it.
    private let target = (width: 256, height: 64)

    private func thumbnail(_ loader: PhotoLoader, _ path: String) -> Result<DecoderProcess.Decoded, DecodeFailure>? {
        loader.request(PhotoLoader.Job(photo: 0, use: .thumbnail), path: path, target: target)
        loader.waitUntilIdle()
        return loader.takeFinished().first?.result
    }

    func testADamagedCachedThumbnailNeverCostsThePhotoAndIsReplaced() throws {
        let photo = try DecodeFixtures.convert(["-size", "400x300", "xc:red"], output: "red.jpg", in: folder)
        let cache = SharedThumbnailCache(root: folder + "/thumbnails", version: "test", log: { _ in })
        let loader = PhotoLoader(workers: 1, executable: DecodeFixtures.trips, sharedThumbnails: cache)
        defer { loader.stop() }

        // A miss: decoded from the photo, written as `large` with the keys.
        guard case .success(let first)? = thumbnail(loader, photo) else { return XCTFail("the photo's thumbnail") }
        XCTAssertEqual(DecodeFixtures.colour(first.pixels, at: .topLeft), "red")
        XCTAssertEqual([first.fullWidth, first.fullHeight], [400, 300])
        cache.waitUntilWritten()
        let uri = try XCTUnwrap(FileURI.of(absolutePath: photo))
        let entry = folder + "/thumbnails/large/" + MD5.hex(Array(uri.utf8)) + ".png"
        let valid = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
        guard case .success(let header) = SharedThumbnailCache.keys(at: entry) else { return XCTFail("no keys in \(entry)") }
        XCTAssertEqual([header.width, header.height], [256, 192], "the large size's fit of 400 x 300")
        XCTAssertEqual(header.keys["Thumb::URI"], uri)
        XCTAssertEqual(header.keys["Thumb::Image::Width"], "400")
        XCTAssertEqual(cache.summary.written, 1)

        // Found: decoded from the cache, the photo's own size from its keys.
        guard case .success(let found)? = thumbnail(loader, photo) else { return XCTFail("the cached thumbnail") }
        XCTAssertEqual(cache.summary.found, 1)
        XCTAssertEqual([found.fullWidth, found.fullHeight], [400, 300])

        // (Cut by its last byte only, IEND's CRC, every pixel is there: libpng takes it, and so may Trips.)
        var damaged: [(String, [UInt8])] = [1, 7, 8, 20, 33, 100, valid.count / 2, valid.count - 12, valid.count - 13].map {
            ("cut at \($0) bytes", Array(valid.prefix($0)))
        }
        let ihdr = Array(valid[12..<29])
        var huge = ihdr
        huge.replaceSubrange(4..<12, with: PNGChunks.be32(60000) + PNGChunks.be32(60000))
        damaged.append(("a header claiming 60000 x 60000", Array(valid[0..<8]) + PNGChunks.chunk("IHDR", Array(huge[4...])) + Array(valid[33...])))
        // The same pixels with one key wrong, or none.
        let source = SharedThumbnail.Source(uri: uri, modified: try modified(photo), bytes: try size(photo))
        let keys = SharedThumbnail.keys(for: source, image: (400, 300), software: "test")
        func withKeys(_ keys: [(key: String, value: String)]) throws -> [UInt8] {
            try XCTUnwrap(PNGChunks.inserting(keys.map { PNGChunks.text($0.key, $0.value) }, into: Array(valid[0..<33]) + idatAndEnd(valid)))
        }
        XCTAssertNotNil(SharedThumbnail.problem(keys: [:], for: source))
        for (key, value) in [("Thumb::URI", "file:///elsewhere.jpg"), ("Thumb::MTime", "12"), ("Thumb::Size", "1")] {
            damaged.append(("\(key) \(value)", try withKeys(keys.map { $0.key == key ? (key, value) : $0 })))
        }
        damaged.append(("no keys", try withKeys([])))
        damaged.append(("no Thumb::MTime", try withKeys(keys.filter { $0.key != "Thumb::MTime" })))
        var badIDAT = valid
        badIDAT[badIDAT.count - 20] ^= 0xFF // in the last IDAT's data
        damaged.append(("a bad CRC in IDAT", badIDAT))
        var badText = valid
        badText[40] ^= 0x01 // in the first tEXt chunk
        damaged.append(("a bad CRC in tEXt", badText))
        var rng = SplitMix64(seed: 24)
        for i in 0..<12 { damaged.append(("random damage \(i)", PhotoMutator.mutate(valid, using: &rng))) }

        for (what, bytes) in damaged {
            try Data(bytes).write(to: URL(fileURLWithPath: entry))
            let foundBefore = cache.summary.found
            guard case .success(let decoded)? = thumbnail(loader, photo) else { XCTFail("\(what): the photo failed"); continue }
            if !what.hasPrefix("random") { XCTAssertEqual(cache.summary.found, foundBefore, "\(what): taken for a thumbnail") }
            XCTAssertEqual(DecodeFixtures.colour(decoded.pixels, at: .topLeft), "red", what)
            cache.waitUntilWritten()
            guard case .success(let now) = SharedThumbnailCache.keys(at: entry) else { XCTFail("\(what): not replaced"); continue }
            XCTAssertNil(SharedThumbnail.problem(keys: now.keys, for: source), "\(what): the entry is valid again")
        }
    }

    func testAPhotoThatFailsGetsAFailureEntryAndIsNotTriedAgain() throws {
        let photo = folder + "/broken.jpg"
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: photo))
        let cache = SharedThumbnailCache(root: folder + "/thumbnails", version: "9.9", log: { _ in })
        let loader = PhotoLoader(workers: 1, executable: DecodeFixtures.trips, sharedThumbnails: cache)
        defer { loader.stop() }
        guard case .failure(let first)? = thumbnail(loader, photo) else { return XCTFail("a broken photo decoded") }
        XCTAssertFalse(first.description.contains("failed before"))
        cache.waitUntilWritten()
        let uri = try XCTUnwrap(FileURI.of(absolutePath: photo))
        let entry = folder + "/thumbnails/fail/trips-9.9/" + MD5.hex(Array(uri.utf8)) + ".png"
        XCTAssertTrue(FileManager.default.fileExists(atPath: entry))
        guard case .failure(let again)? = thumbnail(loader, photo) else { return XCTFail("decoded the second time") }
        XCTAssertTrue(again.description.contains("failed before"), again.description)
        // Changed (a good photo copied over it): tried again.
        _ = try DecodeFixtures.convert(["-size", "40x30", "xc:blue"], output: "broken.jpg", in: folder)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: photo)
        guard case .success? = thumbnail(loader, photo) else { return XCTFail("the mended photo was not tried again") }
    }

    /// ImageMagick writes a PNG's text keys after its pixels; gdk-pixbuf
    /// reads them there, and so does Trips: such a thumbnail is used, not rewritten.
    func testAThumbnailWithItsKeysAfterThePixelsIsUsed() throws {
        let photo = try DecodeFixtures.convert(["-size", "400x300", "xc:red"], output: "red.jpg", in: folder)
        let uri = try XCTUnwrap(FileURI.of(absolutePath: photo))
        try FileManager.default.createDirectory(atPath: folder + "/thumbnails/large", withIntermediateDirectories: true)
        let name = "thumbnails/large/" + MD5.hex(Array(uri.utf8)) + ".png"
        let entry = try DecodeFixtures.convert(["-size", "256x192", "xc:blue", "-set", "Thumb::URI", uri,
                                                "-set", "Thumb::MTime", String(try modified(photo))], output: name, in: folder)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
        let firstText = try XCTUnwrap(bytes.firstRange(of: Array("tEXt".utf8))?.lowerBound)
        XCTAssertGreaterThan(firstText, try XCTUnwrap(bytes.firstRange(of: Array("IDAT".utf8))?.lowerBound),
                             "this ImageMagick writes its keys after the pixels")
        let before = try modified(entry)

        let cache = SharedThumbnailCache(root: folder + "/thumbnails", version: "test", log: { _ in })
        let loader = PhotoLoader(workers: 1, executable: DecodeFixtures.trips, sharedThumbnails: cache)
        defer { loader.stop() }
        guard case .success(let decoded)? = thumbnail(loader, photo) else { return XCTFail("the photo's thumbnail") }
        cache.waitUntilWritten()
        XCTAssertEqual(DecodeFixtures.colour(decoded.pixels, at: .topLeft), "blue", "drawn from the cache's (blue), not the photo (red)")
        XCTAssertEqual(cache.summary.found, 1, "the thumbnail was judged by its keys after the pixels")
        XCTAssertEqual(cache.summary.stale + cache.summary.written, 0, "and neither called stale nor rewritten")
        XCTAssertEqual(try modified(entry), before)
        XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry))), bytes)
    }

    private func idatAndEnd(_ png: [UInt8]) -> [UInt8] {
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(PNGChunks.u32(png, offset))
            if String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self) == "IDAT" { return Array(png[offset...]) }
            offset += 12 + length
        }
        return []
    }

    private func modified(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
        return Int(info.st_mtim.tv_sec)
    }

    private func size(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
        return Int(info.st_size)
    }
}
