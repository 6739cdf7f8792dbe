import CSDL2
import Foundation
import TripsKit

/// The window's title ("City — photo name") and fullscreen (F11), following
/// the model's: set on the SDL window only when they change, once a frame.
struct WindowChrome {
    private var title: String?
    private var fullscreen: Bool?

    /// Xlib writes a title that is not ASCII ("—", a Japanese city) into
    /// `_NET_WM_NAME` only when LC_CTYPE reads UTF-8; the C locale the
    /// process starts in does not, and the window kept "Trips".
    private static func readUTF8() {
        let ctype = setlocale(LC_CTYPE, "").map { String(cString: $0) }
        if ctype == nil || ctype == "C" || ctype == "POSIX" || !(ctype ?? "").uppercased().contains("UTF") { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    mutating func follow(_ app: AppModel, window: OpaquePointer) {
        let wanted = app.windowTitle
        if wanted != title {
            if title == nil { Self.readUTF8() }
            SDL_SetWindowTitle(window, wanted)
            title = wanted
        }
        // The window was opened as the command line asked (`WindowRequest`:
        // an X kiosk with no window manager is a borderless screen-sized
        // window, not a fullscreen one; offscreen keeps its size): only
        // the model's changes after that (F11) are the window's to follow.
        if fullscreen == nil { fullscreen = app.fullscreen }
        let isFullscreen = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        if app.fullscreen != fullscreen {
            fullscreen = app.fullscreen
            if app.fullscreen != isFullscreen {
                // The compositor's resize comes back as an event, and the layout follows it.
                SDL_SetWindowFullscreen(window, app.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            }
        }
    }
}
