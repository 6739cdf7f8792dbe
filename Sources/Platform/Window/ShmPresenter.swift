import CSDL2
import CWayland
import Foundation
import Glibc

/// Shows software-rendered frames on SDL's Wayland window without OpenGL.
///
/// SDL 2.26 shows a software renderer's pixels on Wayland by uploading them
/// as an OpenGL texture each frame (llvmpipe without a GPU): about seven
/// times the CPU of the same frame on X11 (docs/PRESENTING.md). Here SDL
/// keeps the window, its input and the loop; Trips draws with SDL's
/// software renderer into a render-target texture of the window's size in
/// pixels, copies what changed into a `wl_shm` buffer and commits it on the
/// window's own `wl_surface`:
/// - a pool of at most `maximumBuffers`, a buffer never drawn into between
///   `attach` and the compositor's `wl_buffer.release`;
/// - `damage_buffer` for the changed rectangles only;
/// - `wl_surface.frame` callbacks pace the live loop;
/// - `set_buffer_scale` at the window's pixels per point, so a scale-2
///   output gets a picture drawn at scale 2.
/// Its requests and events go through a `wl_event_queue` of its own (proxy
/// wrappers of the display and the surface), so SDL's events are never
/// dispatched here and its own never there.
public final class ShmPresenter {
    /// The pixel format of the picture drawn, and of its buffers (wl_shm's
    /// XRGB8888, which every compositor offers): one with no alpha, so SDL
    /// blends onto it with its fast paths. Onto ARGB8888 it took a generic
    /// blitter: a quarter of the attract loop's cross-fades on Wayland.
    static let pixelFormat = SDL_PIXELFORMAT_RGB888.rawValue
    /// The software renderer everything is drawn with.
    public let renderer: OpaquePointer
    private let display: OpaquePointer
    private let surface: OpaquePointer
    private let queue: OpaquePointer
    private let displayWrapper: OpaquePointer
    private let surfaceWrapper: OpaquePointer
    private var registry: OpaquePointer?
    fileprivate var shm: OpaquePointer?
    /// The 1 x 1 surface the renderer was made on: it draws into `target`.
    private let origin: UnsafeMutablePointer<SDL_Surface>
    private var target: OpaquePointer?
    private var size = (width: 0, height: 0)
    private var bufferScale: Int32 = 1
    private var buffers: [ShmBuffer] = []
    /// Buffers of an older size that the compositor still holds: destroyed once released.
    private var retired: [ShmBuffer] = []
    fileprivate var frameCallback: OpaquePointer?
    /// What changed since the last commit (skipped frames add up).
    private var surfaceDamage = DamageRegion(bounds: SDL_Rect())
    private let registryListener: UnsafeMutablePointer<wl_registry_listener>
    private let bufferListener: UnsafeMutablePointer<wl_buffer_listener>
    private let frameListener: UnsafeMutablePointer<wl_callback_listener>
    static let maximumBuffers = 3

    /// What it did, for TRIPS_VERBOSE and the e2e test.
    public struct Counters {
        public var frames = 0
        public var framesSkipped = 0
        public var buffersMade = 0
        public var releases = 0
        /// Times a buffer the compositor held was written: must stay 0.
        public var heldWrites = 0
        public var copiedPixels = 0
    }
    public private(set) var counters = Counters()

    /// A presenter on `surface` of `display` (SDL's, from its window), or nil
    /// (with the reason in `failure`) when the compositor offers no wl_shm.
    init?(display: OpaquePointer, surface: OpaquePointer, failure: inout String) {
        self.display = display
        self.surface = surface
        registryListener = .allocate(capacity: 1)
        bufferListener = .allocate(capacity: 1)
        frameListener = .allocate(capacity: 1)
        registryListener.initialize(to: wl_registry_listener(global: { data, registry, name, interface, version in
            guard let data, let interface, String(cString: interface) == "wl_shm" else { return }
            let presenter = Unmanaged<ShmPresenter>.fromOpaque(data).takeUnretainedValue()
            presenter.shm = wl_registry_bind(registry, name, trips_wl_shm_interface(), 1).map(OpaquePointer.init)
        }, global_remove: { _, _, _ in }))
        bufferListener.initialize(to: wl_buffer_listener(release: ShmBuffer.releaseHandler))
        frameListener.initialize(to: wl_callback_listener(done: { data, callback, _ in
            guard let data else { return }
            let presenter = Unmanaged<ShmPresenter>.fromOpaque(data).takeUnretainedValue()
            if let callback { wl_callback_destroy(callback) }
            if presenter.frameCallback == callback { presenter.frameCallback = nil }
        }))
        queue = wl_display_create_queue(display)
        displayWrapper = OpaquePointer(wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)))
        surfaceWrapper = OpaquePointer(wl_proxy_create_wrapper(UnsafeMutableRawPointer(surface)))
        wl_proxy_set_queue(displayWrapper, queue)
        wl_proxy_set_queue(surfaceWrapper, queue)
        origin = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, Self.pixelFormat)
        renderer = SDL_CreateSoftwareRenderer(origin)
        registry = wl_display_get_registry(displayWrapper)
        if let registry { wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque()) }
        wl_display_roundtrip_queue(display, queue)
        guard shm != nil else {
            failure = "the compositor offers no wl_shm"
            return nil
        }
    }

    deinit { close() }

    /// True once `close()` let go of the Wayland objects.
    private var isClosed = false

    /// Lets go of every Wayland and SDL object, once. Display calls it
    /// before the window and SDL go (SDL_Quit disconnects the wl_display),
    /// because whoever still holds the presenter (a log line's `summary`)
    /// must not make its buffers outlive their connection: an optimised
    /// build released the last reference after SDL_Quit and crashed.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if let frameCallback { wl_callback_destroy(frameCallback) }
        buffers.removeAll()
        retired.removeAll()
        if let target { SDL_DestroyTexture(target) }
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(origin)
        if let shm { wl_shm_destroy(shm) }
        if let registry { wl_registry_destroy(registry) }
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(surfaceWrapper))
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(displayWrapper))
        wl_event_queue_destroy(queue)
        registryListener.deallocate()
        bufferListener.deallocate()
        frameListener.deallocate()
    }

    /// Makes the render target `width` x `height` pixels (the window's
    /// drawable) at `scale` pixels per point, and draws into it from now on.
    /// A new size is a whole new picture.
    func prepare(width: Int, height: Int, scale: Int) {
        let width = max(1, width), height = max(1, height)
        if size != (width, height) || target == nil {
            if let target { SDL_DestroyTexture(target) }
            target = SDL_CreateTexture(renderer, Self.pixelFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                       Int32(width), Int32(height))
            size = (width, height)
            surfaceDamage = DamageRegion(whole: SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)))
            for buffer in buffers {
                if buffer.isHeld { retired.append(buffer) } else { releasedDropped += buffer.releases }
            }
            buffers.removeAll()
        }
        bufferScale = Int32(max(1, scale))
        if SDL_GetRenderTarget(renderer) != target { SDL_SetRenderTarget(renderer, target) }
    }

    /// The render target's size in pixels.
    var pixelSize: (width: Int, height: Int) { size }

    /// Shows what was drawn: `damage` (pixel rectangles; nil: everything)
    /// is what changed since the last frame.
    func present(damage: [SDL_Rect]?) {
        guard target != nil else { return }
        dispatchPending()
        let whole = SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))
        var frame = DamageRegion(bounds: whole)
        if let damage { for rect in damage { frame.add(rect) } } else { frame.addWhole() }
        for buffer in buffers { buffer.stale.add(frame) }
        surfaceDamage.add(frame)
        guard let buffer = freeBuffer() else {
            counters.framesSkipped += 1 // its damage stays in every buffer's and the surface's record
            return
        }
        if buffer.isHeld { counters.heldWrites += 1 }
        for var rect in buffer.stale.rects {
            let start = buffer.pixels + Int(rect.y) * buffer.stride + Int(rect.x) * 4
            SDL_RenderReadPixels(renderer, &rect, Self.pixelFormat, start, Int32(buffer.stride))
            counters.copiedPixels += Int(rect.w) * Int(rect.h)
        }
        buffer.stale.clear()
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        buffer.attached()
        wl_surface_set_buffer_scale(surface, bufferScale)
        for rect in surfaceDamage.rects {
            if wl_proxy_get_version(surface) >= 4 {
                wl_surface_damage_buffer(surface, rect.x, rect.y, rect.w, rect.h)
            } else {
                // Surface coordinates (points), rounded outwards.
                let s = bufferScale
                wl_surface_damage(surface, rect.x / s, rect.y / s, (rect.x + rect.w + s - 1) / s - rect.x / s,
                                  (rect.y + rect.h + s - 1) / s - rect.y / s)
            }
        }
        surfaceDamage.clear()
        if frameCallback == nil, let callback = wl_surface_frame(surfaceWrapper) {
            frameCallback = callback
            wl_callback_add_listener(callback, frameListener, Unmanaged.passUnretained(self).toOpaque())
        }
        wl_surface_commit(surface)
        wl_display_flush(display)
        counters.frames += 1
    }

    /// Waits until the compositor asks for the next frame (`wl_surface.frame`),
    /// `timeout` seconds at most: it sends none while the window is hidden.
    /// Meanwhile `other.readable` (the accessibility bus) calls `other.read`.
    func waitForFrame(timeout: Double, other: (fd: Int32, read: () -> Void)? = nil) {
        wait(timeout: timeout, other: other) { $0.frameCallback == nil }
    }

    /// A buffer of the current size the compositor does not hold: one of
    /// the pool, a new one while the pool is not full, else one released
    /// within 100 ms; nil when none is.
    private func freeBuffer() -> ShmBuffer? {
        if let free = buffers.first(where: { !$0.isHeld }) { return free }
        if buffers.count < Self.maximumBuffers, let shm,
           let made = ShmBuffer(shm: shm, width: size.width, height: size.height, listener: bufferListener) {
            counters.buffersMade += 1
            buffers.append(made)
            return made
        }
        wait(timeout: 0.1) { $0.buffers.contains { !$0.isHeld } }
        return buffers.first { !$0.isHeld }
    }

    /// Dispatches what is already on the presenter's queue, without blocking.
    private func dispatchPending() {
        wl_display_dispatch_queue_pending(display, queue)
        collectReleases()
    }

    /// Reads and dispatches the presenter's queue until `done` holds, the
    /// time is up, or the connection fails. Events for SDL's queue that
    /// are read meanwhile wait there for SDL's next pump.
    private func wait(timeout: Double, other: (fd: Int32, read: () -> Void)? = nil, until done: (ShmPresenter) -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        dispatchPending()
        while !done(self), wl_display_get_error(display) == 0 {
            if wl_display_prepare_read_queue(display, queue) != 0 {
                dispatchPending()
                continue
            }
            wl_display_flush(display)
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { wl_display_cancel_read(display); break }
            var fds = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)]
            if let other { fds.append(pollfd(fd: other.fd, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), Int32((remaining * 1000).rounded(.up))) > 0 && fds[0].revents != 0 {
                if wl_display_read_events(display) != 0 { break }
            } else {
                wl_display_cancel_read(display)
            }
            if fds.count > 1 && fds[1].revents != 0 { other?.read() }
            dispatchPending()
        }
    }

    /// Sums the buffers' releases and lets go of retired ones the
    /// compositor gave back.
    private func collectReleases() {
        retired.removeAll { buffer in
            guard !buffer.isHeld else { return false }
            releasedDropped += buffer.releases
            return true
        }
        counters.releases = (buffers + retired).reduce(releasedDropped) { $0 + $1.releases }
    }
    /// Releases of the buffers let go of.
    private var releasedDropped = 0

    /// One line for TRIPS_VERBOSE.
    public var summary: String {
        if !isClosed { dispatchPending() }
        let c = counters
        return "wl_shm: \(c.frames) frames (\(c.framesSkipped) skipped: no free buffer), \(c.buffersMade) buffers made, "
            + "\(c.releases) released, \(c.heldWrites) written while held, \(size.width)x\(size.height) at scale \(bufferScale)"
    }
}

/// The wl_shm presenter as the display's: its picture is the window's size
/// in pixels, and the compositor's frame callbacks pace its frames.
extension ShmPresenter: FramePresenter {
    var isSoftware: Bool { true }
    var hasVSync: Bool { true }
    var opaqueTextureFormat: UInt32? { Self.pixelFormat }

    func sizeInPixels(of window: OpaquePointer) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The picture takes the window's size in pixels, and its buffers the
    /// output's scale where the pixels are a whole number of times the
    /// points (else SDL's viewport scales).
    func beginFrame(in window: OpaquePointer) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let pixels = sizeInPixels(of: window), points = (width: Int(w), height: Int(h))
        let whole = points.width > 0 && pixels.width % points.width == 0 ? pixels.width / points.width : 1
        prepare(width: pixels.width, height: pixels.height, scale: whole)
    }

    func waitForNextFrame(timeout: @autoclosure () -> Double, other: (fd: Int32, read: () -> Void)?) {
        waitForFrame(timeout: timeout(), other: other)
    }
}
