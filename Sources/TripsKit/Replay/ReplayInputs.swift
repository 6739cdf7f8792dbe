import Foundation
import Gestures

/// A script's input commands as the model's inputs, the way they arrive
/// after SDL's road (Platform's `ReplayEvents` and `EventTranslator`), with
/// no SDL: a finger's position travels as a 32-bit fraction of the window, a
/// mouse's and a wheel's pointer as whole points, fingers are numbered from
/// 0 as they land, a press of a button already down is dropped. So a script
/// prints the same lines in the test process as through the binary
/// (TripsAppTests' `InProcessReplayTests` holds them to it).
public struct ReplayInputs: ReplayHost {
    /// Each finger's last position, by the script's finger number.
    private var fingerAt: [Int: CGPoint] = [:]
    /// The pointer numbers of the fingers down, by the script's finger number.
    private var pointers: [Int: Int] = [:]
    private var mouseDown = false
    /// Where the pointer last was: a wheel, a pinch or a scroll without a point happen there.
    public var pointer = CGPoint.zero

    public init() {}

    public mutating func framePassed(_ app: AppModel) {}

    public mutating func shot(_ app: AppModel, to path: String) throws {
        throw ReplayScriptError(file: "replay", line: 0, message: "shot \(path): pictures need the binary's display (trips --replay)")
    }

    public mutating func resize(to size: CGSize) {}

    public mutating func inputs(for step: ReplayScript.Step, at seconds: Double, size: CGSize) throws -> [InputEvent] {
        if let input = Self.direct(step.command, at: seconds, pointer: &pointer) { return [input] }
        switch step.command {
        case let .touch(finger, phase, location):
            return touch(finger, phase, location, at: seconds, size: size).map { [$0] } ?? []
        case let .mouse(phase, location):
            pointer = location
            let p = CGPoint(x: Double(Self.int32(location.x)), y: Double(Self.int32(location.y)))
            switch phase {
            case .move:
                return mouseDown ? [.pointer(.mouse(.move, x: p.x, y: p.y, at: seconds))] : []
            case .down, .up:
                guard (phase == .down) != mouseDown else { return [] }
                mouseDown = phase == .down
                return [.pointer(.mouse(phase == .down ? .down : .up, x: p.x, y: p.y, at: seconds))]
            }
        case let .wheel(dx, dy, modifiers, location):
            if let location { pointer = location }
            let at = CGPoint(x: Double(Self.int32(pointer.x)), y: Double(Self.int32(pointer.y)))
            return [.wheel(WheelEvent(location: at, dx: CGFloat(Float(dx)), dy: CGFloat(Float(dy)), modifiers: modifiers, timestamp: seconds))]
        case let .key(name, modifiers):
            return [.key(Key(name: Key.canonicalName(name)), ctrl: modifiers.contains(.control), shift: modifiers.contains(.shift),
                         alt: modifiers.contains(.option))]
        default:
            return []
        }
    }

    /// The inputs no window system carries (a touchpad's gestures come from
    /// the compositor, a reader's actions from the bus): straight to the
    /// model, in the binary's replay too. `pointer` is where the pointer
    /// last was; nil for any other command.
    public static func direct(_ command: ReplayScript.Command, at seconds: Double, pointer: inout CGPoint) -> InputEvent? {
        switch command {
        case let .pinch(phase, scale, degrees, pan, location):
            if let location { pointer = location }
            // The fingers' centre moved by `pan`; the pointer stays (the compositor holds it).
            let centre = CGPoint(x: pointer.x + pan.width, y: pointer.y + pan.height)
            return .pinch(PinchEvent(phase: phase.event, location: centre, magnification: CGFloat(scale),
                                     rotation: degrees * .pi / 180, timestamp: seconds))
        case let .scroll(phase, dx, dy, location):
            if let location { pointer = location }
            return .scroll(TouchpadScroll(phase: phase, delta: CGSize(width: dx, height: dy), location: pointer, timestamp: seconds))
        case .reader(let action):
            return .reader(action)
        case .remote(let command):
            return .remote(command)
        case .power(let request):
            return .power(request)
        case .drop(let paths):
            return .drop(paths)
        default:
            return nil
        }
    }

    private mutating func touch(_ finger: Int, _ phase: ReplayScript.TouchPhase, _ location: CGPoint?, at seconds: Double,
                                size: CGSize) -> InputEvent? {
        if phase == .cancel {
            fingerAt[finger] = nil
            guard let id = pointers.removeValue(forKey: finger) else { return nil }
            return .pointer(PointerEvent(id: PointerID(id), phase: .cancel, location: .zero, timestamp: seconds, kind: .touch))
        }
        let p = location ?? fingerAt[finger] ?? .zero
        fingerAt[finger] = phase == .up ? nil : p
        let id: Int
        if let known = pointers[finger] {
            id = known
            if phase == .up { pointers[finger] = nil }
        } else {
            // The lowest number no finger down has (a lift of a finger never down takes one too).
            let used = Set(pointers.values)
            id = (0...).first { !used.contains($0) }!
            if phase != .up { pointers[finger] = id }
        }
        // As a fraction of the window in 32 bits, and back.
        let at = CGPoint(x: CGFloat(Float(p.x / size.width)) * size.width, y: CGFloat(Float(p.y / size.height)) * size.height)
        let pointerPhase: PointerPhase = phase == .down ? .down : phase == .up ? .up : .move
        return .pointer(PointerEvent(id: PointerID(id), phase: pointerPhase, location: at, timestamp: seconds, kind: .touch))
    }

    /// A script may say 1e30; a window system's pointer is a 32-bit whole number.
    public static func int32(_ v: Double) -> Int32 {
        v.isFinite ? Int32(min(max(v.rounded(), -2_000_000_000), 2_000_000_000)) : 0
    }
}
