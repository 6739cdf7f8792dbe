import CSDL2
import Foundation
import Gestures
import TripsKit

/// (SDL_TOUCH_MOUSEID is (Uint32)-1, which Swift cannot import: UInt32.max.)
/// Turns SDL events into the app's `InputEvent`s, each real input once:
/// mouse events SDL synthesises from touches (SDL_TOUCH_MOUSEID) and touches
/// synthesised from the mouse (SDL_MOUSE_TOUCHID) are dropped. Finger
/// positions arrive normalised to the window and become window points.
final class EventTranslator {
    /// SDL2 has no touch-cancel event; the replay's `cancel` travels as this
    /// registered user event (code: the finger) through the same queue.
    let cancelEventType: UInt32
    private var fingers: [FingerKey: Int] = [:]
    private var mouseDown = false

    /// The touch device a replayed script's fingers belong to.
    static let replayDevice: SDL_TouchID = 0x7472_6970 // "trip"

    private struct FingerKey: Hashable { var device: SDL_TouchID; var finger: SDL_FingerID }

    init() {
        let registered = SDL_RegisterEvents(1)
        cancelEventType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
    }

    /// A small, stable pointer number for a finger of a touch device.
    private func pointer(_ device: SDL_TouchID, _ finger: SDL_FingerID, lifting: Bool) -> Int {
        let key = FingerKey(device: device, finger: finger)
        if let id = fingers[key] {
            if lifting { fingers[key] = nil }
            return id
        }
        var id = 0
        let used = Set(fingers.values)
        while used.contains(id) { id += 1 }
        if !lifting { fingers[key] = id }
        return id
    }

    /// `size` is the window in points; `time` the loop's clock in seconds.
    func translate(_ event: SDL_Event, size: CGSize, time: Double) -> InputEvent? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE: return .closeRequested
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                guard let window = SDL_GetWindowFromID(event.window.windowID) else { return nil }
                var w: Int32 = 0, h: Int32 = 0
                SDL_GetWindowSize(window, &w, &h)
                return .resized(CGSize(width: Int(w), height: Int(h)))
            case SDL_WINDOWEVENT_FOCUS_LOST:
                fingers.removeAll()
                mouseDown = false
                return .focusLost
            default: return nil
            }
        case SDL_KEYDOWN:
            guard let name = SDL_GetKeyName(event.key.keysym.sym) else { return nil }
            let ctrl = UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue != 0
            return .key(String(cString: name), ctrl: ctrl)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = event.tfinger
            guard f.touchId != SDL_MOUSE_TOUCHID else { return nil }
            let phase: PointerPhase = event.type == SDL_FINGERDOWN.rawValue ? .down : event.type == SDL_FINGERUP.rawValue ? .up : .move
            let id = pointer(f.touchId, f.fingerId, lifting: phase == .up)
            let location = CGPoint(x: CGFloat(f.x) * size.width, y: CGFloat(f.y) * size.height)
            return .pointer(PointerEvent(id: PointerID(id), phase: phase, location: location, timestamp: time, kind: .touch))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != UInt32.max, b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let down = event.type == SDL_MOUSEBUTTONDOWN.rawValue
            guard down != mouseDown else { return nil }
            mouseDown = down
            return .pointer(.mouse(down ? .down : .up, x: CGFloat(b.x), y: CGFloat(b.y), at: time))
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != UInt32.max, mouseDown else { return nil }
            return .pointer(.mouse(.move, x: CGFloat(m.x), y: CGFloat(m.y), at: time))
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != UInt32.max else { return nil }
            let flip: CGFloat = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            var modifiers: EventModifiers = []
            let mod = SDL_GetModState().rawValue
            if mod & KMOD_CTRL.rawValue != 0 { modifiers.insert(.control) }
            if mod & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
            return .wheel(WheelEvent(location: CGPoint(x: Int(w.mouseX), y: Int(w.mouseY)), dx: CGFloat(w.preciseX) * flip,
                                     dy: CGFloat(w.preciseY) * flip, modifiers: modifiers, timestamp: time))
        default:
            if event.type == cancelEventType {
                let key = FingerKey(device: Self.replayDevice, finger: SDL_FingerID(event.user.code))
                guard let id = fingers.removeValue(forKey: key) else { return nil }
                return .pointer(PointerEvent(id: PointerID(id), phase: .cancel, location: .zero, timestamp: time, kind: .touch))
            }
            return nil
        }
    }
}
