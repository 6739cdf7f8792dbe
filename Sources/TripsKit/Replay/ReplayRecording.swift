import Foundation
import Gestures

extension ReplayScript.Step {
    /// The script line that replays `event`, for `trips --record`: a field
    /// problem recorded live can be replayed exactly. `finger` numbers the
    /// touch pointers as the script does. Nil for what a script cannot say
    /// (focus lost, quit).
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
            // A script holds no command key.
            command = .wheel(dx: Double(w.dx), dy: Double(w.dy), modifiers: w.modifiers.subtracting(.command), location: w.location)
        case .pinch(let pinch):
            let phase = ReplayScript.PinchPhase(pinch.phase)
            let changed = phase == .change
            command = .pinch(phase: phase, scale: changed ? Double(pinch.magnification) : 1,
                             degrees: changed ? pinch.rotation * 180 / .pi : 0, location: pinch.location)
        case .scroll(let scroll):
            let moved = scroll.phase == .scroll
            command = .scroll(phase: scroll.phase, dx: moved ? Double(scroll.delta.width) : 0,
                              dy: moved ? Double(scroll.delta.height) : 0, location: scroll.location)
        case .key(let key, let ctrl, let shift, let alt):
            var modifiers: ReplayScript.Modifiers = ctrl ? .control : []
            if shift { modifiers.insert(.shift) }
            if alt { modifiers.insert(.option) }
            command = .key(name: key.name, modifiers: modifiers)
        case .resized(let size):
            command = .resize(size: size)
        case .reader(let action):
            command = .reader(action)
        case .remote(let remote):
            command = .remote(remote)
        case .power(let request):
            command = .power(request)
        case .drop(let paths):
            command = .drop(paths: paths)
        case .focusLost, .quit, .closeRequested:
            return nil
        }
        self.init(time: (ms * 1000).rounded() / 1000, command: command)
    }
}

/// Writes `trips --record`'s script as the run goes, one line at a time so a
/// crash keeps what came before it. The header waits for the window's first
/// real size: the size asked for at launch is only a wish (a kiosk
/// compositor gives the window its output's size), and a header with the
/// wish would replay every touch on the wrong layout. A later resize is an
/// `at T size W H` line, which a replay lays out anew.
public struct ReplayRecorder {
    private let launchSize: CGSize
    private let write: (String) -> Void
    /// The size the script says the window has now; nil before the header.
    private var size: CGSize?
    /// The last line's time: a script never goes back in time, and input
    /// from two sources (SDL's stamps, the compositor's) may interleave a
    /// millisecond out of order.
    private var lastMilliseconds = -Double.infinity

    /// `launchSize` heads the script only if an input comes before any size.
    public init(launchSize: CGSize, write: @escaping (String) -> Void) {
        self.launchSize = launchSize
        self.write = write
    }

    public mutating func record(_ event: InputEvent, atMilliseconds ms: Double) {
        if case .resized(let newSize) = event {
            guard newSize != size else { return }
            if size == nil {
                write(ReplayScript(size: newSize).serializedHeader())
                size = newSize
                return
            }
            size = newSize
        } else if size == nil {
            write(ReplayScript(size: launchSize).serializedHeader())
            size = launchSize
        }
        if let step = ReplayScript.Step(recording: event, atMilliseconds: max(ms, lastMilliseconds)) {
            lastMilliseconds = step.time
            write(ReplayScript.line(for: step) + "\n")
        }
    }
}

extension ReplayScript.PinchPhase {
    /// Each script phase and the engine's: one table that recording reads
    /// one way and replaying the other.
    private static let events: [(script: Self, event: PinchEvent.Phase)] = [(.begin, .began), (.change, .changed), (.end, .ended), (.cancel, .cancelled)]

    /// The engine's phase this script phase replays as.
    public var event: PinchEvent.Phase { Self.events.first { $0.script == self }!.event }

    /// The script phase that records `event`.
    public init(_ event: PinchEvent.Phase) { self = Self.events.first { $0.event == event }!.script }
}
