import CSDL2
import Foundation
import TripsKit

extension Display {
    /// Starts SDL's video with the hints Trips needs for `mode`: the video
    /// driver chosen (`VideoDriverChoice`), each input taken once. Returns
    /// the driver SDL opened; throws `noDisplay` when it opened none.
    static func startSDL(mode: LaunchOptions.WindowMode, environment: [String: String]) throws -> String {
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
        if mode == .kiosk {
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
        // A display server that is there but busy (just started with a kiosk
        // at boot, or closing a large client) can refuse a connection for a
        // moment: while its socket is there, it is asked again for a second.
        var tries = 1
        while SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 && tries < 6 && displaySocketExists(environment: environment) {
            SDL_Quit()
            usleep(200_000)
            tries += 1
        }
        guard SDL_WasInit(SDL_INIT_VIDEO) != 0 else {
            let reason = String(cString: SDL_GetError())
            if case .explicit(let driver) = choice {
                throw Failure.noDisplay("trips: cannot open the display with SDL_VIDEODRIVER=\(driver): \(reason)")
            }
            throw Failure.noDisplay(VideoDriverChoice.noDisplayMessage + " — SDL said: \(reason)")
        }
        return SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
    }

    /// Whether the socket of the display named in `environment` is there:
    /// X11's `/tmp/.X11-unix/XN` for `DISPLAY=:N`, Wayland's in the
    /// runtime folder (or at its own path).
    static func displaySocketExists(environment: [String: String]) -> Bool {
        var sockets: [String] = []
        if let display = environment["DISPLAY"], display.hasPrefix(":"),
           let number = display.dropFirst().split(separator: ".").first {
            sockets.append("/tmp/.X11-unix/X\(number)")
        }
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            sockets.append(wayland.hasPrefix("/") ? wayland : (environment["XDG_RUNTIME_DIR"] ?? "") + "/" + wayland)
        }
        return sockets.contains { FileManager.default.fileExists(atPath: $0) }
    }
}
