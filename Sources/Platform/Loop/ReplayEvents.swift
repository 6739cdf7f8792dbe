import CSDL2
import Foundation
import Gestures
import TripsKit

/// Turns a replay script's input commands into SDL events and pushes them
/// onto SDL's queue, so a replayed touch takes the same path (translation,
/// de-duplication, gesture engine) as a live one. What SDL's queue cannot
/// carry (the script's time: SDL_PushEvent overwrites the timestamp; a
/// wheel's modifiers) travels beside the event as its `EventStamp`.
struct ReplayEvents {
    /// The window in points: finger positions are sent as fractions of it.
    var size: CGSize
    let cancelEventType: UInt32
    private var fingerAt: [Int: CGPoint] = [:]
    /// Where the pointer last was (a touchpad command without a point happens there).
    var pointer = CGPoint.zero

    init(size: CGSize, cancelEventType: UInt32) {
        self.size = size
        self.cancelEventType = cancelEventType
    }

    /// An event pushed: its type, to know it again when it comes off the
    /// queue, and the stamp that goes with it.
    struct Pushed {
        var type: UInt32
        var stamp: EventStamp
    }

    /// Pushes the event of one input command the script gives at `time`
    /// seconds; nil when SDL refused it (or the command is no input).
    mutating func push(_ command: ReplayScript.Command, at time: Double) -> Pushed? {
        var event = SDL_Event()
        var stamp = EventStamp(time: time)
        switch command {
        case let .touch(finger, phase, location):
            let p = location ?? fingerAt[finger] ?? .zero
            if phase == .cancel {
                event.type = cancelEventType
                event.user.code = Int32(finger)
                fingerAt[finger] = nil
                return SDL_PushEvent(&event) >= 0 ? Pushed(type: event.type, stamp: stamp) : nil
            }
            switch phase {
            case .down: event.type = SDL_FINGERDOWN.rawValue
            case .move: event.type = SDL_FINGERMOTION.rawValue
            default: event.type = SDL_FINGERUP.rawValue
            }
            let old = fingerAt[finger] ?? p
            event.tfinger.touchId = EventTranslator.replayDevice
            event.tfinger.fingerId = SDL_FingerID(finger)
            event.tfinger.x = Float(p.x / size.width)
            event.tfinger.y = Float(p.y / size.height)
            event.tfinger.dx = Float((p.x - old.x) / size.width)
            event.tfinger.dy = Float((p.y - old.y) / size.height)
            event.tfinger.pressure = phase == .up ? 0 : 1
            fingerAt[finger] = phase == .up ? nil : p
        case let .mouse(phase, location):
            pointer = location
            let x = Self.int32(location.x), y = Self.int32(location.y)
            if phase == .move {
                event.type = SDL_MOUSEMOTION.rawValue
                event.motion.x = x
                event.motion.y = y
                event.motion.state = UInt32(1) // SDL_BUTTON_LMASK; the translator tracks presses itself
            } else {
                event.type = phase == .down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
                event.button.button = UInt8(SDL_BUTTON_LEFT)
                event.button.state = UInt8(phase == .down ? SDL_PRESSED : SDL_RELEASED)
                event.button.clicks = 1
                event.button.x = x
                event.button.y = y
            }
        case let .wheel(dx, dy, modifiers, location):
            if let location { pointer = location }
            event.type = SDL_MOUSEWHEEL.rawValue
            event.wheel.x = Self.int32(dx)
            event.wheel.y = Self.int32(dy)
            event.wheel.preciseX = Float(dx)
            event.wheel.preciseY = Float(dy)
            event.wheel.mouseX = Self.int32(pointer.x)
            event.wheel.mouseY = Self.int32(pointer.y)
            event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            // Read as the translator reads a key event's, so both agree.
            stamp.modifiers = EventTranslator.modifiers(UInt16(Self.sdlModifiers(modifiers).rawValue))
        case let .key(name, modifiers):
            event.type = SDL_KEYDOWN.rawValue
            event.key.state = UInt8(SDL_PRESSED)
            event.key.keysym.sym = SDL_GetKeyFromName(name)
            event.key.keysym.scancode = SDL_GetScancodeFromKey(event.key.keysym.sym)
            event.key.keysym.mod = UInt16(Self.sdlModifiers(modifiers).rawValue)
        case .state, .shot, .resize, .pinch, .scroll, .reader, .remote, .power, .drop:
            return nil
        }
        return SDL_PushEvent(&event) >= 0 ? Pushed(type: event.type, stamp: stamp) : nil
    }

    /// SDL's mouse and wheel fields are Int32.
    static func int32(_ v: Double) -> Int32 { ReplayInputs.int32(v) }

    static func sdlModifiers(_ modifiers: ReplayScript.Modifiers) -> SDL_Keymod {
        var raw: UInt32 = 0
        if modifiers.contains(.control) { raw |= KMOD_LCTRL.rawValue }
        if modifiers.contains(.shift) { raw |= KMOD_LSHIFT.rawValue }
        if modifiers.contains(.option) { raw |= KMOD_LALT.rawValue }
        return SDL_Keymod(raw)
    }
}
