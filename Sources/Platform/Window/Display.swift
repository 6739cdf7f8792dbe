import CSDL2
import Foundation
import TripsKit

/// The SDL window and renderer, set up the way Trips needs them: Wayland
/// first, HiDPI-aware (layout in points, drawing in pixels), each input taken
/// once (no mouse events synthesised from touches or touches from the mouse).
public final class Display {
    public let window: OpaquePointer
    /// `--scale`, where the compositor says 1; else, for a fullscreen
    /// window on a TV, the scale Trips chose (`AutomaticScale`).
    let operatorScale: Double?
    /// The line saying which scale Trips chose for the screen, when it chose one.
    public let automaticScaleNote: String?
    /// How frames are shown, decided once (`PresentPath`).
    private let frames: any FramePresenter
    /// The renderer everything is drawn with.
    public var renderer: OpaquePointer { frames.renderer }
    /// Shows the software renderer's frames through wl_shm on Wayland
    /// (`ShmPresenter`); nil where SDL presents them itself.
    public var presenter: ShmPresenter? { frames as? ShmPresenter }
    /// Why Wayland's software frames go through SDL's own path after all
    /// (a line for the log), when they do.
    public let presenterFailure: String?
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
    public var opaqueTextureFormat: UInt32? { frames.opaqueTextureFormat }
    /// Frames are paced by vsync or the compositor, not by the loop.
    public var hasVSync: Bool { frames.hasVSync }
    /// SDL's software renderer (on the window's surface, or the presenter's picture).
    var isSoftware: Bool { frames.isSoftware }
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
        /// `--scale`: pixels per point where the compositor says 1.
        public var operatorScale: Double?
        public init() {}

        /// The window `plan` asks for, drawn with `renderer` (nil: SDL's choice).
        public init(plan: WindowPlan, renderer: String?) {
            size = plan.pixels
            mode = plan.mode
            self.renderer = renderer
            fitsDisplay = plan.fitsDisplay
            operatorScale = plan.operatorScale
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
        videoDriver = try Self.startSDL(mode: configuration.mode, environment: environment)
        steps.end("SDL_Init")

        var request = WindowRequest(configuration, videoDriver: videoDriver)
        // Such a window needs no EGL, and is made without it when it can be.
        let hasGPU = Display.hasGPU()
        var surfaceOnly = false
        var surfaceOnlyFailure: String?
        if PresentPath.goesThroughShm(videoDriver: videoDriver, renderer: configuration.renderer, hasGPU: hasGPU, environment: environment) {
            switch SurfaceOnlyWindow.prepare(library: configuration.surfaceOnlyLibrary) {
            case .success(let flag): request.flags |= flag; surfaceOnly = true
            case .failure(let why): surfaceOnlyFailure = why.description
            }
        }
        var window: OpaquePointer
        do {
            defer { if surfaceOnly { SurfaceOnlyWindow.releasePreparation() } }
            window = try request.make()
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

        var path: PresentPath
        do {
            path = try PresentPath.decide(videoDriver: videoDriver, renderer: configuration.renderer, available: Display.renderDrivers(),
                                          hasGPU: hasGPU, environment: environment, isHiDPI: { Display.isHiDPI(window) })
        } catch {
            SDL_DestroyWindow(window); SDL_Quit()
            throw error
        }
        var shm: ShmPresenter?
        var presenterFailure: String?
        if path == .waylandShm {
            let made = Self.shmPresenter(on: window)
            shm = made.presenter
            if let failure = made.failure {
                presenterFailure = "trips: software frames go through SDL's OpenGL path: \(failure)"
                path = .software
                if surfaceOnly {
                    // SDL's own path needs the EGL the window was made without:
                    // the window is made again, the usual way.
                    SDL_DestroyWindow(window)
                    request.flags &= ~SDL_WINDOW_VULKAN.rawValue
                    window = try request.make()
                    surfaceOnly = false
                }
            }
        }
        let created = shm?.renderer ?? Self.sdlRenderer(for: path, on: window, direct: PresentPath.takesPixelsDirectly(videoDriver: videoDriver))
        guard let renderer = created else {
            let error = SDLError.last("SDL_CreateRenderer")
            SDL_DestroyWindow(window); SDL_Quit()
            throw Failure.sdl(error)
        }
        self.window = window
        let automatic = configuration.operatorScale == nil && configuration.mode != .windowed && videoDriver != "offscreen"
            ? Self.automaticScale(of: window) : nil
        operatorScale = configuration.operatorScale ?? automatic?.scale
        automaticScaleNote = automatic?.note
        self.isSurfaceOnly = surfaceOnly
        self.surfaceOnlyFailure = surfaceOnlyFailure
        // No smaller than a script or --size may say, so a recording of a
        // resized window always replays.
        let smallest = Int32(ReplayScript.sizeRange.lowerBound)
        SDL_SetWindowMinimumSize(window, smallest, smallest)
        connection = ConnectionWatch(window: window, environment: environment)
        steps.end("renderer")
        openingSteps = steps.list.joined(separator: ", ")
        self.presenterFailure = presenterFailure
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = (info.name.map { String(cString: $0) } ?? "?") + (shm != nil ? "/wl_shm" : "")
        if let shm {
            frames = shm
        } else if info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 {
            frames = SurfacePresenter(renderer: renderer, window: window)
        } else {
            frames = RendererPresenter(renderer: renderer, hasVSync: info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0)
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        frames.close() // the presenter's renderer and Wayland objects go before the window
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The scale for `window`'s screen where the compositor says 1, from
    /// the screen's pixels and its size (SDL's DPI: RandR's millimetres on
    /// X11, wl_output's on Wayland); nil when none is chosen.
    private static func automaticScale(of window: OpaquePointer) -> AutomaticScale? {
        var units: Int32 = 0, pixels: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &units, &height)
        SDL_GetWindowSizeInPixels(window, &pixels, &height)
        guard units > 0, Double(pixels) / Double(units) < 1.01 else { return nil } // the compositor scales
        let index = SDL_GetWindowDisplayIndex(window)
        var bounds = SDL_Rect(), diagonal: Float = 0, horizontal: Float = 0, vertical: Float = 0
        guard index >= 0, SDL_GetDisplayBounds(index, &bounds) == 0 else { return nil }
        let known = SDL_GetDisplayDPI(index, &diagonal, &horizontal, &vertical) == 0 && horizontal > 0
        return AutomaticScale(pixels: (Int(bounds.w), Int(bounds.h)), millimetresPerPixel: known ? 25.4 / Double(horizontal) : nil)
    }

    /// The wl_shm presenter on `window`'s Wayland surface, or why there is none.
    private static func shmPresenter(on window: OpaquePointer) -> (presenter: ShmPresenter?, failure: String?) {
        var failure = "SDL gave no wl_surface for the window"
        if let info = ConnectionWatch.windowInfo(window), info.subsystem == ConnectionWatch.subsystemWayland,
           let display = info.display, let surface = info.surface, let presenter = ShmPresenter(display: display, surface: surface, failure: &failure) {
            return (presenter, nil)
        }
        return (nil, failure)
    }

    /// SDL's renderer for `path` on `window` (none for wl_shm, whose
    /// presenter makes its own): software, or an accelerated one with
    /// vsync, software when SDL's own choice cannot be made. `direct`: the
    /// video driver takes a software renderer's pixels as they are, which
    /// SDL is told, or it would upload them through OpenGL
    /// (`PresentPath.takesPixelsDirectly`).
    private static func sdlRenderer(for path: PresentPath, on window: OpaquePointer, direct: Bool) -> OpaquePointer? {
        func software() -> OpaquePointer? {
            if direct { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
            return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        switch path {
        case .waylandShm: return nil
        case .software: return software()
        case .accelerated(let index):
            let made = SDL_CreateRenderer(window, index ?? -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            return made ?? (index == nil ? software() : nil)
        }
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
        let units = sizeInWindowUnits, per = windowUnitsPerPoint
        return (Int((Double(units.width) / per).rounded()), Int((Double(units.height) / per).rounded()))
    }

    /// The window's size as SDL gives it (its events' coordinates): points
    /// on a compositor that scales, pixels on one that says 1.
    var sizeInWindowUnits: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// `--scale`: how many of SDL's window units make a point, where the
    /// compositor says 1 (SDL's units are then pixels); else 1.
    public var windowUnitsPerPoint: Double {
        guard let operatorScale, compositorScale < 1.01 else { return 1 }
        return operatorScale
    }

    /// Pixels per window unit: the compositor's scale (2 on a HiDPI output).
    public var compositorScale: Double {
        let units = sizeInWindowUnits, pixels = sizeInPixels
        guard units.width > 0 else { return 1 }
        return max(0.25, Double(pixels.width) / Double(units.width))
    }

    /// The drawable's size in pixels.
    public var sizeInPixels: (width: Int, height: Int) { frames.sizeInPixels(of: window) }

    /// Before a frame is drawn (the wl_shm presenter's picture takes the
    /// window's size).
    public func beginFrame() { frames.beginFrame(in: window) }

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
        frames.present(damage: damage)
        return true
    }

    /// After a live frame: waits for the compositor's next frame callback
    /// (the presenter's vsync); nothing for SDL's renderers, which pace themselves.
    /// Meanwhile `other.fd` readable (the accessibility bus) calls `other.read`.
    public func waitForNextFrame(other: (fd: Int32, read: () -> Void)? = nil) {
        frames.waitForNextFrame(timeout: 2 * refreshInterval, other: other)
    }

    /// Pixels per point (2 on a HiDPI screen that SDL reports as such, or
    /// `--scale`'s where the compositor says 1).
    public var scale: Double { compositorScale * windowUnitsPerPoint }

    /// The display's refresh interval in seconds (1/60 when unknown), to pace
    /// frames when the renderer has no vsync.
    public var refreshInterval: Double {
        var mode = SDL_DisplayMode()
        let index = SDL_GetWindowDisplayIndex(window)
        guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return 1.0 / 60 }
        return 1 / Double(mode.refresh_rate)
    }
}
