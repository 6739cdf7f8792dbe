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
        try withHEVCEncoder { context, encoder in
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
    }

    /// `rgb` (rows of RGB pixels of `size`) as a HEIC of near-lossless
    /// quality with full-resolution chroma, its colour given as nclx numbers
    /// (H.273 primaries, transfer, matrix) and no ICC profile.
    static func writeHEIC(_ path: String, size: (Int, Int), rgb: [UInt8], nclx: (primaries: UInt16, transfer: UInt16, matrix: UInt16)) throws {
        try withHEVCEncoder { context, encoder in
            XCTAssertEqual(heif_encoder_set_lossy_quality(encoder, 95).code, heif_error_Ok)
            XCTAssertEqual(heif_encoder_set_parameter(encoder, "chroma", "444").code, heif_error_Ok)
            let image = try picture(size) { x, y in (rgb[(y * size.0 + x) * 3], rgb[(y * size.0 + x) * 3 + 1], rgb[(y * size.0 + x) * 3 + 2]) }
            defer { heif_image_release(image) }
            let profile = try XCTUnwrap(heif_nclx_color_profile_alloc())
            defer { heif_nclx_color_profile_free(profile) }
            XCTAssertEqual(heif_nclx_color_profile_set_color_primaries(profile, nclx.primaries).code, heif_error_Ok)
            XCTAssertEqual(heif_nclx_color_profile_set_transfer_characteristics(profile, nclx.transfer).code, heif_error_Ok)
            XCTAssertEqual(heif_nclx_color_profile_set_matrix_coefficients(profile, nclx.matrix).code, heif_error_Ok)
            profile.pointee.full_range_flag = 1
            XCTAssertEqual(heif_image_set_nclx_color_profile(image, profile).code, heif_error_Ok)
            let options = try XCTUnwrap(heif_encoding_options_alloc())
            defer { heif_encoding_options_free(options) }
            options.pointee.output_nclx_profile = profile
            // libheif 1.15 leaves the nclx box out by default (for macOS's
            // decoder); phones write it.
            options.pointee.macOS_compatibility_workaround_no_nclx_profile = 0
            var handle: OpaquePointer?
            XCTAssertEqual(heif_context_encode_image(context, image, encoder, options, &handle).code, heif_error_Ok)
            heif_image_handle_release(handle)
            XCTAssertEqual(heif_context_write_to_file(context, path).code, heif_error_Ok)
        }
    }

    /// A new context and libheif's HEVC encoder for `body` (skipped without one).
    private static func withHEVCEncoder(_ body: (OpaquePointer, OpaquePointer) throws -> Void) throws {
        let context = try XCTUnwrap(heif_context_alloc())
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        guard heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok, let encoder else {
            throw XCTSkip("libheif has no HEVC encoder here")
        }
        defer { heif_encoder_release(encoder) }
        try body(context, encoder)
    }

    private static func solid(_ size: (Int, Int), _ colour: (UInt8, UInt8, UInt8)) throws -> OpaquePointer {
        try picture(size) { _, _ in colour }
    }

    private static func picture(_ size: (Int, Int), _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> OpaquePointer {
        var made: OpaquePointer?
        XCTAssertEqual(heif_image_create(Int32(size.0), Int32(size.1), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &made).code, heif_error_Ok)
        let image = try XCTUnwrap(made)
        XCTAssertEqual(heif_image_add_plane(image, heif_channel_interleaved, Int32(size.0), Int32(size.1), 8).code, heif_error_Ok)
        var stride: Int32 = 0
        let plane = try XCTUnwrap(heif_image_get_plane(image, heif_channel_interleaved, &stride))
        for y in 0..<size.1 {
            for x in 0..<size.0 {
                let p = plane + y * Int(stride) + x * 3
                (p[0], p[1], p[2]) = pixel(x, y)
            }
        }
        return image
    }
}
