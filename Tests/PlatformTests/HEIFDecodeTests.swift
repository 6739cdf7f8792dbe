import Foundation
import Decoding
import PhotoLoading
import TestSupport
import XCTest

/// HEIC and AVIF through the real worker: bad files end as a reason, not a
/// picture (a truncated HEIC, one claiming 60,000 x 60,000), and a strip
/// thumbnail comes from the file's own thumbnail image when it covers the
/// strip photo.
final class HEIFDecodeTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try temporaryFolder("trips-heif").path }

    private func convert(_ arguments: [String], output: String) throws -> String {
        try DecodeFixtures.convert(arguments, output: output, in: folder)
    }

    func testATruncatedHEICFailsWithLibheifsReason() throws {
        let whole = try convert(["-size", "256x256", "plasma:", "-quality", "95"], output: "whole.heic")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = folder + "/cut.heic"
        try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: cut))
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        guard case .failure(.decode(let why)) = process.decode(path: cut, target: (96, 64), deadline: 5) else {
            return XCTFail("a truncated HEIC decoded, or its worker was lost")
        }
        XCTAssertTrue(why.hasPrefix("libheif cannot"), why)
        if case .failure(let failure) = process.decode(path: whole, target: (96, 64), deadline: 5) { XCTFail("the whole HEIC: \(failure)") }
    }

    /// Photo-sized HEIC and AVIF decode in the sandbox, twice each: their
    /// codecs' threads free large buffers, and glibc once opened a /proc
    /// file when shrinking a thread's malloc arena (the worker was killed).
    func testPhotoSizedHEICAndAVIFDecodeInTheSandbox() throws {
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/photos/dune.jpg").standardized.path
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        for name in ["dune.heic", "dune.avif"] {
            let path = try convert([photo, "-quality", "80"], output: name)
            for use in [(720, 180), (1280, 800)] {
                let decoded = try process.decode(path: path, target: use, deadline: 10).get()
                XCTAssertEqual([decoded.fullWidth, decoded.fullHeight], [1600, 1000], name)
            }
        }
    }

    /// A real HEIC with its ispe boxes (ImageMagick writes a grid of one
    /// tile: two) changed to claim 60,000 x 60,000.
    func testAHEICClaimingSixtyThousandSquaredIsRefusedBeforeDecoding() throws {
        let path = try convert(["-size", "64x48", "xc:red"], output: "huge.heic")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let boxes = (0..<(bytes.count - 16)).filter { bytes[$0..<($0 + 4)].elementsEqual("ispe".utf8) }
        XCTAssertFalse(boxes.isEmpty, "no ispe box")
        for ispe in boxes {
            for at in [ispe + 8, ispe + 12] { bytes.replaceSubrange(at..<(at + 4), with: [0x00, 0x00, 0xEA, 0x60]) } // 60000
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        guard case .failure(.refused(let why)) = process.decode(path: path, target: (96, 64), deadline: 5) else {
            return XCTFail("a HEIC claiming 60000 x 60000 was not refused")
        }
        XCTAssertTrue(why.contains("60000 x 60000"), why)
    }

    /// The main picture red, its thumbnail (made from another picture) blue:
    /// the strip's size takes the blue thumbnail, the big photo's the red picture.
    func testTheFilesThumbnailServesTheStripAndThePictureTheBigPhoto() throws {
        let path = folder + "/thumbnailed.heic"
        try HEIFFixtures.writeSolidHEIC(path, size: (1024, 768), colour: (200, 30, 30), thumbnail: ((30, 30, 200), 256))
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let small = try process.decode(path: path, target: (96, 64), deadline: 10).get()
        let big = try process.decode(path: path, target: (900, 600), deadline: 10).get()
        XCTAssertEqual(small.fullWidth, 1024)
        XCTAssertEqual(small.fullHeight, 768)
        XCTAssertGreaterThan(centre(small.pixels)[2], 150, "the strip's picture is the blue thumbnail")
        XCTAssertGreaterThan(centre(big.pixels)[0], 150, "the big photo is the red picture")
        XCTAssertGreaterThanOrEqual(big.pixels.width, 900)
    }

    /// libheif applies the file's own rotation (irot); an EXIF orientation
    /// beside it is not applied again: a landscape picture tagged 6 stays landscape.
    func testEXIFOrientationOfAHEICIsNotAppliedAgain() throws {
        let path = folder + "/tagged.heic"
        try HEIFFixtures.writeSolidHEIC(path, size: (128, 64), colour: (200, 30, 30), exifOrientation: 6)
        let decoded = try DecoderProcess(executable: DecodeFixtures.trips).decode(path: path, target: (128, 64), deadline: 5).get()
        XCTAssertEqual([decoded.pixels.width, decoded.pixels.height], [128, 64])
        XCTAssertEqual([decoded.fullWidth, decoded.fullHeight], [128, 64])
    }

    private func centre(_ pixels: SharedPixels) -> [UInt8] {
        let p = pixels.base.advanced(by: pixels.height / 2 * pixels.pitch + pixels.width / 2 * 4).assumingMemoryBound(to: UInt8.self)
        return [p[0], p[1], p[2]]
    }
}
