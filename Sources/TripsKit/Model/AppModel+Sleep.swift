import Foundation

/// The kiosk asleep (docs/BEHAVIOUR.md, "Asleep and awake"): a black screen
/// with nothing to touch, no frames, no decodes, one wake-up at the next
/// edge of its hours. A visitor's first touch, click or key only wakes it.
extension AppModel {
    public var isAsleep: Bool { wakefulness.isAsleep }

    /// Takes what a sleeping kiosk is given: a touch, click, key, wheel or
    /// touchpad gesture wakes it and does nothing else (the rest of that
    /// touch neither: the engine never saw it land); moves do nothing.
    /// Awake, a visitor's input keeps a touch's wake going. True when taken.
    func sleepTakes(_ event: InputEvent) -> Bool {
        let wakes: Bool
        switch event {
        case .key, .wheel, .scroll, .reader, .drop: wakes = true
        case .pointer(let pointer): wakes = pointer.phase == .down
        case .pinch(let pinch): wakes = pinch.phase == .began
        case .quit, .closeRequested, .resized, .focusLost, .power, .remote: return false
        }
        if case .pointer(let pointer) = event, pointer.id == wakingPointer {
            if pointer.phase != .down && pointer.phase != .move { wakingPointer = nil }
            return true
        }
        guard wakefulness.isAsleep else {
            wakefulness.touched(at: time)
            return false
        }
        if wakes {
            if case .pointer(let pointer) = event { wakingPointer = pointer.id }
            wakefulness.touched(at: time)
            _ = updateSleep()
        }
        return true
    }

    /// SIGUSR1 wakes, SIGUSR2 sleeps, until the schedule's next edge.
    func signalled(_ request: PowerRequest) {
        wakefulness.signal(asleep: request == .sleep)
        _ = updateSleep()
    }

    /// Brings the sleep up to the model's time; true when it fell asleep or
    /// woke. Falling asleep puts the app back at its start, as the idle
    /// timeout does, for whoever wakes it; waking starts the idle time anew.
    func updateSleep() -> Bool {
        guard wakefulness.update(at: time) else { return false }
        if wakefulness.isAsleep {
            endAttract()
            attractDue = nil
            resetToStart()
            record(.asleep)
        } else {
            idle.input(at: time)
            record(.awake)
        }
        rebuildTree()
        return true
    }
}
