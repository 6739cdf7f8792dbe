import CSDL2
import CX11
import Foundation
import TripsKit

/// The SDL window and renderer, set up the way Trips needs them: Wayland
/// first, HiDPI-aware (layout in points, drawing in pixels), each input taken
/// once (no mouse events synthesised from touches or touches from the mouse).
public final class Display {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    /// Shows the software renderer's frames through wl_shm on Wayland
    /// (`ShmPresenter`); nil where SDL presents them itself.
    public private(set) var presenter: ShmPresenter?
    /// Why Wayland's software frames go through SDL's own path after all
    /// (a line for the log), when they do.
    public private(set) var presenterFailure: String?
    public let rendererName: String
    /// Why the Wayland window for wl_shm frames was made with EGL after all
    /// (`SurfaceOnlyWindow`; a line for the log), when it was.
    public let surfaceOnlyFailure: String?
    /// The window was made without EGL (`SurfaceOnlyWindow`).
    public let isSurfaceOnly: Bool
    /// The pixel format of the picture SDL's software renderer draws into
    /// (the window's surface, or the wl_shm presenter's), in which opaque
    /// photos are uploaded so that drawing one is a plain copy
    /// (`CachedTexture`); nil for OpenGL, or a format other than 32 bits.
    public let opaqueTextureFormat: UInt32?
    public let hasVSync: Bool
    /// SDL's software renderer (on the window's surface, or the presenter's picture).
    let isSoftware: Bool
    public let videoDriver: String
    /// Tells a lost display connection (`ExitCode.displayLost`) from a requested quit.
    public let connection: ConnectionWatch
    /// How long opening took, step by step (`OpeningSteps`, TRIPS_VERBOSE).
    public let openingSteps: String

    public struct Configuration {
        public var title = "Trips"
        public var size = WindowSize(width: 1280, height: 800)
        public var mode: LaunchOptions.WindowMode = .windowed
        public var renderer: String?
        /// A window may be no larger than the display's usable area (a
        /// 1280 x 800-point window on a 640 x 400-point HiDPI output shows a
        /// quarter of itself); off for a replay, whose window is the script's.
        public var fitsDisplay = false
        /// The library a Wayland window for wl_shm frames is made with,
        /// without EGL (`SurfaceOnlyWindow`); nil: with EGL.
        public var surfaceOnlyLibrary: String?
        public init() {}

        /// The window `plan` asks for, drawn with `renderer` (nil: SDL's choice).
        public init(plan: WindowPlan, renderer: String?) {
            size = plan.pixels
            mode = plan.mode
            self.renderer = renderer
            fitsDisplay = plan.fitsDisplay
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case noDisplay(String)
        case sdl(SDLError)
        case unknownRenderer(String, available: [String])

        public var description: String {
            switch self {
            case .noDisplay(let detail): return detail
            case .sdl(let e): return "trips: \(e)"
            case .unknownRenderer(let name, let available):
                return "trips: unknown renderer '\(name)' (this machine has: \(available.joined(separator: ", ")))"
            }
        }
    }

    public init(_ configuration: Configuration, environment: [String: String]) throws {
        var steps = OpeningSteps()
        let choice = VideoDriverChoice.resolve(environment: environment)
        switch choice {
        case .none: throw Failure.noDisplay(VideoDriverChoice.noDisplayMessage)
        case .preferred(let list): SDL_SetHint(SDL_HINT_VIDEODRIVER, list)
        case .explicit: break // SDL reads SDL_VIDEODRIVER itself.
        }
        // Touch makes SDL synthesise mouse events and the mouse synthesise
        // touches; Trips takes each real input once.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        if configuration.mode == .kiosk {
            // A visitor must not close the app: only SIGTERM/SIGINT (which SDL
            // turns into SDL_QUIT) end it.
            SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")
            // A kiosk is never out of fullscreen, so it has no frame to draw;
            // libdecor, which draws one where the compositor does not, cost
            // about 16 ms to load and a black frame shown some 50 ms before
            // the first photo (weston, measured from captures of the screen).
            SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_ALLOW_LIBDECOR, "0")
        } else {
            // A desktop window should let the screen blank as usual.
            SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        }
        // Trips takes keys, never typed text, so the input method's Compose
        // table (dead keys) is of no use to it; yet libX11 parses the
        // locale's, thousands of lines a character at a time, in SDL_Init:
        // about 9 ms of every X11 start, measured on Xvfb. It reads an
        // empty table instead, unless the person named one of their own.
        // X11 only: Wayland's xkbcommon reads the table when a key is
        // first pressed, and refuses /dev/null with an error line.
        if choice.firstDriver == "x11" && environment["XCOMPOSEFILE"] == nil { setenv("XCOMPOSEFILE", "/dev/null", 1) }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let reason = String(cString: SDL_GetError())
            if case .explicit(let driver) = choice {
                throw Failure.noDisplay("trips: cannot open the display with SDL_VIDEODRIVER=\(driver): \(reason)")
            }
            throw Failure.noDisplay(VideoDriverChoice.noDisplayMessage + " — SDL said: \(reason)")
        }
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
        steps.end("SDL_Init")

        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        var size = configuration.size
        let centered = Int32(bitPattern: 0x2FFF_0000) // SDL_WINDOWPOS_CENTERED
        var origin = (x: centered, y: centered)
        var screen = SDL_Rect()
        if configuration.mode != .windowed && videoDriver == "x11" && trips_x11_window_manager_runs() == 0
            && SDL_GetDisplayBounds(0, &screen) == 0 {
            // No window manager (an X kiosk): nothing would answer a
            // fullscreen request, and SDL waits for the answer (about 100 ms
            // measured on Xvfb); a borderless window the size of the screen is the same.
            flags |= SDL_WINDOW_BORDERLESS.rawValue
            size = WindowSize(width: Int(screen.w), height: Int(screen.h))
            origin = (screen.x, screen.y)
        } else if configuration.mode != .windowed {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        }
        var usable = SDL_Rect()
        // In points, like the window's size (SDL divides by the output's
        // scale). The offscreen driver's 1024 x 768 "display" is no screen.
        if configuration.fitsDisplay, configuration.mode == .windowed, videoDriver != "offscreen",
           SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            size = WindowSize(width: min(size.width, Int(usable.w)), height: min(size.height, Int(usable.h)))
        }
        // On Wayland the software renderer's frames go through wl_shm
        // (ShmPresenter), never through SDL's OpenGL upload; TRIPS_WL_SHM=0
        // keeps SDL's own path (for the benchmarks' comparison). Such a
        // window needs no EGL, and is made without it when it can be.
        // wl_shm when there is no GPU, or `--renderer software` asks for it.
        let hasGPU = Display.hasGPU()
        let shm = videoDriver == "wayland" && environment["TRIPS_WL_SHM"] != "0"
            && (configuration.renderer.map { $0 == "software" } ?? !hasGPU)
        var surfaceOnly = false
        var surfaceOnlyFailure: String?
        if shm {
            switch SurfaceOnlyWindow.prepare(library: configuration.surfaceOnlyLibrary) {
            case .success(let flag): flags |= flag; surfaceOnly = true
            case .failure(let why): surfaceOnlyFailure = why.description
            }
        }
        /// The window made with `flags`, or the opening ends with SDL's error.
        func makeWindow(_ flags: UInt32) throws -> OpaquePointer {
            guard let made = SDL_CreateWindow(configuration.title, origin.x, origin.y, Int32(size.width), Int32(size.height), flags) else {
                let error = SDLError.last("SDL_CreateWindow")
                SDL_Quit()
                throw Failure.sdl(error)
            }
            return made
        }
        var window: OpaquePointer
        do {
            defer { if surfaceOnly { SurfaceOnlyWindow.releasePreparation() } }
            window = try makeWindow(flags)
        }
        steps.end("window")
        if configuration.mode == .kiosk {
            // On Wayland SDL 2.26 asks D-Bus's org.freedesktop.ScreenSaver
            // first and, without it (a cage kiosk), the compositor's
            // idle-inhibit protocol: zwp_idle_inhibit_manager_v1's
            // create_inhibitor on the window's surface (seen under cage).
            SDL_ShowCursor(SDL_DISABLE)
            SDL_DisableScreenSaver()
        }

        let available = Display.renderDrivers()
        // SDL's software renderer draws into the window surface, which SDL
        // would otherwise "accelerate" by uploading it through OpenGL
        // (llvmpipe on machines without a GPU): measured here, that tripled
        // the CPU per frame. X11 and the offscreen driver take the pixels
        // directly; SDL's Wayland driver has no such path and needs the GL one.
        let directFramebuffer = ["x11", "offscreen"].contains(videoDriver)
        func software() -> OpaquePointer? {
            if directFramebuffer { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
            return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        func accelerated(_ index: Int32 = -1) -> OpaquePointer? {
            SDL_CreateRenderer(window, index, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        }
        var presenter: ShmPresenter?
        var presenterFailure: String?
        func shmSoftware() throws -> OpaquePointer? {
            var failure = "SDL gave no wl_surface for the window"
            if let info = ConnectionWatch.windowInfo(window), info.subsystem == ConnectionWatch.subsystemWayland,
               let display = info.display, let surface = info.surface {
                presenter = ShmPresenter(display: display, surface: surface, failure: &failure)
            }
            if let presenter { return presenter.renderer }
            presenterFailure = "trips: software frames go through SDL's OpenGL path: \(failure)"
            if surfaceOnly {
                // SDL's own path needs the EGL the window was made without:
                // the window is made again, the usual way.
                SDL_DestroyWindow(window)
                window = try makeWindow(flags & ~SDL_WINDOW_VULKAN.rawValue)
                surfaceOnly = false
            }
            return software()
        }
        var created: OpaquePointer?
        if shm {
            // Software frames through wl_shm, at the output's scale (sharp
            // on HiDPI too), with no OpenGL at all.
            created = try shmSoftware()
        } else if let name = configuration.renderer {
            guard let index = available.firstIndex(of: name) else {
                SDL_DestroyWindow(window); SDL_Quit()
                throw Failure.unknownRenderer(name, available: available)
            }
            created = name == "software" ? software() : accelerated(Int32(index))
        } else if !hasGPU && (directFramebuffer || !Display.isHiDPI(window)) {
            // No GPU: SDL's "accelerated" renderer would be OpenGL on a
            // software rasterizer (llvmpipe), measured here as 80 ms slower
            // to start and ~2 ms more CPU a frame than SDL's own software one.
            // On Wayland too, where SDL shows the software renderer's pixels
            // as one OpenGL texture: llvmpipe then compiles one shader, not
            // one for each blend mode, texture format and geometry Trips
            // draws (Benchmarks/peers.sh: the photo on screen ~100 ms
            // sooner). Not on a HiDPI output, where that surface is in
            // points and would be scaled up, blurred.
            created = software()
        } else {
            created = accelerated() ?? software()
        }
        guard let renderer = created else {
            let error = SDLError.last("SDL_CreateRenderer")
            SDL_DestroyWindow(window); SDL_Quit()
            throw Failure.sdl(error)
        }
        self.window = window
        self.renderer = renderer
        self.isSurfaceOnly = surfaceOnly
        self.surfaceOnlyFailure = surfaceOnlyFailure
        // No smaller than a script or --size may say, so a recording of a
        // resized window always replays.
        let smallest = Int32(ReplayScript.sizeRange.lowerBound)
        SDL_SetWindowMinimumSize(window, smallest, smallest)
        connection = ConnectionWatch(window: window, environment: environment)
        steps.end("renderer")
        openingSteps = steps.list.joined(separator: ", ")
        self.presenter = presenter
        self.presenterFailure = presenterFailure
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = (info.name.map { String(cString: $0) } ?? "?") + (presenter != nil ? "/wl_shm" : "")
        isSoftware = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        if presenter != nil {
            opaqueTextureFormat = ShmPresenter.pixelFormat
        } else if isSoftware, let surface = SDL_GetWindowSurface(window),
                  let format = surface.pointee.format, format.pointee.BytesPerPixel == 4 {
            opaqueTextureFormat = format.pointee.format
        } else {
            opaqueTextureFormat = nil
        }
        // wl_surface.frame callbacks pace the presenter's frames. SDL's
        // software renderer may claim vsync, yet its present on X11 returns
        // at once: the attract loop's cross-fade ran at some 400 frames a
        // second on Xvfb; the loop paces it at the display's rate instead.
        hasVSync = presenter != nil || (!isSoftware && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        if presenter == nil { SDL_DestroyRenderer(renderer) }
        presenter?.close() // its renderer and Wayland objects go before the window
        presenter = nil
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Whether the kernel offers a GPU (a DRM device): without one, OpenGL
    /// can only be emulated on the CPU.
    static func hasGPU() -> Bool {
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return devices.contains { $0.hasPrefix("renderD") || $0.hasPrefix("card") }
    }

    /// Whether the window has more pixels than points (a HiDPI output).
    static func isHiDPI(_ window: OpaquePointer) -> Bool {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetWindowSizeInPixels(window, &pw, &ph)
        return pw > w || ph > h
    }

    /// The render drivers SDL has on this machine ("opengl", "software", ...).
    public static func renderDrivers() -> [String] {
        (0..<max(0, SDL_GetNumRenderDrivers())).compactMap { i in
            var info = SDL_RendererInfo()
            guard SDL_GetRenderDriverInfo(i, &info) == 0, let name = info.name else { return nil }
            return String(cString: name)
        }
    }

    /// The window's size in points: what layout works in.
    public var sizeInPoints: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The drawable's size in pixels.
    public var sizeInPixels: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        if presenter != nil { SDL_GetWindowSizeInPixels(window, &w, &h) } else { SDL_GetRendererOutputSize(renderer, &w, &h) }
        return (Int(w), Int(h))
    }

    /// Before a frame is drawn: the presenter's picture takes the window's
    /// size in pixels, and its buffers the output's scale where the pixels
    /// are a whole number of times the points (else SDL's viewport scales).
    public func beginFrame() {
        guard let presenter else { return }
        let pixels = sizeInPixels, points = sizeInPoints
        let whole = points.width > 0 && pixels.width % points.width == 0 ? pixels.width / points.width : 1
        presenter.prepare(width: pixels.width, height: pixels.height, scale: whole)
    }

    /// Shows the frame drawn since `beginFrame`: `damage`, the pixel
    /// rectangles that changed (nil: everything; empty: nothing, so nothing
    /// is shown). SDL's software renderer on a window's own surface shows
    /// those rectangles only; a GPU's frame is always whole. True when
    /// something was shown.
    @discardableResult
    public func present(damage: [SDL_Rect]? = nil) -> Bool {
        if let damage, damage.isEmpty {
            SDL_RenderFlush(renderer)
            return false
        }
        if let presenter {
            presenter.present(damage: damage)
        } else if var damage, isSoftware {
            SDL_RenderFlush(renderer)
            SDL_UpdateWindowSurfaceRects(window, &damage, Int32(damage.count))
        } else {
            SDL_RenderPresent(renderer)
        }
        return true
    }

    /// After a live frame: waits for the compositor's next frame callback
    /// (the presenter's vsync); nothing for SDL's renderers, which pace themselves.
    /// Meanwhile `other.fd` readable (the accessibility bus) calls `other.read`.
    public func waitForNextFrame(other: (fd: Int32, read: () -> Void)? = nil) {
        presenter?.waitForFrame(timeout: 2 * refreshInterval, other: other)
    }

    /// Pixels per point (2 on a HiDPI screen that SDL reports as such).
    public var scale: Double {
        let points = sizeInPoints, pixels = sizeInPixels
        guard points.width > 0 else { return 1 }
        return max(0.25, Double(pixels.width) / Double(points.width))
    }

    /// The display's refresh interval in seconds (1/60 when unknown), to pace
    /// frames when the renderer has no vsync.
    public var refreshInterval: Double {
        var mode = SDL_DisplayMode()
        let index = SDL_GetWindowDisplayIndex(window)
        guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return 1.0 / 60 }
        return 1 / Double(mode.refresh_rate)
    }
}
