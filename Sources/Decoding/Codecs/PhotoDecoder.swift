import CSDL2
import CTurboJPEG
import Foundation
import PhotoFile

/// Decodes one photo's bytes into pixels no larger than needed, upright.
/// It runs inside a sandboxed decode worker (`DecoderWorker`), so it touches
/// nothing but memory: the bytes come from a descriptor the app opened, the
/// pixels go into a surface the caller supplies (shared memory). JPEGs go
/// through libjpeg-turbo at a DCT scale of n/8; HEIC and AVIF through
/// libheif; JPEG XL through libjxl; other formats through SDL_image, then shrunk. An embedded ICC
/// profile is converted to sRGB (`ColourConversion`). Hostile files are
/// refused from their header before anything is decoded.
public struct PhotoDecoder {
    /// A decoded picture: an RGBA32 surface made by the caller's `output`.
    public struct Decoded {
        public var surface: UnsafeMutablePointer<SDL_Surface>
        /// The picture's full, upright size in pixels (for the crop's aspect).
        public var fullWidth: Int
        public var fullHeight: Int
        public var usedTurboJPEG: Bool
        /// Something the app should log once though the photo shows (a
        /// colour profile that could not be used), or nil.
        public var note: String? = nil
    }

    /// Makes the RGBA32 surface a decode ends in, for a size; nil when it cannot.
    public typealias Output = (_ width: Int, _ height: Int) -> UnsafeMutablePointer<SDL_Surface>?

    /// A plain SDL surface (in-process decoding: the benchmark's baseline).
    public static func newSurface(_ width: Int, _ height: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue)
    }

    /// Decodes a whole file's `bytes` to cover `target` pixels (aspect fill),
    /// ending in a surface from `output`. `fileExtension` tells SDL_image
    /// the formats it cannot tell from the bytes (TGA). `plainSDL` forces
    /// SDL_image for every format (the benchmark's comparison).
    public static func decode(bytes: UnsafeRawBufferPointer, fileExtension: String, target: (width: Int, height: Int),
                              plainSDL: Bool = false, output: Output = newSurface) -> Result<Decoded, DecodeFailure> {
        let header: PhotoHeader
        switch PhotoHeader.read(bytes: bytes) {
        case .success(let h): header = h
        case .failure(let problem): return .failure(.refused(problem.description))
        }
        if let problem = PhotoFileCheck.problem(head: Array(bytes.prefix(16)), tail: Array(bytes.suffix(4096))) {
            return .failure(.refused(problem))
        }
        if header.format.isHEIF { return decodeHEIF(bytes, header: header, target: target, output: output) }
        if header.format == .jxl { return decodeJXL(bytes, header: header, target: target, output: output) }
        if header.format == .jpeg && !plainSDL, let decoded = decodeJPEG(bytes, header: header, target: target, output: output) {
            return .success(convertingColour(decoded, bytes: bytes, format: header.format))
        }
        if header.format == .webp, let first = WebPFrames.firstFrame(bytes, target: target, output: output) { return first }
        guard let base = bytes.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(clamping: bytes.count)),
              let loaded = IMG_LoadTyped_RW(stream, 1, fileExtension.uppercased()) else {
            return .failure(.decode("SDL_image cannot read it: \(String(cString: SDL_GetError()))"))
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            return .failure(.decode("cannot convert its pixels: \(String(cString: SDL_GetError()))"))
        }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h)
        let size = PhotoHeader(format: header.format, width: w, height: h, orientation: header.orientation).displaySize
        guard let out = shrink(rgba, upright: header.orientation, toCover: target, into: output) else {
            return .failure(.decode("no memory for its \(w) x \(h) pixels"))
        }
        return .success(convertingColour(Decoded(surface: out, fullWidth: size.width, fullHeight: size.height, usedTurboJPEG: false),
                                         bytes: bytes, format: header.format))
    }

    /// `decoded` converted to sRGB from the profile its file carries, if any.
    static func convertingColour(_ decoded: Decoded, bytes: UnsafeRawBufferPointer, format: PhotoHeader.Format) -> Decoded {
        guard let profile = EmbeddedProfile.find(in: bytes, format: format) else { return decoded }
        var converted = decoded
        converted.note = ColourConversion.toSRGB(decoded.surface, profile: profile)
        return converted
    }

    /// libjpeg-turbo at the smallest n/8 scale that still covers the target.
    private static func decodeJPEG(_ bytes: UnsafeRawBufferPointer, header: PhotoHeader, target: (width: Int, height: Int),
                                   output: Output) -> Decoded? {
        // The target is upright; the stored picture may be turned.
        guard case .success(let decoded) = turboDecode(bytes, covering: header.orientation.turned(target)) else {
            return nil // let SDL_image try and give its reason
        }
        let full = header.displaySize
        guard let out = shrink(decoded, upright: header.orientation, toCover: target, into: output) else { return nil }
        return Decoded(surface: out, fullWidth: full.width, fullHeight: full.height, usedTurboJPEG: true)
    }

    /// Why `turboDecode` gave no picture.
    enum TurboFailure: Error { case header, memory, decode }

    /// The JPEG `jpeg` decoded by libjpeg-turbo, in its stored orientation,
    /// at the smallest n/8 scale that still covers `storedTarget`, into a
    /// new RGBA32 surface: the whole photo's strip or big picture, and a
    /// preview's embedded thumbnail. `isAcceptable` may refuse the size its
    /// header claims before anything is decoded.
    static func turboDecode(_ jpeg: UnsafeRawBufferPointer, covering storedTarget: (width: Int, height: Int),
                            isAcceptable: (_ width: Int, _ height: Int) -> Bool = { _, _ in true })
        -> Result<UnsafeMutablePointer<SDL_Surface>, TurboFailure> {
        guard let base = jpeg.bindMemory(to: UInt8.self).baseAddress, let handle = tjInitDecompress() else { return .failure(.header) }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, UInt(jpeg.count), &w, &h, &subsampling, &colorspace) == 0, w > 0, h > 0,
              isAcceptable(Int(w), Int(h)) else { return .failure(.header) }
        let n = DecodePlan.jpegScale(image: (Int(w), Int(h)), target: storedTarget)
        let sw = (Int(w) * n + 7) / 8, sh = (Int(h) * n + 7) / 8
        guard let surface = newSurface(sw, sh) else { return .failure(.memory) }
        guard tjDecompress2(handle, base, UInt(jpeg.count), surface.pointee.pixels.assumingMemoryBound(to: UInt8.self), Int32(sw),
                            surface.pointee.pitch, Int32(sh), Int32(TJPF_RGBA.rawValue), TJFLAG_FASTDCT) == 0 else {
            SDL_FreeSurface(surface)
            return .failure(.decode)
        }
        return .success(surface)
    }

    /// The stored picture shrunk (linear filtering) to cover `target` and
    /// turned upright, written once into a surface from `output`; the input
    /// is freed. It is shrunk first, in its stored orientation, so turning
    /// costs one pass over the small picture. Nil when `output` has no room.
    static func shrink(_ surface: UnsafeMutablePointer<SDL_Surface>, upright orientation: ExifOrientation,
                               toCover target: (width: Int, height: Int), into output: Output) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        // The target is upright; the stored picture may be turned.
        let cover = DecodePlan.coverSize(image: (w, h), target: orientation.turned(target))
        return resize(surface, part: SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)), to: cover, upright: orientation, into: output)
    }

    /// The `part` of a stored picture scaled (linear filtering) to `size`
    /// (stored orientation) and turned upright, written once into a surface
    /// from `output`; the input is freed. Nil when there is no room.
    static func resize(_ surface: UnsafeMutablePointer<SDL_Surface>, part: SDL_Rect, to size: (width: Int, height: Int),
                               upright orientation: ExifOrientation, into output: Output) -> UnsafeMutablePointer<SDL_Surface>? {
        defer { SDL_FreeSurface(surface) }
        let whole = part.x == 0 && part.y == 0 && Int(part.w) == Int(surface.pointee.w) && Int(part.h) == Int(surface.pointee.h)
        guard orientation != .up else { return scale(surface, part: part, to: size, into: output) }
        let scaled = whole && size == (Int(part.w), Int(part.h)) ? surface : scale(surface, part: part, to: size, into: newSurface)
        guard let scaled else { return nil }
        defer { if scaled != surface { SDL_FreeSurface(scaled) } }
        let transform = orientation.transform
        let upright = PixelOrientation.turnedSize(transform, width: size.width, height: size.height)
        guard let out = output(upright.width, upright.height) else { return nil }
        PixelOrientation.apply(transform, from: scaled.pointee.pixels.assumingMemoryBound(to: UInt32.self), width: size.width,
                               height: size.height, pitch: Int(scaled.pointee.pitch) / 4,
                               to: out.pointee.pixels.assumingMemoryBound(to: UInt32.self), pitch: Int(out.pointee.pitch) / 4)
        return out
    }

    /// The `part` of `surface` scaled (linear filtering, down or up) or
    /// copied to `size`, into a new surface from `output`.
    private static func scale(_ surface: UnsafeMutablePointer<SDL_Surface>, part: SDL_Rect, to size: (width: Int, height: Int),
                              into output: Output) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let out = output(size.width, size.height) else { return nil }
        var src = part, dst = SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE) // a copy, not a blend over the empty output
        let same = size == (Int(part.w), Int(part.h))
        let done = same ? SDL_UpperBlit(surface, &src, out, &dst) : SDL_SoftStretchLinear(surface, &src, out, &dst)
        guard done == 0 else {
            SDL_FreeSurface(out)
            return nil
        }
        return out
    }
}
