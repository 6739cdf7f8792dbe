import XCTest
@testable import PhotoFile

/// The colour numbers of a HEIF's nclx box: which are sRGB already, the
/// transfer of each H.273 code, and the HDR curves' tone mapping (rising,
/// never past white, the reference whites where the documentation says).
final class ColourDescriptionTests: XCTestCase {
    private let srgb = ColourDescription.sRGBPrimaries

    private func description(_ transfer: ColourDescription.Transfer, red: ColourDescription.Chromaticity? = nil) -> ColourDescription {
        ColourDescription(red: red ?? srgb[0], green: srgb[1], blue: srgb[2], white: srgb[3], transfer: transfer)
    }

    func testSRGBIsLeftAloneAndOthersAreNot() {
        XCTAssertTrue(description(.sRGB).isSRGB)
        XCTAssertTrue(description(ColourDescription.transfer(code: 1)).isSRGB, "BT.709's curve is taken as sRGB's")
        XCTAssertTrue(description(ColourDescription.transfer(code: 2)).isSRGB, "unspecified")
        XCTAssertFalse(description(.sRGB, red: .init(x: 0.68, y: 0.32)).isSRGB, "Display P3's red")
        XCTAssertFalse(description(.pq).isSRGB)
        XCTAssertEqual(ColourDescription.transfer(code: 16), .pq)
        XCTAssertEqual(ColourDescription.transfer(code: 18), .hlg)
        XCTAssertEqual(ColourDescription.transfer(code: 8), .linear)
        XCTAssertEqual(ColourDescription.transfer(code: 4), .gamma(2.2))
    }

    func testCurvesRiseFromBlackAndNeverPassWhite() {
        for transfer in [ColourDescription.Transfer.sRGB, .gamma(2.2), .gamma(2.8), .linear, .pq, .hlg] {
            let d = description(transfer)
            var last = -1.0
            for i in 0...1000 {
                let light = d.light(Double(i) / 1000)
                XCTAssertGreaterThanOrEqual(light, last, "\(transfer) at \(i)")
                XCTAssertLessThanOrEqual(light, 1, "\(transfer) at \(i)")
                last = light
            }
            XCTAssertEqual(d.light(0), 0, accuracy: 1e-6, "\(transfer)")
        }
        XCTAssertEqual(description(.sRGB).light(1), 1, accuracy: 1e-9)
    }

    /// PQ: 203 cd/m² (BT.2408's reference white) is 1 before the shoulder,
    /// 100 cd/m² half of it; HLG's reference white (0.75) is 1 before it too.
    func testHDRReferenceWhitesAndTheShoulder() {
        XCTAssertEqual(ColourDescription.pqNits(0.58), 203, accuracy: 2)
        XCTAssertEqual(description(.pq).light(0.5081), 100.0 / 203, accuracy: 0.005)
        XCTAssertEqual(ColourDescription.shoulder(1), 0.875, accuracy: 1e-9, "white itself is on the shoulder")
        XCTAssertEqual(description(.hlg).light(0.75), 0.875, accuracy: 1e-6)
        XCTAssertEqual(ColourDescription.shoulder(0.5), 0.5, "below the knee: as it is")
        XCTAssertLessThan(ColourDescription.shoulder(1000), 1)
    }
}
