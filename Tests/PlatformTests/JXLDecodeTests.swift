import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// JPEG XL through the real worker (header vetted, libjxl in the sandbox,
/// pixels in shared memory): both forms of the file, lossy and lossless,
/// its orientation, an animation's first frame, an ICC profile converted,
/// a strip thumbnail from the DC image, a truncated file and a bomb refused.
final class JXLDecodeTests: XCTestCase {
    private var folder = ""
    private let red: (UInt8, UInt8, UInt8) = (220, 30, 30), green: (UInt8, UInt8, UInt8) = (30, 200, 40)
    private let blue: (UInt8, UInt8, UInt8) = (30, 40, 220), white: (UInt8, UInt8, UInt8) = (250, 250, 250)

    override func setUpWithError() throws { folder = try temporaryFolder("trips-jxl").path }

    private var quadrants: JXLFixtures.Picture { .quadrants(256, 128, [red, green, blue, white]) }

    private func corners(_ p: SharedPixels) -> [String] {
        [DecodeFixtures.colour(p, at: .topLeft), DecodeFixtures.colour(p, at: .topRight),
         DecodeFixtures.colour(p, at: .bottomLeft), DecodeFixtures.colour(p, at: .bottomRight)]
    }

    func testLossyLosslessNakedAndContainedShowTheirColours() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for (name, lossless, container) in [("lossy.jxl", false, false), ("lossless.jxl", true, false), ("boxed.jxl", false, true)] {
            let path = folder + "/" + name
            try JXLFixtures.write(path, frames: [quadrants], lossless: lossless, container: container)
            let shown = try process.decode(path: path, target: (128, 64), deadline: 5).get()
            XCTAssertEqual([shown.fullWidth, shown.fullHeight], [256, 128], name)
            XCTAssertEqual([shown.pixels.width, shown.pixels.height], [128, 64], "\(name): shrunk to the target")
            XCTAssertEqual(corners(shown.pixels), ["red", "green", "blue", "white"], name)
            XCTAssertNil(shown.note, name)
        }
    }

    /// Each of the eight orientations drawn upright: the quadrant the
    /// picture's top-left corner shows is the one EXIF's rule puts there.
    func testTheCodestreamsOrientationIsApplied() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        // What each orientation shows at top left, top right, bottom left, bottom right.
        let expected: [UInt32: [String]] = [
            1: ["red", "green", "blue", "white"], 2: ["green", "red", "white", "blue"],
            3: ["white", "blue", "green", "red"], 4: ["blue", "white", "red", "green"],
            5: ["red", "blue", "green", "white"], 6: ["blue", "red", "white", "green"],
            7: ["white", "green", "blue", "red"], 8: ["green", "white", "red", "blue"],
        ]
        for orientation in UInt32(1)...8 {
            let path = folder + "/turned-\(orientation).jxl"
            try JXLFixtures.write(path, frames: [quadrants], orientation: orientation, lossless: true)
            let shown = try process.decode(path: path, target: (64, 64), deadline: 5).get()
            let turned = orientation >= 5
            XCTAssertEqual([shown.fullWidth, shown.fullHeight], turned ? [128, 256] : [256, 128], "orientation \(orientation)")
            XCTAssertEqual(corners(shown.pixels), expected[orientation], "orientation \(orientation)")
        }
    }

    func testAnAnimationShowsItsFirstFrame() throws {
        let path = folder + "/animated.jxl"
        let frames = [red, blue, green].map { JXLFixtures.Picture.quadrants(64, 64, [$0, $0, $0, $0]) }
        try JXLFixtures.write(path, frames: frames)
        let shown = try DecoderProcess(executable: DecodeFixtures.trips).decode(path: path, target: (64, 64), deadline: 5).get()
        XCTAssertEqual(corners(shown.pixels), ["red", "red", "red", "red"])
    }

    /// A lossless JXL kept in Debian's SwappedRedAndGreen profile: red
    /// pixels show green once converted to sRGB.
    func testAnICCProfileIsConvertedToSRGB() throws {
        let profiles = "/usr/share/color/icc/colord"
        guard let icc = FileManager.default.contents(atPath: profiles + "/SwappedRedAndGreen.icc") else { throw XCTSkip("colord-data is not installed") }
        let path = folder + "/swapped.jxl"
        try JXLFixtures.write(path, frames: [.quadrants(64, 64, [red, red, red, red])], profile: [UInt8](icc))
        let shown = try DecoderProcess(executable: DecodeFixtures.trips).decode(path: path, target: (64, 64), deadline: 5).get()
        XCTAssertEqual(corners(shown.pixels), ["green", "green", "green", "green"])
    }

    /// A strip-sized decode of a large lossy photo (flushed from its DC
    /// image, 1/8: `make bench` shows what that saves) still shows the
    /// picture, as the big photo's whole decode does.
    func testAStripThumbnailOfALargePhotoShowsThePicture() throws {
        let path = folder + "/large.jxl"
        try JXLFixtures.write(path, frames: [.quadrants(1920, 1440, [red, green, blue, white])])
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let strip = try process.decode(path: path, target: (240, 180), deadline: 5).get()
        XCTAssertEqual([strip.pixels.width, strip.pixels.height], [240, 180])
        XCTAssertEqual(corners(strip.pixels), ["red", "green", "blue", "white"])
        let big = try process.decode(path: path, target: (1024, 768), deadline: 5).get()
        XCTAssertEqual(corners(big.pixels), ["red", "green", "blue", "white"])
    }

    func testTruncatedAndBombFilesEndAsReasons() throws {
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let whole = folder + "/whole.jxl"
        try JXLFixtures.write(whole, frames: [.quadrants(512, 512, [red, green, blue, white])], lossless: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = folder + "/cut.jxl"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        guard case .failure(.decode(let why)) = process.decode(path: cut, target: (96, 64), deadline: 5) else {
            return XCTFail("a truncated JPEG XL decoded, or its worker was lost")
        }
        XCTAssertEqual(why, "truncated JPEG XL (the file ends before its picture does)")
        // SizeHeader of 60000 x 60000: not small, 18-bit sides (selector 2), ratio 0.
        var bits: [Int] = [0, 0, 1] // small = 0, then selector 2 (least significant bit first)
        func put(_ v: Int, _ n: Int) { for i in 0..<n { bits.append(v >> i & 1) } }
        put(59_999, 18); put(0, 3); put(2, 2); put(59_999, 18); put(1, 1)
        let packed = stride(from: 0, to: bits.count, by: 8).map { start in
            UInt8(bits[start..<min(start + 8, bits.count)].enumerated().reduce(0) { $0 | $1.element << $1.offset })
        }
        let bomb = folder + "/bomb.jxl"
        try Data([0xFF, 0x0A] + packed + [UInt8](repeating: 0, count: 64)).write(to: URL(fileURLWithPath: bomb))
        guard case .failure(.refused(let refusal)) = process.decode(path: bomb, target: (96, 64), deadline: 5) else {
            return XCTFail("a JPEG XL claiming 60000 x 60000 was not refused")
        }
        XCTAssertTrue(refusal.contains("60000 x 60000"), refusal)
        if case .failure(let failure) = process.decode(path: whole, target: (96, 64), deadline: 5) { XCTFail("the whole JXL: \(failure)") }
    }
}
