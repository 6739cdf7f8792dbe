import CSDL2

/// Shows the frames a renderer draws, one way for the window's whole life
/// (its `PresentPath`): through wl_shm (`ShmPresenter`), from SDL's
/// software renderer on the window's surface (`SurfacePresenter`), or by
/// SDL's accelerated renderer (`RendererPresenter`).
protocol FramePresenter: AnyObject {
    /// The renderer frames are drawn with.
    var renderer: OpaquePointer { get }
    /// SDL's software renderer draws them: its picture stays from frame to
    /// frame, so only what changed is drawn again.
    var isSoftware: Bool { get }
    /// Shown at the display's rate without the loop's pacing (vsync, or
    /// the compositor's frame callbacks).
    var hasVSync: Bool { get }
    /// The pixel format of the picture drawn into, in which opaque photos
    /// are uploaded so that drawing one is a plain copy (`CachedTexture`);
    /// nil for a GPU's, or a format other than 32 bits.
    var opaqueTextureFormat: UInt32? { get }
    /// The picture's size in pixels.
    func sizeInPixels(of window: OpaquePointer) -> (width: Int, height: Int)
    /// Before a frame is drawn into the picture of `window`.
    func beginFrame(in window: OpaquePointer)
    /// Shows what was drawn: `damage`, the pixel rectangles that changed
    /// (nil: everything; never empty).
    func present(damage: [SDL_Rect]?)
    /// After a live frame: waits until the next may be shown, `timeout`
    /// seconds at most. Meanwhile `other.fd` readable calls `other.read`.
    func waitForNextFrame(timeout: @autoclosure () -> Double, other: (fd: Int32, read: () -> Void)?)
    /// Lets go of the renderer and what it drew into, before the window goes.
    func close()
}

/// SDL's software renderer on the window's own surface: a frame shows only
/// the rectangles that changed. Its present returns at once, even where
/// SDL claims vsync (on X11 the attract loop's cross-fade ran at some 400
/// frames a second on Xvfb), so the loop paces it at the display's rate.
final class SurfacePresenter: FramePresenter {
    let renderer: OpaquePointer
    private let window: OpaquePointer
    let opaqueTextureFormat: UInt32?
    var isSoftware: Bool { true }
    var hasVSync: Bool { false }

    init(renderer: OpaquePointer, window: OpaquePointer) {
        self.renderer = renderer
        self.window = window
        if let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format, format.pointee.BytesPerPixel == 4 {
            opaqueTextureFormat = format.pointee.format
        } else {
            opaqueTextureFormat = nil
        }
    }

    func sizeInPixels(of window: OpaquePointer) -> (width: Int, height: Int) { RendererPresenter.outputSize(renderer) }
    func beginFrame(in window: OpaquePointer) {}

    func present(damage: [SDL_Rect]?) {
        guard var damage else { SDL_RenderPresent(renderer); return }
        SDL_RenderFlush(renderer)
        SDL_UpdateWindowSurfaceRects(window, &damage, Int32(damage.count))
    }

    func waitForNextFrame(timeout: @autoclosure () -> Double, other: (fd: Int32, read: () -> Void)?) {}
    func close() { SDL_DestroyRenderer(renderer) }
}

/// SDL's accelerated renderer (OpenGL, OpenGL ES): a frame is always shown
/// whole, paced by vsync when the renderer has it.
final class RendererPresenter: FramePresenter {
    let renderer: OpaquePointer
    let hasVSync: Bool
    var isSoftware: Bool { false }
    var opaqueTextureFormat: UInt32? { nil }

    init(renderer: OpaquePointer, hasVSync: Bool) {
        self.renderer = renderer
        self.hasVSync = hasVSync
    }

    /// The renderer's output size in pixels.
    static func outputSize(_ renderer: OpaquePointer) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    func sizeInPixels(of window: OpaquePointer) -> (width: Int, height: Int) { Self.outputSize(renderer) }
    func beginFrame(in window: OpaquePointer) {}
    func present(damage: [SDL_Rect]?) { SDL_RenderPresent(renderer) }
    func waitForNextFrame(timeout: @autoclosure () -> Double, other: (fd: Int32, read: () -> Void)?) {}
    func close() { SDL_DestroyRenderer(renderer) }
}
