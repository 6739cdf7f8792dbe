import CHeif
import Foundation
import XCTest

/// Makes the test files ImageMagick cannot: HEICs written with libheif's
/// own encoder, with a thumbnail image or an ICC profile of the test's choosing.
enum HEIFFixtures {
    /// A solid `colour` HEIC of `size`; with `thumbnail`, a thumbnail image
    /// (at most `thumbnailSide` a side) made from a picture of that colour;
    /// with `profile`, that ICC profile embedded; with `exifOrientation`, an
    /// EXIF block saying so (as phones write beside the file's own rotation).
    static func writeSolidHEIC(_ path: String, size: (Int, Int), colour: (UInt8, UInt8, UInt8),
                               thumbnail: (colour: (UInt8, UInt8, UInt8), side: Int)? = nil, profile: [UInt8]? = nil,
                               exifOrientation: UInt8? = nil) throws {
        let context = try XCTUnwrap(heif_context_alloc())
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        guard heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok, let encoder else {
            throw XCTSkip("libheif has no HEVC encoder here")
        }
        defer { heif_encoder_release(encoder) }
        let main = try solid(size, colour)
        defer { heif_image_release(main) }
        if let profile {
            XCTAssertEqual(profile.withUnsafeBytes { heif_image_set_raw_color_profile(main, "prof", $0.baseAddress, $0.count) }.code, heif_error_Ok)
        }
        var handle: OpaquePointer?
        XCTAssertEqual(heif_context_encode_image(context, main, encoder, nil, &handle).code, heif_error_Ok)
        defer { heif_image_handle_release(handle) }
        if let tag = exifOrientation {
            // TIFF header (little-endian), IFD0 with one entry: Orientation (0x0112), SHORT, 1, tag.
            let exif: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, tag, 0, 0, 0, 0, 0, 0, 0]
            XCTAssertEqual(exif.withUnsafeBytes { heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count)) }.code,
                           heif_error_Ok)
        }
        if let thumbnail {
            let thumb = try solid(size, thumbnail.colour)
            defer { heif_image_release(thumb) }
            var thumbHandle: OpaquePointer?
            XCTAssertEqual(heif_context_encode_thumbnail(context, thumb, handle, encoder, nil, Int32(thumbnail.side), &thumbHandle).code,
                           heif_error_Ok)
            heif_image_handle_release(thumbHandle)
        }
        XCTAssertEqual(heif_context_write_to_file(context, path).code, heif_error_Ok)
    }

    private static func solid(_ size: (Int, Int), _ colour: (UInt8, UInt8, UInt8)) throws -> OpaquePointer {
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
