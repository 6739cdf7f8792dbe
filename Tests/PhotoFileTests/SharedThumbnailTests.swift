import XCTest
@testable import PhotoFile

final class SharedThumbnailTests: XCTestCase {
    func testMD5MatchesTheRFCVectors() {
        XCTAssertEqual(MD5.hex([]), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(MD5.hex(Array("abc".utf8)), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(MD5.hex(Array("message digest".utf8)), "f96b697d7cb7938d525a2f31aaf161d0")
        XCTAssertEqual(MD5.hex(Array("abcdefghijklmnopqrstuvwxyz".utf8)), "c3fcd3d76192e4007dfb496cca67e13b")
        XCTAssertEqual(MD5.hex(Array("12345678901234567890123456789012345678901234567890123456789012345678901234567890".utf8)),
                       "57edf4a22be3c955ac49da2e2107b67a", "80 bytes: two blocks")
        XCTAssertEqual(MD5.hex(Array(repeating: UInt8(ascii: "a"), count: 56)), "3b0c8ac703f828b04c6c197006d17218",
                       "56 bytes: the length needs a block of its own")
    }

    func testTheURIIsEscapedAsGLibEscapesIt() {
        XCTAssertEqual(FileURI.of(absolutePath: "/home/ana/Photos/IMG_0001.HEIC"), "file:///home/ana/Photos/IMG_0001.HEIC")
        XCTAssertEqual(FileURI.of(absolutePath: "/p/a b#c%d?e.jpg"), "file:///p/a%20b%23c%25d%3Fe.jpg")
        XCTAssertEqual(FileURI.of(absolutePath: "/p/!$&'()*+,-.:=@_~.jpg"), "file:///p/!$&'()*+,-.:=@_~.jpg", "GLib's unsafe-path set keeps these")
        XCTAssertEqual(FileURI.of(absolutePath: "/p/\"<>[]^`{|};\\.jpg"), "file:///p/%22%3C%3E%5B%5D%5E%60%7B%7C%7D%3B%5C.jpg")
        XCTAssertEqual(FileURI.of(absolutePath: "/p/café.jpg"), "file:///p/caf%C3%A9.jpg", "each UTF-8 byte, upper-case hex")
        XCTAssertNil(FileURI.of(absolutePath: "photos/a.jpg"))
        // The name GNOME gives the thumbnail of file:///home/jens/photos/me.png (the spec's own example).
        XCTAssertEqual(SharedThumbnail.Source(uri: "file:///home/jens/photos/me.png", modified: 0, bytes: 0).fileName,
                       "c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    func testTheSizeIsTheSmallestThatCoversTheStripPhoto() {
        XCTAssertEqual(SharedThumbnail.Size.covering((720, 180)), .xxLarge)
        XCTAssertEqual(SharedThumbnail.Size.covering((400, 100)), .xLarge)
        XCTAssertEqual(SharedThumbnail.Size.covering((256, 64)), .large)
        XCTAssertNil(SharedThumbnail.Size.covering((1420, 360)), "HiDPI: no cache size covers it")
        XCTAssert(SharedThumbnail.Size.xxLarge.fit((4000, 3000)) == (1024, 768))
        XCTAssert(SharedThumbnail.Size.xxLarge.fit((3000, 4000)) == (768, 1024))
        XCTAssert(SharedThumbnail.Size.xxLarge.fit((800, 600)) == (800, 600), "never larger than the photo")
    }

    func testOnlyKeysThatDescribeTheFileAsItIsNowAreValid() {
        let source = SharedThumbnail.Source(uri: "file:///p/a.jpg", modified: 1_700_000_000, bytes: 3000)
        let good = ["Thumb::URI": "file:///p/a.jpg", "Thumb::MTime": "1700000000"]
        XCTAssertNil(SharedThumbnail.problem(keys: good, for: source))
        XCTAssertNil(SharedThumbnail.problem(keys: good.merging(["Thumb::Size": "3000"]) { $1 }, for: source))
        XCTAssertNotNil(SharedThumbnail.problem(keys: good.merging(["Thumb::Size": "2999"]) { $1 }, for: source))
        XCTAssertNotNil(SharedThumbnail.problem(keys: good.merging(["Thumb::MTime": "1700000001"]) { $1 }, for: source))
        XCTAssertNotNil(SharedThumbnail.problem(keys: good.merging(["Thumb::URI": "file:///p/b.jpg"]) { $1 }, for: source))
        XCTAssertNotNil(SharedThumbnail.problem(keys: ["Thumb::URI": "file:///p/a.jpg"], for: source), "MTime is required")
        XCTAssertNotNil(SharedThumbnail.problem(keys: ["Thumb::MTime": "1700000000"], for: source), "URI is required")
    }

    func testWrittenKeysAreReadBackAndACorruptChunkIsRefused() {
        let source = SharedThumbnail.Source(uri: "file:///p/a b.jpg", modified: 42, bytes: 7)
        let keys = SharedThumbnail.keys(for: source, image: (4000, 3000), software: "Trips 0.1.0").map { PNGChunks.text($0.key, $0.value) }
        let png = PNGChunks.onePixel(with: keys)
        let read = PNGChunks.textKeys { offset, count in Array(png.dropFirst(offset).prefix(count)) }
        guard case .success(let header) = read else { return XCTFail("\(read)") }
        XCTAssertEqual([header.width, header.height], [1, 1])
        XCTAssertNil(SharedThumbnail.problem(keys: header.keys, for: source))
        XCTAssert(SharedThumbnail.imageSize(keys: header.keys).map { $0 == (4000, 3000) } ?? false)
        XCTAssertEqual(header.keys["Software"], "Trips 0.1.0")
        var broken = png
        broken[60] ^= 0x01 // inside the first tEXt chunk
        XCTAssertEqual(PNGChunks.textKeys { Array(broken.dropFirst($0).prefix($1)) }.failure, .badCRC("tEXt"))
        XCTAssertEqual(PNGChunks.textKeys { Array(png.prefix(50).dropFirst($0).prefix($1)) }.failure, .truncated)
        XCTAssertEqual(PNGChunks.textKeys { Array([0, 1, 2].dropFirst($0).prefix($1)) }.failure, .notPNG)
        XCTAssertEqual(PNGChunks.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(CRC32.of(Array("IEND".utf8)), 0xAE42_6082, "the CRC every PNG ends with")
    }

    func testKeysAfterThePixelsAreReadAsGdkPixbufReadsThem() {
        let header = PNGChunks.chunk("IHDR", PNGChunks.be32(3) + PNGChunks.be32(2) + [8, 6, 0, 0, 0])
        let pixels = (0..<3).map { PNGChunks.chunk("IDAT", Array(repeating: UInt8($0), count: 100)) }.flatMap { $0 }
        let after = PNGChunks.text("Thumb::URI", "file:///p/a.jpg") + PNGChunks.text("Thumb::MTime", "42")
            + PNGChunks.text("Thumb::URI", "file:///p/second.jpg")
        let png = PNGChunks.signature + header + pixels + after + PNGChunks.chunk("IEND", [])
        var reads = 0
        let read = PNGChunks.textKeys(enough: SharedThumbnail.requiredKeys) { offset, count in
            reads += 1
            return Array(png.dropFirst(offset).prefix(count))
        }
        guard case .success(let found) = read else { return XCTFail("\(read)") }
        XCTAssertEqual([found.width, found.height], [3, 2])
        XCTAssertEqual(found.keys, ["Thumb::URI": "file:///p/a.jpg", "Thumb::MTime": "42"], "the first of a key twice is kept")
        XCTAssertLessThan(reads, 20, "the pixels are stepped over, not read")
        XCTAssertEqual(PNGChunks.textKeys { Array(png.dropLast(12).dropFirst($0).prefix($1)) }.failure, .truncated, "no IEND")

        // Keys before the pixels that hold all the required ones end the walk
        // there: the pixels may be cut short and are never looked at.
        let first = PNGChunks.signature + header + PNGChunks.text("Thumb::MTime", "42") + PNGChunks.text("Thumb::URI", "file:///p/a.jpg")
            + Array(pixels.prefix(50))
        guard case .success(let early) = PNGChunks.textKeys(enough: SharedThumbnail.requiredKeys, read: { Array(first.dropFirst($0).prefix($1)) })
        else { return XCTFail("keys before the pixels") }
        XCTAssertEqual(early.keys["Thumb::MTime"], "42")
        XCTAssertEqual(PNGChunks.textKeys(enough: ["Thumb::Size"]) { Array(first.dropFirst($0).prefix($1)) }.failure, .truncated,
                       "a key still missing sends the walk on through the pixels")
    }

    func testTheWalkForKeysIsBounded() {
        let header = PNGChunks.chunk("IHDR", PNGChunks.be32(1) + PNGChunks.be32(1) + [8, 6, 0, 0, 0])
        let empty = PNGChunks.chunk("IDAT", [])
        let endless = PNGChunks.signature + header + Array(repeating: empty, count: PNGChunks.maximumChunks).flatMap { $0 }
            + PNGChunks.text("Thumb::URI", "file:///p/a.jpg") + PNGChunks.chunk("IEND", [])
        XCTAssertEqual(PNGChunks.textKeys { Array(endless.dropFirst($0).prefix($1)) }.failure, .tooLong, "more chunks than a thumbnail has")
        // One IDAT that claims to reach past the bound: the next head is never asked for.
        let huge = PNGChunks.signature + header + PNGChunks.be32(UInt32(PNGChunks.maximumScanBytes)) + Array("IDAT".utf8)
        var asked: [Int] = []
        let read = PNGChunks.textKeys { offset, count in
            asked.append(offset)
            return offset < huge.count ? Array(huge.dropFirst(offset).prefix(count)) : Array(repeating: 0, count: count)
        }
        XCTAssertEqual(read.failure, .tooLong)
        XCTAssertLessThanOrEqual(asked.max() ?? 0, PNGChunks.maximumScanBytes)
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let f) = self { return f } else { return nil } }
}
