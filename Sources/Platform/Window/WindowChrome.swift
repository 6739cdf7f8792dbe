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
        let isFullscreen = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        if fullscreen == nil { fullscreen = isFullscreen }
        if app.fullscreen != fullscreen {
            fullscreen = app.fullscreen
            if app.fullscreen != isFullscreen {
                // The compositor's resize comes back as an event, and the layout follows it.
                SDL_SetWindowFullscreen(window, app.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            }
        }
    }
}
