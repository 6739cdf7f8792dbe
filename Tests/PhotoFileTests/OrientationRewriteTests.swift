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
}
