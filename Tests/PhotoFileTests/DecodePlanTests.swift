import XCTest
@testable import PhotoFile

final class DecodePlanTests: XCTestCase {
    func testCoverSizeKeepsTheAspectAndCoversBothSides() {
        let c = DecodePlan.coverSize(image: (4000, 3000), target: (710, 180))
        XCTAssertEqual(c.width, 710)
        XCTAssertEqual(c.height, 533)
        XCTAssertGreaterThanOrEqual(c.height, 180)
        let tall = DecodePlan.coverSize(image: (3000, 4000), target: (710, 180))
        XCTAssertEqual(tall.width, 710)
    }

    func testNeverUpscales() {
        let c = DecodePlan.coverSize(image: (400, 300), target: (1280, 800))
        XCTAssertEqual(c.width, 400)
        XCTAssertEqual(c.height, 300)
    }

    func testA12MegapixelJPEGForTheStripDecodesAtAnEighthOrAQuarter() {
        // 4000 x 3000 into a 710 x 180 photo: 1/8 gives 500 x 375, too narrow; 2/8 gives 1000 x 750.
        XCTAssertEqual(DecodePlan.jpegScale(image: (4000, 3000), target: (710, 180)), 2)
        XCTAssertEqual(DecodePlan.jpegScale(image: (4000, 3000), target: (300, 180)), 1)
        XCTAssertEqual(DecodePlan.jpegScale(image: (4000, 3000), target: (4000, 3000)), 8)
        XCTAssertEqual(DecodePlan.jpegScale(image: (1600, 1000), target: (890, 524)), 5)
    }
}

final class PixelOrientationTests: XCTestCase {
    // 3 x 2:  1 2 3 / 4 5 6
    let pixels: [UInt32] = [1, 2, 3, 4, 5, 6]

    func testQuarterTurnClockwise() {
        let r = PixelOrientation.apply(.init(clockwiseQuarterTurns: 1, flipsHorizontally: false), to: pixels, width: 3, height: 2)
        XCTAssertEqual(r.width, 2)
        XCTAssertEqual(r.height, 3)
        XCTAssertEqual(r.pixels, [4, 1, 5, 2, 6, 3])
    }

    func testHalfTurnAndFlip() {
        XCTAssertEqual(PixelOrientation.apply(.init(clockwiseQuarterTurns: 2, flipsHorizontally: false), to: pixels, width: 3, height: 2).pixels,
                       [6, 5, 4, 3, 2, 1])
        XCTAssertEqual(PixelOrientation.apply(.init(clockwiseQuarterTurns: 0, flipsHorizontally: true), to: pixels, width: 3, height: 2).pixels,
                       [3, 2, 1, 6, 5, 4])
        XCTAssertEqual(PixelOrientation.apply(.init(clockwiseQuarterTurns: 3, flipsHorizontally: false), to: pixels, width: 3, height: 2).pixels,
                       [3, 6, 2, 5, 1, 4])
    }

    func testEveryExifOrientationTurnsASidewaysPictureUpright() {
        // For each orientation, make what a camera would store for an upright
        // picture, then check apply() restores it.
        let upright: [UInt32] = [1, 2, 3, 4, 5, 6] // 3 x 2
        for orientation in ExifOrientation.allCases {
            let t = orientation.transform
            // The stored picture is the upright one with the inverse transform.
            var stored = (pixels: upright, width: 3, height: 2)
            for _ in 0..<((4 - t.clockwiseQuarterTurns % 4) % 4) {
                stored = PixelOrientation.apply(.init(clockwiseQuarterTurns: 1, flipsHorizontally: false), to: stored.pixels, width: stored.width, height: stored.height)
            }
            if t.flipsHorizontally { stored = PixelOrientation.apply(.init(clockwiseQuarterTurns: 0, flipsHorizontally: true), to: stored.pixels, width: stored.width, height: stored.height) }
            let back = PixelOrientation.apply(t, to: stored.pixels, width: stored.width, height: stored.height)
            XCTAssertEqual(back.pixels, upright, "\(orientation)")
            XCTAssertEqual(back.width, 3)
        }
    }
}
