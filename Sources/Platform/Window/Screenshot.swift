import CSDL2

/// Writes what the renderer has drawn (before it is presented) as a PNG.
public enum Screenshot {
    public static func write(renderer: OpaquePointer, to path: String) throws {
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
        guard IMG_SavePNG(surface, path) == 0 else { throw SDLError.last("IMG_SavePNG(\(path))") }
    }
}
