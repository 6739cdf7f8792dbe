import CJXL
import CSDL2
import PhotoFile

/// JPEG XL through libjxl, on its own thread pool (threads are allowed in
/// the worker's sandbox; the pool is made per photo, after confinement, so
/// its threads are confined too). libjxl turns the picture as the
/// codestream says, so it comes out upright; an animation's first frame is
/// shown. A lossy (XYB) photo is asked for in sRGB, which libjxl renders
/// itself; one kept in its own colour space (lossless, with an ICC profile)
/// is converted by Little CMS (`ColourConversion`) like any embedded profile.
///
/// A strip thumbnail of a photo at least eight times the target's size is
/// flushed from its DC image (the 1/8 picture every VarDCT frame carries
/// first; a progressive file's earlier passes at 1/4 or 1/2 too, when they
/// cover the target), so the AC coefficients are never decoded.
extension PhotoDecoder {
    static func decodeJXL(_ bytes: UnsafeRawBufferPointer, header: PhotoHeader, target: (width: Int, height: Int),
                          output: Output) -> Result<Decoded, DecodeFailure> {
        guard let decoder = JxlDecoderCreate(nil) else { return .failure(.decode("libjxl has no memory")) }
        defer { JxlDecoderDestroy(decoder) }
        let runner = JxlThreadParallelRunnerCreate(nil, Int(min(trips_usable_cpus(), 4)))
        defer { if let runner { JxlThreadParallelRunnerDestroy(runner) } }
        if let runner { _ = JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) }
        let events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue
            | JXL_DEC_FRAME_PROGRESSION.rawValue
        guard JxlDecoderSubscribeEvents(decoder, Int32(events)) == JXL_DEC_SUCCESS,
              JxlDecoderSetProgressiveDetail(decoder, kPasses) == JXL_DEC_SUCCESS,
              JxlDecoderSetInput(decoder, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count) == JXL_DEC_SUCCESS else {
            return .failure(.decode("libjxl cannot be set up"))
        }
        // The input is left open: libjxl then says a file that ends early
        // needs more input (truncated) rather than failing without a reason.
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var info = JxlBasicInfo()
        var upright = (width: 0, height: 0)
        var surface: UnsafeMutablePointer<SDL_Surface>?
        var profile: EmbeddedProfile?
        defer { if let surface { SDL_FreeSurface(surface) } }
        decoding: while true {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_BASIC_INFO:
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else { return .failure(.decode("libjxl cannot read its header")) }
                let turned = info.orientation.rawValue >= JXL_ORIENT_TRANSPOSE.rawValue
                upright = turned ? (Int(info.ysize), Int(info.xsize)) : (Int(info.xsize), Int(info.ysize))
                // libjxl's header must agree with the one that was vetted.
                guard upright == (header.width, header.height) else {
                    return .failure(.refused("its header says \(header.width) x \(header.height) but libjxl reads \(upright.0) x \(upright.1)"))
                }
            case JXL_DEC_COLOR_ENCODING:
                profile = colourProfile(decoder)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var size = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS,
                      size == upright.width * upright.height * 4,
                      let made = surface ?? newSurface(upright.width, upright.height), Int(made.pointee.pitch) == upright.width * 4 else {
                    return .failure(.decode("no memory for its \(upright.width) x \(upright.height) pixels"))
                }
                surface = made
                guard JxlDecoderSetImageOutBuffer(decoder, &format, made.pointee.pixels, size) == JXL_DEC_SUCCESS else {
                    return .failure(.decode("libjxl refuses the pixels' buffer"))
                }
            case JXL_DEC_FRAME_PROGRESSION:
                let ratio = Int(JxlDecoderGetIntendedDownsamplingRatio(decoder))
                if ratio > 1, upright.width / ratio >= target.width, upright.height / ratio >= target.height,
                   JxlDecoderFlushImage(decoder) == JXL_DEC_SUCCESS {
                    break decoding // coarse enough for the target, and far cheaper
                }
            case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                break decoding // the first frame: an animation shows it
            case JXL_DEC_NEED_MORE_INPUT:
                return .failure(.decode("truncated JPEG XL (the file ends before its picture does)"))
            default:
                return .failure(.decode("libjxl cannot decode it"))
            }
        }
        guard let decoded = surface else { return .failure(.decode("libjxl gave no pixels")) }
        surface = nil // handed to the shrink, which frees it
        guard let out = shrink(decoded, upright: .up, toCover: target, into: output) else {
            return .failure(.decode("no memory for its \(upright.width) x \(upright.height) pixels"))
        }
        let note = profile.flatMap { ColourConversion.toSRGB(out, profile: $0) }
        return .success(Decoded(surface: out, fullWidth: upright.width, fullHeight: upright.height, usedTurboJPEG: false, note: note))
    }

    /// Asks for sRGB pixels (libjxl renders XYB photos in any space); the
    /// profile of the pixels it will give when that is not sRGB, else nil.
    private static func colourProfile(_ decoder: OpaquePointer) -> EmbeddedProfile? {
        var srgb = JxlColorEncoding()
        JxlColorEncodingSetToSRGB(&srgb, 0)
        _ = JxlDecoderSetPreferredColorProfile(decoder, &srgb) // refused when the pixels keep their own space
        var encoded = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoded) == JXL_DEC_SUCCESS,
           encoded.color_space == JXL_COLOR_SPACE_GRAY || (encoded.color_space == JXL_COLOR_SPACE_RGB && encoded.white_point == JXL_WHITE_POINT_D65
               && encoded.primaries == JXL_PRIMARIES_SRGB && encoded.transfer_function == JXL_TRANSFER_FUNCTION_SRGB) {
            return nil
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
              size > 0, size <= ColourConversion.maximumProfileBytes else { return nil }
        var icc = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &icc, size) == JXL_DEC_SUCCESS else { return nil }
        return .icc(icc)
    }
}
