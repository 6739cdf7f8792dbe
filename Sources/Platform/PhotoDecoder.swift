import CSDL2
import CTurboJPEG
import Foundation
import PhotoFile
import TripsKit

/// Decodes one photo into pixels no larger than needed, upright, on any
/// thread (SDL surfaces, unlike textures, may be made off the main thread).
/// JPEGs go through libjpeg-turbo at a DCT scale of n/8; other formats
/// through SDL_image, then shrunk. Hostile files are refused from their
/// header before anything is decoded.
public struct PhotoDecoder {
    /// A decoded picture: an RGBA32 surface the caller frees (or turns into
    /// a texture) on the main thread.
    public struct Decoded {
        public var surface: UnsafeMutablePointer<SDL_Surface>
        /// The picture's full, upright size in pixels (for the crop's aspect).
        public var fullWidth: Int
        public var fullHeight: Int
        public var usedTurboJPEG: Bool
    }

    public enum Failure: Error, CustomStringConvertible {
        case refused(String)
        case decode(String)
        public var description: String {
            switch self {
            case .refused(let why), .decode(let why): return why
            }
        }
    }

    /// Decodes `path` to cover `target` pixels (aspect fill). `plainSDL`
    /// forces IMG_Load for every format (the benchmark's comparison).
    public static func decode(path: String, target: (width: Int, height: Int), plainSDL: Bool = false) -> Result<Decoded, Failure> {
        let header: PhotoHeader
        switch PhotoFileCheck.inspect(atPath: path) {
        case .success(let h): header = h
        case .failure(let refusal): return .failure(.refused(refusal.description))
        }
        if header.format == .jpeg && !plainSDL, let decoded = decodeJPEG(path: path, header: header, target: target) {
            return .success(decoded)
        }
        guard let loaded = IMG_Load(path) else {
            return .failure(.decode("SDL_image cannot read it: \(String(cString: SDL_GetError()))"))
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            return .failure(.decode("cannot convert its pixels: \(String(cString: SDL_GetError()))"))
        }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h)
        let oriented = orient(rgba, header.orientation)
        let size = PhotoHeader(format: header.format, width: w, height: h, orientation: header.orientation).displaySize
        return .success(Decoded(surface: shrink(oriented, toCover: target), fullWidth: size.width, fullHeight: size.height, usedTurboJPEG: false))
    }

    /// libjpeg-turbo at the smallest n/8 scale that still covers the target.
    private static func decodeJPEG(path: String, header: PhotoHeader, target: (width: Int, height: Int)) -> Decoded? {
        guard let data = FileManager.default.contents(atPath: path), let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        return data.withUnsafeBytes { raw -> Decoded? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, base, UInt(raw.count), &w, &h, &subsampling, &colorspace) == 0 else { return nil }
            // The target is upright; the stored picture may be turned.
            let storedTarget = header.orientation.swapsWidthAndHeight ? (target.height, target.width) : target
            let n = DecodePlan.jpegScale(image: (Int(w), Int(h)), target: storedTarget)
            let sw = (Int(w) * n + 7) / 8, sh = (Int(h) * n + 7) / 8
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(sw), Int32(sh), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
            let ok = tjDecompress2(handle, base, UInt(raw.count), surface.pointee.pixels.assumingMemoryBound(to: UInt8.self),
                                   Int32(sw), surface.pointee.pitch, Int32(sh), Int32(TJPF_RGBA.rawValue), TJFLAG_FASTDCT)
            guard ok == 0 else {
                SDL_FreeSurface(surface)
                return nil // let SDL_image try and give its reason
            }
            let oriented = orient(surface, header.orientation)
            let full = PhotoHeader(format: .jpeg, width: Int(w), height: Int(h), orientation: header.orientation).displaySize
            return Decoded(surface: shrink(oriented, toCover: target), fullWidth: full.width, fullHeight: full.height, usedTurboJPEG: true)
        }
    }

    /// The surface turned upright (a new surface; the old one is freed).
    private static func orient(_ surface: UnsafeMutablePointer<SDL_Surface>, _ orientation: ExifOrientation) -> UnsafeMutablePointer<SDL_Surface> {
        guard orientation != .up else { return surface }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch) / 4
        var pixels = [UInt32](repeating: 0, count: w * h)
        let src = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<h { for x in 0..<w { pixels[y * w + x] = src[y * pitch + x] } }
        let turned = PixelOrientation.apply(orientation.transform, to: pixels, width: w, height: h)
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(turned.width), Int32(turned.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            return surface
        }
        SDL_FreeSurface(surface)
        let dst = out.pointee.pixels.assumingMemoryBound(to: UInt32.self), outPitch = Int(out.pointee.pitch) / 4
        for y in 0..<turned.height { for x in 0..<turned.width { dst[y * outPitch + x] = turned.pixels[y * turned.width + x] } }
        return out
    }

    /// The surface shrunk (linear filtering) to cover `target`, or itself
    /// when it is no bigger than that.
    private static func shrink(_ surface: UnsafeMutablePointer<SDL_Surface>, toCover target: (width: Int, height: Int)) -> UnsafeMutablePointer<SDL_Surface> {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        let cover = DecodePlan.coverSize(image: (w, h), target: target)
        guard cover.width < w || cover.height < h,
              let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(cover.width), Int32(cover.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue)
        else { return surface }
        var src = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)), dst = SDL_Rect(x: 0, y: 0, w: Int32(cover.width), h: Int32(cover.height))
        guard SDL_SoftStretchLinear(surface, &src, out, &dst) == 0 else {
            SDL_FreeSurface(out)
            return surface
        }
        SDL_FreeSurface(surface)
        return out
    }
}
