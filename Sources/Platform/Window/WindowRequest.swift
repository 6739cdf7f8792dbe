import CSDL2
import CX11
import TripsKit

/// The window SDL is asked for: its flags, its size in points and where it
/// goes, from the configuration and what the video driver offers.
struct WindowRequest {
    var title: String
    var flags: UInt32
    var size: WindowSize
    var origin: (x: Int32, y: Int32)

    init(_ configuration: Display.Configuration, videoDriver: String) {
        title = configuration.title
        flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        size = configuration.size
        let centered = Int32(bitPattern: 0x2FFF_0000) // SDL_WINDOWPOS_CENTERED
        origin = (x: centered, y: centered)
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
    }

    /// The window, or the opening ends with SDL's error (and SDL quits).
    func make() throws -> OpaquePointer {
        guard let made = SDL_CreateWindow(title, origin.x, origin.y, Int32(size.width), Int32(size.height), flags) else {
            let error = SDLError.last("SDL_CreateWindow")
            SDL_Quit()
            throw Display.Failure.sdl(error)
        }
        return made
    }
}
