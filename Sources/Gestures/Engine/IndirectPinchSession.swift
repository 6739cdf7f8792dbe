import Foundation

/// A touchpad pinch the platform recognised, or a Ctrl+wheel zoom: the
/// `MagnifyGesture`s and `RotateGesture`s under the pointer follow it as they
/// would two fingers, with no fingers (rule 28). Its members compete in one
/// arena of their own, as one pointer's would. A wheel session ends by
/// itself once the wheel has been idle for `wheelZoomIdleTime`.
final class IndirectPinchSession {
    let fromWheel: Bool
    private let arena = PointerArena()
    private let configuration: GestureEngine.Configuration
    /// The wheel's running product of zoom steps (1 for a touchpad session).
    private var wheelMagnification: CGFloat = 1
    private var lastWheelTime: Double

    /// Starts a session at `location`: every pinch-handling attachment under
    /// it that is not already following touches joins.
    init(at location: CGPoint, _ time: Double, fromWheel: Bool, root: GestureNode?,
         configuration: GestureEngine.Configuration, in gestureArena: GestureArena) {
        self.fromWheel = fromWheel
        self.configuration = configuration
        lastWheelTime = time
        let entries = root.map { HitTester.entries(in: $0, at: location) } ?? []
        let start = IndirectInput(phase: .began, location: location, magnification: 1, rotation: 0, time: time)
        for e in entries where e.attachment.traits.handlesPinch && gestureArena.live[e.key] == nil {
            let m = Member(e, configuration, source: fromWheel ? .wheel : .touchpad)
            m.root.indirect(start)
            gestureArena.admit(m, live: false)
            gestureArena.join(m, arena)
        }
        gestureArena.resolve(arena)
    }

    /// When a wheel session ends by itself; never for a touchpad one.
    var idleDeadline: Double { fromWheel ? lastWheelTime + configuration.wheelZoomIdleTime : .infinity }

    /// The platform's pinch changed: `magnification` and `rotation` since it began.
    func change(location: CGPoint, magnification: CGFloat, rotation: Double, _ time: Double,
                in gestureArena: GestureArena) {
        feed(IndirectInput(phase: .changed, location: location, magnification: magnification,
                           rotation: rotation, time: time), gestureArena)
    }

    /// A Ctrl+wheel step of `units` (positive zooms in).
    func wheel(_ units: CGFloat, at location: CGPoint, _ time: Double, in gestureArena: GestureArena) {
        wheelMagnification *= pow(configuration.wheelZoomFactor, units)
        lastWheelTime = time
        feed(IndirectInput(phase: .changed, location: location, magnification: wheelMagnification,
                           rotation: 0, time: time), gestureArena)
    }

    private func feed(_ input: IndirectInput, _ gestureArena: GestureArena) {
        var changed = false
        for m in arena.members where m.state != .done {
            let before = m.root.phase
            m.root.indirect(input)
            if m.root.phase != before { changed = true }
            m.needsDelivery = true
        }
        gestureArena.resolve(arena, phasesChanged: changed)
    }

    /// The session is over: recognised members end, the others lose.
    func end(_ time: Double, in gestureArena: GestureArena) {
        let end = IndirectInput(phase: .ended, location: .zero, magnification: wheelMagnification, rotation: 0, time: time)
        for m in arena.members where m.state != .done {
            m.root.indirect(end)
            m.needsDelivery = true
        }
        arena.isDown = false
        gestureArena.resolve(arena)
        gestureArena.rejectAll(in: arena, .sessionEnded)
        gestureArena.resolve()
    }

    /// The platform cancelled the pinch: every member loses, no `onEnded`.
    func cancel(in gestureArena: GestureArena) {
        gestureArena.rejectAll(in: arena, .cancelled)
        arena.isDown = false
        gestureArena.resolve()
    }
}
