import PhotoFile
import TestSupport
import XCTest

/// Finding the JPEG a camera embeds in EXIF IFD1, in blocks written here in
/// both byte orders, and refusing every field that lies.
final class ExifThumbnailTests: XCTestCase {
    /// Stands for a photo: only its markers matter here.
    private let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 30, 0, 40, 1, 1, 0x11, 0, 0xFF, 0xD9]
    /// Stands for a thumbnail: SOI, some bytes, EOI.
    private let thumbnail: [UInt8] = [0xFF, 0xD8] + Array(repeating: 0x5A, count: 40) + [0xFF, 0xD9]

    private var expected: Range<Int> {
        let start = ExifThumbnailStamp.tiffStart + ExifThumbnailStamp.thumbnailOffset
        return start..<(start + thumbnail.count)
    }

    func testFoundInLittleAndBigEndianBlocks() {
        for bigEndian in [false, true] {
            var stamp = ExifThumbnailStamp(thumbnail: thumbnail)
            stamp.bigEndian = bigEndian
            stamp.orientation = 6
            let file = stamp.stamped(photo)
            let range = ExifThumbnail.range(in: file)
            XCTAssertEqual(range, expected, bigEndian ? "MM" : "II")
            if let range { XCTAssertEqual(Array(file[range]), thumbnail) }
            // The orientation beside it is still read.
            XCTAssertEqual(try? PhotoHeader.parse(file).get().orientation, .right)
        }
    }

    func testNoneWithoutIFD1OrExif() {
        var stamp = ExifThumbnailStamp(thumbnail: thumbnail)
        stamp.hasIFD1 = false
        XCTAssertNil(ExifThumbnail.range(in: stamp.stamped(photo)))
        XCTAssertNil(ExifThumbnail.range(in: photo))
        XCTAssertNil(ExifThumbnail.range(in: []))
        XCTAssertNil(ExifThumbnail.range(in: Array("not a jpeg at all".utf8)))
    }

    func testLyingFieldsAreNoThumbnail() {
        let segmentEnd = ExifThumbnailStamp.thumbnailOffset + thumbnail.count // of the TIFF block
        let lies: [(String, Int?, Int?)] = [
            ("length one past the segment", nil, thumbnail.count + 1),
            ("length of 2 GiB", nil, 0x7FFF_FFFF),
            ("length 0", nil, 0),
            ("offset past the end", segmentEnd, nil),
            ("offset far past the end", 0xFFFF_FFF0, nil),
            ("offset into the TIFF header", 2, nil),
            ("offset off the thumbnail's SOI", ExifThumbnailStamp.thumbnailOffset + 1, thumbnail.count - 1),
        ]
        for (why, offset, length) in lies {
            var stamp = ExifThumbnailStamp(thumbnail: thumbnail)
            stamp.claimedOffset = offset
            stamp.claimedLength = length
            for bigEndian in [false, true] {
                stamp.bigEndian = bigEndian
                XCTAssertNil(ExifThumbnail.range(in: stamp.stamped(photo)), "\(why), \(bigEndian ? "MM" : "II")")
            }
        }
    }

    func testUncompressedThumbnailAndLoopingIFDsAreNoThumbnail() throws {
        var file = ExifThumbnailStamp(thumbnail: thumbnail).stamped(photo)
        let tiff = ExifThumbnailStamp.tiffStart
        // IFD1's first entry is Compression; make it 1 (uncompressed).
        let compressionValue = tiff + 8 + 18 + 2 + 8
        XCTAssertEqual(file[compressionValue], 6)
        file[compressionValue] = 1
        XCTAssertNil(ExifThumbnail.range(in: file))
        // IFD0's next-directory offset pointing back at IFD0 (a loop) or past the block.
        for next: UInt8 in [8, 0xF0] {
            var looped = ExifThumbnailStamp(thumbnail: thumbnail).stamped(photo)
            looped[tiff + 8 + 2 + 12] = next
            XCTAssertNil(ExifThumbnail.range(in: looped), "IFD1 at \(next)")
        }
    }

    func testThumbnailMustBeInsideTheSegmentNotJustTheFile() {
        // The length reaches past the APP1 segment into the bytes after it,
        // which are in the file: still refused.
        var stamp = ExifThumbnailStamp(thumbnail: thumbnail)
        stamp.claimedLength = thumbnail.count + 4
        let file = stamp.stamped(photo + Array(repeating: 0, count: 100))
        XCTAssertNil(ExifThumbnail.range(in: file))
    }

    func testTruncatedFilesNeverReadOutOfRange() {
        let file = ExifThumbnailStamp(thumbnail: thumbnail).stamped(photo)
        for n in 0..<file.count {
            let range = ExifThumbnail.range(in: Array(file.prefix(n)))
            if let range { XCTAssertLessThanOrEqual(range.upperBound, n) }
        }
    }
}
