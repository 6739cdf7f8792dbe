import CSDL2

/// Shared pixels as SDL sees them, for the codecs that write through SDL
/// (SDL_image, a scaled copy) and for the app's tiles cut from a whole
/// picture; kept out of the wire itself, which the app side reads without SDL.
extension SharedPixels {
    /// An SDL surface over these pixels (it does not own them).
    public func surface() -> UnsafeMutablePointer<SDL_Surface>? {
        SDL_CreateRGBSurfaceWithFormatFrom(base, Int32(width), Int32(height), 32, Int32(pitch), SDL_PIXELFORMAT_RGBA32.rawValue)
    }
}
