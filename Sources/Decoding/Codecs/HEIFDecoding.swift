import CHeif
import CSDL2
import PhotoFile

/// HEIC and AVIF through libheif (libde265 for HEVC, dav1d for AV1). libheif
/// applies the file's rotation and mirroring (irot, imir) itself, so the
/// picture comes out upright and EXIF orientation is not applied again.
/// Neither codec decodes at a reduced scale, so a thumbnail is taken from
/// the file's own thumbnail image (phones store one) when that covers the
/// target, else the whole picture is decoded and shrunk. Its colour (an
/// ICC profile, or nclx numbers made a profile) is converted to sRGB.
extension PhotoDecoder {
    static func decodeHEIF(_ bytes: UnsafeRawBufferPointer, header: PhotoHeader, target: (width: Int, height: Int),
                           output: Output) -> Result<Decoded, DecodeFailure> {
        guard let context = heif_context_alloc() else { return .failure(.decode("libheif has no memory")) }
        defer { heif_context_free(context) }
        // The largest picture libheif is let decode: the header limit's side.
        heif_context_set_maximum_image_size_limit(context, Int32(PhotoHeader.Limits.standard.maximumSide))
        var error = heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil)
        guard error.code == heif_error_Ok else { return .failure(.decode("libheif cannot read it: \(message(error))")) }
        var primary: OpaquePointer?
        error = heif_context_get_primary_image_handle(context, &primary)
        guard error.code == heif_error_Ok, let primary else { return .failure(.decode("libheif finds no picture: \(message(error))")) }
        defer { heif_image_handle_release(primary) }
        let full = (width: Int(heif_image_handle_get_width(primary)), height: Int(heif_image_handle_get_height(primary)))
        let chosen = thumbnail(of: primary, covering: target) ?? primary
        defer { if chosen != primary { heif_image_handle_release(chosen) } }
        var image: OpaquePointer?
        error = heif_decode_image(chosen, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil)
        guard error.code == heif_error_Ok, let image else { return .failure(.decode("libheif cannot decode it: \(message(error))")) }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        let w = Int(heif_image_get_width(image, heif_channel_interleaved)), h = Int(heif_image_get_height(image, heif_channel_interleaved))
        // libheif's own plane, read in place (released with `image`, after
        // the shrink): no copy of the whole decoded picture first.
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), w > 0, h > 0,
              let surface = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: plane), Int32(w), Int32(h), 32, stride,
                                                               SDL_PIXELFORMAT_RGBA32.rawValue) else {
            return .failure(.decode("libheif gave no pixels"))
        }
        guard let out = shrink(surface, upright: .up, toCover: target, into: output) else {
            return .failure(.decode("no memory for its \(w) x \(h) pixels"))
        }
        let note = colourProfile(of: primary).flatMap { ColourConversion.toSRGB(out, profile: $0) }
        return .success(Decoded(surface: out, fullWidth: full.width, fullHeight: full.height, usedTurboJPEG: false, note: note))
    }

    /// The smallest of the file's thumbnails that covers `target`, or nil.
    private static func thumbnail(of primary: OpaquePointer, covering target: (width: Int, height: Int)) -> OpaquePointer? {
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
        var best: (handle: OpaquePointer, pixels: Int)?
        for id in ids.prefix(listed) {
            var handle: OpaquePointer?
            guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else { continue }
            let w = Int(heif_image_handle_get_width(handle)), h = Int(heif_image_handle_get_height(handle))
            let covers = w >= target.width && h >= target.height
            if covers, best == nil || w * h < best!.pixels {
                if let old = best { heif_image_handle_release(old.handle) }
                best = (handle, w * h)
            } else {
                heif_image_handle_release(handle)
            }
        }
        return best?.handle
    }

    /// The primary image's ICC profile, else its nclx colour numbers
    /// (primaries and transfer; libheif has used the matrix for YCbCr).
    private static func colourProfile(of handle: OpaquePointer) -> EmbeddedProfile? {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= ColourConversion.maximumProfileBytes else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok else { return nil }
            return .icc(bytes)
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let n = nclx?.pointee else { return nil }
        defer { heif_nclx_color_profile_free(nclx) }
        typealias xy = ColourDescription.Chromaticity
        return .described(ColourDescription(
            red: xy(x: Double(n.color_primary_red_x), y: Double(n.color_primary_red_y)),
            green: xy(x: Double(n.color_primary_green_x), y: Double(n.color_primary_green_y)),
            blue: xy(x: Double(n.color_primary_blue_x), y: Double(n.color_primary_blue_y)),
            white: xy(x: Double(n.color_primary_white_x), y: Double(n.color_primary_white_y)),
            transfer: ColourDescription.transfer(code: Int(n.transfer_characteristics.rawValue))))
    }

    private static func message(_ error: heif_error) -> String {
        error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
    }
}
