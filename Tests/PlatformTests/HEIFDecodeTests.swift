import CHeif
import Foundation
import Platform
import XCTest

/// HEIC and AVIF through the real worker: bad files end as a reason, not a
/// picture (a truncated HEIC, one claiming 60,000 x 60,000), and a strip
/// thumbnail comes from the file's own thumbnail image when it covers the
/// strip photo.
final class HEIFDecodeTests: XCTestCase {
    private var folder = ""

    override func setUp() { folder = DecodeFixtures.temporaryFolder("trips-heif") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func convert(_ arguments: [String], output: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw XCTSkip("ImageMagick's convert is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments + [folder + "/" + output]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert \(arguments)")
        return folder + "/" + output
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
        try writeHEIC(path, size: (1024, 768), colour: (200, 30, 30), thumbnail: (30, 30, 200), thumbnailSide: 256)
        let process = DecoderProcess(executable: DecodeFixtures.trips)
        let small = try process.decode(path: path, target: (96, 64), deadline: 10).get()
        let big = try process.decode(path: path, target: (900, 600), deadline: 10).get()
        XCTAssertEqual(small.fullWidth, 1024)
        XCTAssertEqual(small.fullHeight, 768)
        XCTAssertGreaterThan(centre(small.pixels)[2], 150, "the strip's picture is the blue thumbnail")
        XCTAssertGreaterThan(centre(big.pixels)[0], 150, "the big photo is the red picture")
        XCTAssertGreaterThanOrEqual(big.pixels.width, 900)
    }

    private func centre(_ pixels: SharedPixels) -> [UInt8] {
        let p = pixels.base.advanced(by: pixels.height / 2 * pixels.pitch + pixels.width / 2 * 4).assumingMemoryBound(to: UInt8.self)
        return [p[0], p[1], p[2]]
    }

    private func writeHEIC(_ path: String, size: (Int, Int), colour: (UInt8, UInt8, UInt8), thumbnail: (UInt8, UInt8, UInt8),
                           thumbnailSide: Int) throws {
        let context = try XCTUnwrap(heif_context_alloc())
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        guard heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok, let encoder else {
            throw XCTSkip("libheif has no HEVC encoder here")
        }
        defer { heif_encoder_release(encoder) }
        let main = try image(size, colour), thumb = try image(size, thumbnail)
        defer { heif_image_release(main); heif_image_release(thumb) }
        var handle: OpaquePointer?
        XCTAssertEqual(heif_context_encode_image(context, main, encoder, nil, &handle).code, heif_error_Ok)
        var thumbHandle: OpaquePointer?
        XCTAssertEqual(heif_context_encode_thumbnail(context, thumb, handle, encoder, nil, Int32(thumbnailSide), &thumbHandle).code, heif_error_Ok)
        heif_image_handle_release(thumbHandle)
        heif_image_handle_release(handle)
        XCTAssertEqual(heif_context_write_to_file(context, path).code, heif_error_Ok)
    }

    private func image(_ size: (Int, Int), _ colour: (UInt8, UInt8, UInt8)) throws -> OpaquePointer {
        var made: OpaquePointer?
        XCTAssertEqual(heif_image_create(Int32(size.0), Int32(size.1), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &made).code, heif_error_Ok)
        let image = try XCTUnwrap(made)
        XCTAssertEqual(heif_image_add_plane(image, heif_channel_interleaved, Int32(size.0), Int32(size.1), 8).code, heif_error_Ok)
        var stride: Int32 = 0
        let plane = try XCTUnwrap(heif_image_get_plane(image, heif_channel_interleaved, &stride))
        for y in 0..<size.1 {
            for x in 0..<size.0 {
                let p = plane + y * Int(stride) + x * 3
                (p[0], p[1], p[2]) = colour
            }
        }
        return image
    }
}
