import CSDL2
import Foundation
import TripsKit

/// Turns SDL events into the app's `InputEvent`s. Returns nil for events the
/// app does not use.
enum EventTranslator {
    static func translate(_ event: SDL_Event, window: OpaquePointer) -> InputEvent? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE: return .closeRequested
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                var w: Int32 = 0, h: Int32 = 0
                SDL_GetWindowSize(window, &w, &h)
                return .resized(CGSize(width: Int(w), height: Int(h)))
            case SDL_WINDOWEVENT_FOCUS_LOST: return .focusLost
            default: return nil
            }
        case SDL_KEYDOWN:
            guard let name = SDL_GetKeyName(event.key.keysym.sym) else { return nil }
            let ctrl = UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue != 0
            return .key(String(cString: name), ctrl: ctrl)
        default:
            return nil
        }
    }
}
