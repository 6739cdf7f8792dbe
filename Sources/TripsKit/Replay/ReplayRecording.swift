import Foundation
import Gestures

extension ReplayScript.Step {
    /// The script line that replays `event`, for `trips --record`: a field
    /// problem recorded live can be replayed exactly. `finger` numbers the
    /// touch pointers as the script does. Nil for what a script cannot say
    /// (window resizes, quit).
    public init?(recording event: InputEvent, atMilliseconds ms: Double) {
        let command: ReplayScript.Command
        switch event {
        case .pointer(let p):
            if p.id == .mouse {
                let phase: ReplayScript.MousePhase
                switch p.phase {
                case .down: phase = .down
                case .move: phase = .move
                case .up, .cancel: phase = .up
                }
                command = .mouse(phase: phase, location: p.location)
            } else {
                let phase: ReplayScript.TouchPhase
                switch p.phase {
                case .down: phase = .down
                case .move: phase = .move
                case .up: phase = .up
                case .cancel: phase = .cancel
                }
                command = .touch(finger: p.id.rawValue + 1, phase: phase, location: phase == .cancel ? nil : p.location)
            }
        case .wheel(let w):
            var modifiers: ReplayScript.Modifiers = []
            if w.modifiers.contains(.control) { modifiers.insert(.ctrl) }
            if w.modifiers.contains(.shift) { modifiers.insert(.shift) }
            command = .wheel(dx: Double(w.dx), dy: Double(w.dy), modifiers: modifiers, location: w.location)
        case .key(let name, let ctrl):
            command = .key(name: name, modifiers: ctrl ? .ctrl : [])
        case .focusLost, .quit, .closeRequested, .resized:
            return nil
        }
        self.init(time: (ms * 1000).rounded() / 1000, command: command)
    }
}
