import CSDL2
import Foundation
import Gestures
import TripsKit

/// When an input happened and which modifiers were held with it, carried
/// beside an SDL event: live it comes from the event (its timestamp, the
/// modifiers of the last key event); a replayed event brings the script's,
/// because SDL_PushEvent overwrites the timestamp and a wheel event has no
/// modifier field.
struct EventStamp: Equatable {
    /// Seconds on the loop's clock.
    var time: Double
    var modifiers: EventModifiers = []
}

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
    /// The files of a drop under way (SDL_DROPFILE each, until SDL_DROPCOMPLETE).
    private var dropped: [String] = []
    /// The compositor's scroll events come through `WaylandTouchpad`, which
    /// tells a wheel from fingers: SDL's copies of them are dropped.
    var wheelFromCompositor = false
    /// SDL's window units to a point: `--scale` where the compositor says
    /// 1 (`Display.windowUnitsPerPoint`); else 1.
    var windowUnitsPerPoint: CGFloat = 1

    /// Modifiers held, as the last key event said (SDL puts the modifier
    /// state into every key event, after the key itself counted).
    private var modifiers: EventModifiers = []

    /// The touch device a replayed script's fingers belong to.
    static let replayDevice: SDL_TouchID = 0x7472_6970 // "trip"
    /// The `which` of mouse events SDL synthesises from touches:
    /// SDL_TOUCH_MOUSEID is (Uint32)-1, a macro Swift cannot import.
    static let touchMouseID = UInt32.max

    private struct FingerKey: Hashable { var device: SDL_TouchID; var finger: SDL_FingerID }

    init() {
        cancelEventType = RegisteredEvent().type
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

    /// A live event's stamp: its SDL timestamp (when SDL took it from the
    /// system, not when the loop takes it off the queue) on the loop's clock,
    /// which started at `origin` seconds of SDL's clock.
    func stamp(of event: SDL_Event, origin: Double) -> EventStamp {
        EventStamp(time: Self.seconds(ofTicks: event.common.timestamp, now: SDL_GetTicks64()) - origin, modifiers: modifiers)
    }

    /// SDL's 32-bit millisecond `ticks` as seconds of its 64-bit clock,
    /// read at `now` ms (`ticks` wraps after 49 days; `now` does not).
    static func seconds(ofTicks ticks: UInt32, now: UInt64) -> Double {
        let age = UInt32(truncatingIfNeeded: now) &- ticks
        // An age past 2^31 ms means a stamp from the future: take it as now.
        let ms = age > UInt32(Int32.max) ? now : now - min(UInt64(age), now)
        return Double(ms) / 1000
    }

    /// The modifiers an SDL key event's `keysym.mod` holds.
    static func modifiers(_ mod: UInt16) -> EventModifiers {
        var modifiers: EventModifiers = []
        if UInt32(mod) & KMOD_CTRL.rawValue != 0 { modifiers.insert(.control) }
        if UInt32(mod) & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
        if UInt32(mod) & KMOD_ALT.rawValue != 0 { modifiers.insert(.option) }
        return modifiers
    }

    /// `size` is the window in points; `stamp` says when the event happened.
    func translate(_ event: SDL_Event, size: CGSize, stamp: EventStamp) -> InputEvent? {
        let time = stamp.time
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
                return .resized(CGSize(width: (Double(w) / windowUnitsPerPoint).rounded(), height: (Double(h) / windowUnitsPerPoint).rounded()))
            case SDL_WINDOWEVENT_LEAVE where !mouseDown:
                // The mouse left the window: it is over nothing of it (the big photo's page buttons go).
                return .pointer(.mouse(.move, x: -1, y: -1, at: time))
            case SDL_WINDOWEVENT_FOCUS_LOST:
                fingers.removeAll()
                mouseDown = false
                modifiers = []
                return .focusLost
            default: return nil
            }
        case SDL_KEYDOWN, SDL_KEYUP:
            modifiers = Self.modifiers(event.key.keysym.mod)
            guard event.type == SDL_KEYDOWN.rawValue, let name = SDL_GetKeyName(event.key.keysym.sym) else { return nil }
            // "?" is Shift and "/" on most layouts: SDL names the key "/".
            let named = String(cString: name), question = named == "/" && modifiers.contains(.shift)
            return .key(Key(name: question ? "?" : named), ctrl: modifiers.contains(.control), shift: modifiers.contains(.shift) && !question,
                        alt: modifiers.contains(.option))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = event.tfinger
            guard f.touchId != SDL_MOUSE_TOUCHID else { return nil }
            let phase: PointerPhase = event.type == SDL_FINGERDOWN.rawValue ? .down : event.type == SDL_FINGERUP.rawValue ? .up : .move
            let id = pointer(f.touchId, f.fingerId, lifting: phase == .up)
            let location = CGPoint(x: CGFloat(f.x) * size.width, y: CGFloat(f.y) * size.height)
            return .pointer(PointerEvent(id: PointerID(id), phase: phase, location: location, timestamp: time, kind: .touch))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != Self.touchMouseID, b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let down = event.type == SDL_MOUSEBUTTONDOWN.rawValue
            guard down != mouseDown else { return nil }
            mouseDown = down
            return .pointer(.mouse(down ? .down : .up, x: CGFloat(b.x) / windowUnitsPerPoint, y: CGFloat(b.y) / windowUnitsPerPoint, at: time))
        case SDL_MOUSEMOTION:
            let m = event.motion
            // Without a button too: a mouse over the big photo shows its page buttons.
            guard m.which != Self.touchMouseID else { return nil }
            return .pointer(.mouse(.move, x: CGFloat(m.x) / windowUnitsPerPoint, y: CGFloat(m.y) / windowUnitsPerPoint, at: time))
        case SDL_DROPBEGIN:
            dropped = []
            return nil
        case SDL_DROPFILE:
            if let file = event.drop.file {
                dropped.append(String(cString: file))
                SDL_free(file)
            }
            return nil
        case SDL_DROPCOMPLETE:
            defer { dropped = [] }
            return dropped.isEmpty ? nil : .drop(dropped)
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != Self.touchMouseID, !wheelFromCompositor else { return nil }
            let flip: CGFloat = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return .wheel(WheelEvent(location: CGPoint(x: CGFloat(w.mouseX) / windowUnitsPerPoint, y: CGFloat(w.mouseY) / windowUnitsPerPoint), dx: CGFloat(w.preciseX) * flip,
                                     dy: CGFloat(w.preciseY) * flip, modifiers: stamp.modifiers, timestamp: time))
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
