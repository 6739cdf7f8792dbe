import CSDL2
import Foundation
import TripsKit

/// Tells a display connection that died (the compositor or X server went
/// away) from a quit that was asked for, so a kiosk can exit with code 4 and
/// be restarted by systemd, while SIGTERM still ends it with 0.
///
/// What SDL 2.26 does, as measured here (Debian's 2.26.5):
/// - Wayland (weston or cage killed under the app): libwayland prints
///   nothing, sends with MSG_NOSIGNAL (no SIGPIPE), and SDL's event pump
///   turns the failed dispatch into a single SDL_QUIT: the same event a
///   SIGTERM makes. So on quit the loop asks `lostReason()`, which reads
///   `wl_display_get_error` on the window's `wl_display`.
/// - X11 (Xvfb killed under the app): SDL gets no event; Xlib's default I/O
///   error handler prints "X connection to :N broken" and calls exit(1).
///   `installX11Handler()` replaces it with one that says what happened and
///   ends with code 4 (an Xlib I/O error handler must not return).
///
/// libwayland-client and libX11 are not linked by Trips itself: SDL is
/// linked against both, so they are already loaded; their functions are
/// looked up in the loaded copies (RTLD_NOLOAD), the same ones SDL uses.
/// No build change, and nothing to look up on a machine without them.
public struct ConnectionWatch {
    private typealias GetError = @convention(c) (OpaquePointer?) -> Int32
    /// The window's `wl_display` (SDL's), on Wayland.
    let waylandDisplay: OpaquePointer?
    private let waylandGetError: GetError?
    private let waylandName: String

    /// Watches `window`'s connection (Wayland or X11; nothing for others).
    init(window: OpaquePointer, environment: [String: String]) {
        waylandName = environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        let info = Self.windowInfo(window)
        switch info?.subsystem {
        case Self.subsystemWayland:
            waylandDisplay = info?.display
            waylandGetError = Self.symbol("libwayland-client.so.0", "wl_display_get_error", as: GetError.self)
        case Self.subsystemX11:
            waylandDisplay = nil
            waylandGetError = nil
            Self.installX11Handler()
        default:
            waylandDisplay = nil
            waylandGetError = nil
        }
    }

    /// Why the connection is gone ("the Wayland compositor at wayland-0 went
    /// away: Broken pipe"), or nil while it works (or cannot be told).
    public func lostReason() -> String? {
        guard let waylandDisplay, let waylandGetError else { return nil }
        let code = waylandGetError(waylandDisplay)
        guard code != 0 else { return nil }
        return "the Wayland compositor at \(waylandName) went away: \(String(cString: strerror(code)))"
    }

    /// The line printed when the connection is lost.
    public static func message(_ reason: String) -> String {
        "trips: the display connection was lost (\(reason))"
    }

    // MARK: X11

    private typealias IOErrorHandler = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetIOErrorHandler = @convention(c) (IOErrorHandler?) -> IOErrorHandler?

    /// Xlib calls this when the X server's connection breaks, then exits if
    /// it returns. A C function cannot capture anything: it reads DISPLAY
    /// itself and writes with write(2), then _exit(4) (nothing SDL could
    /// still do with a dead connection is worth running atexit for).
    private static func installX11Handler() {
        guard let set = symbol("libX11.so.6", "XSetIOErrorHandler", as: SetIOErrorHandler.self) else { return }
        _ = set { _ in
            let name = getenv("DISPLAY").map { String(cString: $0) } ?? "?"
            let line = ConnectionWatch.message("the X server at DISPLAY=\(name) closed the connection") + "\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            _exit(ExitCode.displayLost.rawValue)
        }
    }

    // MARK: Lookups

    /// SDL_SYSWM_TYPE's values (SDL_syswm.h, which the CSDL2 shim leaves out:
    /// it would pull Xlib's `Display` into every module that imports SDL).
    static let subsystemX11: Int32 = 2
    static let subsystemWayland: Int32 = 6

    /// SDL_GetWindowWMInfo's subsystem, display pointer and (Wayland) the
    /// window's wl_surface. SDL_SysWMinfo is { SDL_version (3 bytes); int
    /// subsystem at 4; union at 8 }; both the x11 and the wl member start
    /// with the display pointer, and wl's wl_surface follows it (checked
    /// against SDL 2.26's header: size 72, display at offset 8, surface at 16).
    static func windowInfo(_ window: OpaquePointer) -> (subsystem: Int32, display: OpaquePointer?, surface: OpaquePointer?)? {
        typealias GetWMInfo = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> UInt32
        guard let get = symbol(nil, "SDL_GetWindowWMInfo", as: GetWMInfo.self) else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
        var version = SDL_version()
        SDL_GetVersion(&version)
        buffer.storeBytes(of: version.major, toByteOffset: 0, as: UInt8.self)
        buffer.storeBytes(of: version.minor, toByteOffset: 1, as: UInt8.self)
        buffer.storeBytes(of: version.patch, toByteOffset: 2, as: UInt8.self)
        guard get(window, buffer) == SDL_TRUE.rawValue else {
            SDL_ClearError() // "not supported" (offscreen) must not show up in a later message
            return nil
        }
        let subsystem = buffer.load(fromByteOffset: 4, as: Int32.self)
        return (subsystem, buffer.load(fromByteOffset: 8, as: OpaquePointer?.self),
                subsystem == subsystemWayland ? buffer.load(fromByteOffset: 16, as: OpaquePointer?.self) : nil)
    }

    /// `name` from `library` if that library is already loaded (nil: the
    /// program and what it links), else nil.
    private static func symbol<T>(_ library: String?, _ name: String, as type: T.Type) -> T? {
        let handle = library.map { dlopen($0, RTLD_NOW | RTLD_NOLOAD) } ?? dlopen(nil, RTLD_NOW)
        guard let handle, let pointer = dlsym(handle, name) else { return nil }
        // The loaded library stays loaded (SDL holds it); drop our reference.
        if library != nil { dlclose(handle) }
        return unsafeBitCast(pointer, to: type)
    }
}
