import XCTest
@testable import TripsKit

/// The scale a fullscreen window takes where the compositor says 1 and no
/// `--scale` is given: TVs (coarse pixels) get the 1920-point layout, finer
/// screens stay at 1.
final class AutomaticScaleTests: XCTestCase {
    /// Millimetres a pixel of a screen `inches` across the diagonal with `pixels`.
    func pitch(inches: Double, _ w: Int, _ h: Int) -> Double {
        inches * 25.4 / (Double(w * w + h * h)).squareRoot()
    }

    func testA55InchUHDTelevisionGetsTwoAndThe1080pLayout() throws {
        let mm = pitch(inches: 55, 3840, 2160)
        XCTAssertEqual(mm, 0.317, accuracy: 0.002)
        let chosen = try XCTUnwrap(AutomaticScale(pixels: (3840, 2160), millimetresPerPixel: mm))
        XCTAssertEqual(chosen.scale, 2)
        XCTAssertTrue(chosen.note.contains("2 pixels a point, a 1920x1080-point layout; --scale 1 keeps 1"), chosen.note)
        XCTAssertTrue(chosen.note.contains("0.32 mm"), chosen.note)
    }

    func testTheSameTelevisionStandingUpGetsTwoToo() {
        XCTAssertEqual(AutomaticScale(pixels: (2160, 3840), millimetresPerPixel: pitch(inches: 55, 3840, 2160))?.scale, 2)
    }

    func testAnEightKTelevisionGetsFour() {
        XCTAssertEqual(AutomaticScale(pixels: (7680, 4320), millimetresPerPixel: pitch(inches: 98, 7680, 4320))?.scale, 4)
    }

    func testFineScreensStayAtOne() {
        // A 14-inch 1080p laptop, a 27-inch 4K monitor, a 13-inch 3K laptop: read from arm's length.
        XCTAssertNil(AutomaticScale(pixels: (1920, 1080), millimetresPerPixel: pitch(inches: 14, 1920, 1080)))
        XCTAssertNil(AutomaticScale(pixels: (3840, 2160), millimetresPerPixel: pitch(inches: 27, 3840, 2160)))
        XCTAssertNil(AutomaticScale(pixels: (2880, 1920), millimetresPerPixel: pitch(inches: 13.5, 2880, 1920)))
    }

    func testACoarse1080pScreenIsAlreadyTheLayoutsSize() {
        XCTAssertNil(AutomaticScale(pixels: (1920, 1080), millimetresPerPixel: pitch(inches: 55, 1920, 1080)))
    }

    func testAnUnknownOrImplausibleSizeChoosesNothing() {
        XCTAssertNil(AutomaticScale(pixels: (3840, 2160), millimetresPerPixel: nil))
        // An EDID's 16:9 "size" read as centimetres: 160 x 90 mm for 3840 pixels.
        XCTAssertNil(AutomaticScale(pixels: (3840, 2160), millimetresPerPixel: 0.042))
        XCTAssertNil(AutomaticScale(pixels: (3840, 2160), millimetresPerPixel: .infinity))
        XCTAssertNil(AutomaticScale(pixels: (3840, 2160), millimetresPerPixel: 0))
    }
}
