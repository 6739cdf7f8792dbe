import CJXL
import Foundation
import XCTest

/// Makes the JPEG XL test files cjxl cannot: written with libjxl's own
/// encoder, with the codestream orientation, an ICC profile or animation
/// frames of the test's choosing.
enum JXLFixtures {
    /// A picture as rows of RGB pixels.
    struct Picture {
        var width: Int, height: Int
        var rgb: [UInt8]

        /// Each quarter its own colour: top left, top right, bottom left, bottom right.
        static func quadrants(_ width: Int, _ height: Int, _ colours: [(UInt8, UInt8, UInt8)]) -> Picture {
            var rgb: [UInt8] = []
            rgb.reserveCapacity(width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let c = colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                    rgb += [c.0, c.1, c.2]
                }
            }
            return Picture(width: width, height: height, rgb: rgb)
        }
    }

    /// `frames` (one: a still; more: an animation, a tenth of a second each)
    /// encoded to `path`; `orientation` 1...8 in the codestream, `profile`
    /// the ICC profile the pixels are in (lossless then, so they keep it),
    /// `container` the ISO box form.
    static func write(_ path: String, frames: [Picture], orientation: UInt32 = 1, profile: [UInt8]? = nil,
                      lossless: Bool = false, container: Bool = false, progressive: Bool = false) throws {
        let encoder = try XCTUnwrap(JxlEncoderCreate(nil))
        defer { JxlEncoderDestroy(encoder) }
        let first = try XCTUnwrap(frames.first)
        var info = JxlBasicInfo()
        JxlEncoderInitBasicInfo(&info)
        info.xsize = UInt32(first.width)
        info.ysize = UInt32(first.height)
        info.bits_per_sample = 8
        info.num_color_channels = 3
        info.orientation = JxlOrientation(rawValue: orientation)
        info.uses_original_profile = lossless || profile != nil ? 1 : 0
        if frames.count > 1 {
            info.have_animation = 1
            info.animation.tps_numerator = 10
            info.animation.tps_denominator = 1
        }
        XCTAssertEqual(JxlEncoderUseContainer(encoder, container ? 1 : 0), JXL_ENC_SUCCESS)
        XCTAssertEqual(JxlEncoderSetBasicInfo(encoder, &info), JXL_ENC_SUCCESS)
        if let profile {
            XCTAssertEqual(profile.withUnsafeBytes { JxlEncoderSetICCProfile(encoder, $0.bindMemory(to: UInt8.self).baseAddress, $0.count) },
                           JXL_ENC_SUCCESS)
        } else {
            var srgb = JxlColorEncoding()
            JxlColorEncodingSetToSRGB(&srgb, 0)
            XCTAssertEqual(JxlEncoderSetColorEncoding(encoder, &srgb), JXL_ENC_SUCCESS)
        }
        let settings = try XCTUnwrap(JxlEncoderFrameSettingsCreate(encoder, nil))
        if lossless || profile != nil { XCTAssertEqual(JxlEncoderSetFrameLossless(settings, 1), JXL_ENC_SUCCESS) }
        if progressive { XCTAssertEqual(JxlEncoderFrameSettingsSetOption(settings, JXL_ENC_FRAME_SETTING_PROGRESSIVE_AC, 1), JXL_ENC_SUCCESS) }
        XCTAssertEqual(JxlEncoderFrameSettingsSetOption(settings, JXL_ENC_FRAME_SETTING_EFFORT, 3), JXL_ENC_SUCCESS)
        var format = JxlPixelFormat(num_channels: 3, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        for frame in frames {
            if frames.count > 1 {
                var header = JxlFrameHeader()
                JxlEncoderInitFrameHeader(&header)
                header.duration = 1
                XCTAssertEqual(JxlEncoderSetFrameHeader(settings, &header), JXL_ENC_SUCCESS)
            }
            XCTAssertEqual(frame.rgb.withUnsafeBytes { JxlEncoderAddImageFrame(settings, &format, $0.baseAddress, $0.count) }, JXL_ENC_SUCCESS)
        }
        JxlEncoderCloseInput(encoder)
        var out = [UInt8](repeating: 0, count: 1 << 16)
        var written = 0
        while true {
            var next: UnsafeMutablePointer<UInt8>?
            var available = 0
            let status = out.withUnsafeMutableBufferPointer { buffer -> JxlEncoderStatus in
                next = buffer.baseAddress! + written
                available = buffer.count - written
                let start = next
                let status = JxlEncoderProcessOutput(encoder, &next, &available)
                written += next! - start!
                return status
            }
            if status == JXL_ENC_NEED_MORE_OUTPUT {
                out += [UInt8](repeating: 0, count: out.count)
                continue
            }
            XCTAssertEqual(status, JXL_ENC_SUCCESS, "libjxl's encoder")
            break
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(out.prefix(written))), path)
    }
}
