import CSDL2
import CTurboJPEG
import PhotoFile

/// The blur-up preview of a camera JPEG (`DecodePlan.Use.preview`): the
/// small JPEG its EXIF block carries (`ExifThumbnail`, usually 160 x 120),
/// decoded by libjpeg-turbo in a fraction of a millisecond, and shown until
/// the photo's own decode replaces it. The thumbnail is stored as the photo
/// is, so the photo's EXIF orientation turns it upright; its centre is cut
/// to the photo's aspect (cameras letterbox a 3:2 photo's thumbnail into
/// 4:3); it is scaled with linear filtering to cover the target, at most
/// `previewMaximumScale` times its size, so it looks soft rather than
/// blocky whatever the renderer's own filtering. No colour conversion: it
/// is on screen for a moment.
extension PhotoDecoder {
    /// How far a preview is scaled up, at most (160 x 120 to 640 x 480).
    static let previewMaximumScale = 4.0
    /// A thumbnail claiming a longer side than this is not one.
    static let previewMaximumSide = 4096
    /// Why a preview is not made from a file without one: normal, not logged.
    public static let noPreview = "has no embedded thumbnail"

    /// The preview of the JPEG whose first bytes are `bytes` (the file has
    /// `fileLength`; nil: `bytes` is all of it), covering `target` pixels
    /// (upright) when it can; its full size is the photo's, from its header.
    /// Refused (`noPreview`) when the file carries no usable thumbnail.
    public static func decodePreview(bytes: UnsafeRawBufferPointer, fileLength: Int? = nil, target: (width: Int, height: Int),
                                     output: Output = newSurface) -> Result<Decoded, DecodeFailure> {
        let head = Array(bytes.prefix(ExifThumbnail.readLength))
        guard case .success(let header) = PhotoHeader.parse(head, fileLength: fileLength ?? bytes.count), header.format == .jpeg,
              let range = ExifThumbnail.range(in: head) else { return .failure(.refused(noPreview)) }
        let storedTarget = header.orientation.turned(target)
        let decoded = turboDecode(UnsafeRawBufferPointer(rebasing: bytes[range]), covering: storedTarget) { w, h in
            max(w, h) <= min(previewMaximumSide, max(header.width, header.height))
        }
        let surface: UnsafeMutablePointer<SDL_Surface>
        switch decoded {
        case .success(let s): surface = s
        case .failure(.header): return .failure(.decode("its embedded thumbnail is not a JPEG libjpeg-turbo reads"))
        case .failure(.memory): return .failure(.decode("no memory for its embedded thumbnail"))
        case .failure(.decode): return .failure(.decode("its embedded thumbnail cannot be decoded"))
        }
        let sw = Int(surface.pointee.w), sh = Int(surface.pointee.h)
        let part = previewPart(thumbnail: (sw, sh), photo: (header.width, header.height))
        let scale = min(previewMaximumScale, max(Double(storedTarget.0) / Double(part.w), Double(storedTarget.1) / Double(part.h)))
        let size = (width: max(1, Int((Double(part.w) * scale).rounded(.up))), height: max(1, Int((Double(part.h) * scale).rounded(.up))))
        guard let out = resize(surface, part: part, to: size, upright: header.orientation, into: output) else {
            return .failure(.decode("no memory for its preview"))
        }
        let full = header.displaySize
        return .success(Decoded(surface: out, fullWidth: full.width, fullHeight: full.height, usedTurboJPEG: true))
    }

    /// The centre of a thumbnail of `thumbnail` pixels with the photo's
    /// aspect (both stored sizes): the whole when they differ by 2% or less.
    static func previewPart(thumbnail t: (width: Int, height: Int), photo p: (width: Int, height: Int)) -> SDL_Rect {
        let aspect = Double(p.width) / Double(max(1, p.height)), own = Double(t.width) / Double(t.height)
        guard abs(own / aspect - 1) > 0.02 else { return SDL_Rect(x: 0, y: 0, w: Int32(t.width), h: Int32(t.height)) }
        if own > aspect {
            let w = max(1, min(t.width, Int((Double(t.height) * aspect).rounded())))
            return SDL_Rect(x: Int32((t.width - w) / 2), y: 0, w: Int32(w), h: Int32(t.height))
        }
        let h = max(1, min(t.height, Int((Double(t.width) / aspect).rounded())))
        return SDL_Rect(x: 0, y: Int32((t.height - h) / 2), w: Int32(t.width), h: Int32(h))
    }
}
