import PhotoFile
import TestSupport
import XCTest

/// The Orientation entry is rewritten in place, every other byte kept, in
/// both byte orders and both types; a file without one, or with a bad one,
/// is left as it was.
final class OrientationRewriteTests: XCTestCase {
    func jpeg(orientation: Int?, littleEndian: Bool, type: UInt16 = 3) -> [UInt8] {
        OrientationStamp.jpeg(orientation: orientation, littleEndian: littleEndian, type: type)
    }

    func testEveryValueTurnsBothWaysInBothByteOrdersChangingOnlyItsValue() throws {
        let clockwise: [Int: Int] = [1: 6, 6: 3, 3: 8, 8: 1, 2: 7, 7: 4, 4: 5, 5: 2]
        for littleEndian in [true, false] {
            for type: UInt16 in [3, 4] {
                for value in 1...8 {
                    let before = jpeg(orientation: value, littleEndian: littleEndian, type: type)
                    let (after, now) = try OrientationRewrite.turned(before, clockwise: true)
                    XCTAssertEqual(now.rawValue, clockwise[value], "\(value) turned clockwise")
                    XCTAssertEqual(after, jpeg(orientation: clockwise[value], littleEndian: littleEndian, type: type), "only the value changed")
                    let (back, was) = try OrientationRewrite.turned(after, clockwise: false)
                    XCTAssertEqual(was.rawValue, value)
                    XCTAssertEqual(back, before, "counter-clockwise undoes clockwise")
                }
            }
        }
    }

    func testFourTurnsComeBackToTheStart() {
        for o in ExifOrientation.allCases {
            XCTAssertEqual(o.turned(clockwise: true).turned(clockwise: true).turned(clockwise: true).turned(clockwise: true), o)
            XCTAssertEqual(o.turned(clockwise: true).swapsWidthAndHeight, !o.swapsWidthAndHeight)
        }
    }

    func testAFileWithoutTheTagOrWithABadOneIsNotRewritten() {
        XCTAssertThrowsError(try OrientationRewrite.turned(jpeg(orientation: nil, littleEndian: true), clockwise: true)) {
            XCTAssertEqual($0 as? OrientationRewrite.Failure, .noOrientationTag)
        }
        XCTAssertThrowsError(try OrientationRewrite.turned(Array("\u{89}PNG\r\n\u{1A}\n".utf8), clockwise: true)) {
            XCTAssertEqual($0 as? OrientationRewrite.Failure, .noOrientationTag)
        }
        XCTAssertThrowsError(try OrientationRewrite.turned(jpeg(orientation: 9, littleEndian: false), clockwise: true)) {
            XCTAssertEqual($0 as? OrientationRewrite.Failure, .malformed("Orientation 9"))
        }
        XCTAssertThrowsError(try OrientationRewrite.turned(jpeg(orientation: 1, littleEndian: true, type: 2), clockwise: true)) {
            XCTAssertEqual($0 as? OrientationRewrite.Failure, .malformed("Orientation entry of type 2, count 1"))
        }
        // Cut off inside the entry's value.
        let cut = Array(jpeg(orientation: 6, littleEndian: true).prefix(6 + 6 + 8 + 2 + 12 + 9))
        XCTAssertThrowsError(try OrientationRewrite.turned(cut, clockwise: true))
    }

    /// A PNG gets an `eXIf` chunk after IHDR holding the turn, then has
    /// that chunk's Orientation turned in place; its IDAT and every other
    /// chunk stay byte for byte, each chunk's CRC is right, and the header
    /// reads the orientation back.
    func testAPNGIsTurnedInAnEXIfChunkAndItsPixelsStayAsTheyWere() throws {
        let png = PNGChunks.onePixel(with: [PNGChunks.text("Title", "a PNG")])
        func chunks(_ b: [UInt8]) -> [(type: String, bytes: [UInt8])] {
            var out: [(String, [UInt8])] = [], pos = 8
            while pos + 12 <= b.count {
                let length = (Int(b[pos]) << 24 | Int(b[pos + 1]) << 16 | Int(b[pos + 2]) << 8 | Int(b[pos + 3]))
                let type = String(decoding: b[(pos + 4)..<(pos + 8)], as: UTF8.self)
                let chunk = Array(b[pos..<(pos + 12 + length)])
                XCTAssertEqual(Array(chunk.suffix(4)), PNGChunks.be32(CRC32.of(Array(chunk[4..<(8 + length)]))), "\(type)'s CRC")
                out.append((type, chunk))
                pos += 12 + length
            }
            return out
        }
        func orientation(_ b: [UInt8]) -> ExifOrientation? {
            try? b.withUnsafeBytes { PhotoHeader.read(bytes: $0) }.get().orientation
        }
        let (once, first) = try OrientationRewrite.turned(png, clockwise: true)
        XCTAssertEqual(first, .right)
        XCTAssertEqual(orientation(once), .right)
        XCTAssertEqual(chunks(once).map(\.type), ["IHDR", "eXIf", "tEXt", "IDAT", "IEND"])
        XCTAssertEqual(chunks(once).filter { $0.type != "eXIf" }.map(\.bytes), chunks(png).map(\.bytes), "every other chunk as it was")
        var turned = once
        for _ in 0..<3 { turned = try OrientationRewrite.turned(turned, clockwise: true).bytes }
        XCTAssertEqual(orientation(turned), .up, "four turns: upright again, in the same chunk")
        XCTAssertEqual(turned.count, once.count)
        let (back, now) = try OrientationRewrite.turned(once, clockwise: false)
        XCTAssertEqual(now, .up)
        XCTAssertEqual(chunks(back).map(\.type), chunks(once).map(\.type))
        // EXIF without an Orientation, and a chunk that runs past the file: left alone.
        let noTag = PNGChunks.inserting([PNGChunks.chunk("eXIf", Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0])], into: png)!
        XCTAssertThrowsError(try OrientationRewrite.turned(noTag, clockwise: true)) {
            XCTAssertEqual($0 as? OrientationRewrite.Failure, .noOrientationTag)
        }
        // EXIF after the pixels (ImageMagick writes it there): moved before them, turned.
        let exif = Array("II".utf8) + [42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]
        var late = png
        late.insert(contentsOf: PNGChunks.chunk("eXIf", exif), at: late.count - 12)
        let (moved, turnedLate) = try OrientationRewrite.turned(late, clockwise: true)
        XCTAssertEqual(turnedLate, .left, "3 (upside down) turned clockwise is 8")
        XCTAssertEqual(orientation(moved), .left)
        XCTAssertEqual(chunks(moved).map(\.type), ["IHDR", "eXIf", "tEXt", "IDAT", "IEND"], "one eXIf, before the pixels")
        XCTAssertEqual(chunks(moved).filter { $0.type != "eXIf" }.map(\.bytes), chunks(png).map(\.bytes))
        var cut = png
        cut.replaceSubrange(33..<37, with: PNGChunks.be32(1 << 30))
        XCTAssertThrowsError(try OrientationRewrite.turned(cut, clockwise: true)) {
            XCTAssertEqual($0 as? OrientationRewrite.Failure, .malformed("PNG chunk cut short"))
        }
    }
}
