import CSDL2

/// Writes what the renderer has drawn (before it is presented) as a PNG,
/// or hands it over as a JPEG (a remote `screenshot`), never through a file.
public enum Screenshot {
    public static func write(renderer: OpaquePointer, to path: String) throws {
        try read(renderer) { surface in
            guard IMG_SavePNG(surface, path) == 0 else { throw SDLError.last("IMG_SavePNG(\(path))") }
        }
    }

    /// The drawn picture as JPEG bytes (SDL_image into memory big enough for
    /// the raw pixels, which a JPEG never outgrows).
    public static func jpeg(renderer: OpaquePointer, quality: Int32 = 85) throws -> [UInt8] {
        try read(renderer) { surface in
            let room = Int(surface.pointee.w) * Int(surface.pointee.h) * 3 + 65_536
            var bytes = [UInt8](repeating: 0, count: room)
            let written: Int = try bytes.withUnsafeMutableBytes { buffer in
                guard let rw = SDL_RWFromMem(buffer.baseAddress, Int32(room)) else { throw SDLError.last("SDL_RWFromMem") }
                defer { SDL_RWclose(rw) }
                guard IMG_SaveJPG_RW(surface, rw, 0, quality) == 0 else { throw SDLError.last("IMG_SaveJPG_RW") }
                return Int(SDL_RWtell(rw))
            }
            return Array(bytes.prefix(written))
        }
    }

    private static func read<T>(_ renderer: OpaquePointer, _ use: (UnsafeMutablePointer<SDL_Surface>) throws -> T) throws -> T {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else { throw SDLError.last("SDL_GetRendererOutputSize") }
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else {
            throw SDLError.last("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, format, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError.last("SDL_RenderReadPixels")
        }
        return try use(surface)
    }
}
