import Foundation

/// The gesture engine: feed it pointer events (and wheel/pinch events) with
/// their timestamps, and advance its clock between events; it hit-tests
/// `root`, runs one arena per pointer, and calls the attached gestures'
/// callbacks synchronously from `handle` and `advance`. The rules it follows
/// are docs/GESTURES.md's; "rule N" in this module's comments is that page's.
///
/// Arbitration (rules 1-8, 13): the attachments under a touch compete in
/// precedence order (inner before outer, earlier attachment before later,
/// `highPriorityGesture` first; `simultaneousGesture` competes with none).
/// A gesture that recognises by itself (a drag past its minimum distance, a
/// long press at its deadline, a pinch, a completed multi-tap) wins at once
/// and rejects the others. A single tap wins only when nothing ranked above
/// it is undecided and no tap with more taps still waits (so it fires after
/// the double-tap window, never at lift, when it competes with a double tap).
///
/// Time: nothing reads a clock. `handle` first advances to the event's
/// timestamp; `advance(to:)` fires long presses and closes double-tap
/// windows without events. Timestamps never go backwards: an earlier one is
/// raised to the engine's time.
///
/// Callbacks run synchronously inside `handle`/`advance`. They may replace
/// `root` (the next touch sees the new tree) or call `cancelAll()`; they
/// must not feed events back in. Not thread-safe: call it from one thread
/// (the app's event loop).
///
/// Usage, as an app model would write it:
///
///     final class PhotoModel {
///         var zoom: CGFloat = 1
///         @GestureState var pinch: CGFloat = 1
///         @GestureState(resetTransaction: Transaction(animation: .spring(duration: 0.4)))
///         var pull = CGSize.zero
///
///         func node() -> GestureNode {
///             GestureNode("photo", frame: bigFrame, shape: .roundedRectangle(cornerRadius: 16))
///                 .onTapGesture(count: 2) { self.zoom = self.zoom > 1 ? 1 : 2 }
///                 .onTapGesture { self.close() }          // after the double-tap window
///                 .gesture(MagnifyGesture()
///                     .updating($pinch) { v, s, _ in s = v.magnification }
///                     .onEnded { v in self.zoom = min(max(self.zoom * v.magnification, 1), 4) }
///                     .simultaneously(with: DragGesture()
///                         .updating($pull) { v, s, _ in s = v.translation }
///                         .onEnded { v in
///                             if v.translation.height > 120 || v.predictedEndTranslation.height > 400 { self.close() }
///                         }))
///         }
///     }
///
///     let engine = GestureEngine(root: window)          // window: GestureNode
///     model.$pull.onReset { from, transaction in animator.animate(from, to: .zero, transaction.animation) }
///     engine.handle(.touch(1, .down, x: 200, y: 300, at: event.seconds))   // from SDL
///     engine.handle(.mouse(.move, x: 210, y: 320, at: event.seconds))
///     engine.advance(to: frameTime)                     // each frame: long presses, tap windows
public final class GestureEngine {
    /// The thresholds an engine applies to every gesture it runs; each
    /// defaults to its `GestureConstants` value.
    public struct Configuration: Sendable, Hashable {
        /// Longest pause between the taps of a multi-tap.
        public var doubleTapInterval = GestureConstants.doubleTapInterval
        /// Farthest a next tap may land from the first one.
        public var doubleTapDistance = GestureConstants.doubleTapDistance
        /// Farthest a finger may move during a tap.
        public var tapSlop = GestureConstants.tapSlop
        /// Magnification per wheel unit with Ctrl held.
        public var wheelZoomFactor = GestureConstants.wheelZoomFactor
        /// A Ctrl+wheel zoom ends after this long without wheel events.
        public var wheelZoomIdleTime = GestureConstants.wheelZoomIdleTime
        public init() {}
    }

    /// The tree touches are tested against. Replace or mutate it freely
    /// between events; interactions under way keep the geometry they started with.
    public var root: GestureNode?
    public let configuration: Configuration
    /// The engine's clock, in the events' seconds.
    public private(set) var time: Double = -Double.greatestFiniteMagnitude

    struct PointerSlot {
        var id: PointerID
        var location: CGPoint
        var arena: Arena
    }

    private var pointers: [PointerSlot] = []
    private var members: [Member] = []
    /// Members that may still take new pointers, by attachment.
    private var live: [AttachmentKey: Member] = [:]
    private var nextDeadline = Double.infinity
    private var needsCleanup = false
    private var extraDeliveries = false

    private var pinchArena: Arena?
    private var pinchFromWheel = false
    private var wheelMagnification: CGFloat = 1
    private var lastWheelTime = 0.0

    public init(root: GestureNode? = nil, configuration: Configuration = Configuration()) {
        self.root = root
        self.configuration = configuration
        pointers.reserveCapacity(16)
        members.reserveCapacity(64)
    }

    /// Pointers currently down.
    public var pointerCount: Int { pointers.count }
    /// Whether any gesture is still deciding or acting (a finger down, a tap
    /// waiting for its second tap...): an app may idle its loop when false.
    public var isBusy: Bool { !pointers.isEmpty || !members.isEmpty || pinchArena != nil }
    /// The next time `advance(to:)` has something to do, if any.
    public var nextEventTime: Double? { nextDeadline.isFinite ? nextDeadline : nil }

    // MARK: Events

    /// Feeds one pointer event. Bad input is never fatal:
    /// - a timestamp that is NaN, infinite or earlier than `time` is replaced
    ///   by `time` (`.normalized`);
    /// - `down` at a non-finite (or absurdly distant) location is dropped; `down` for a pointer
    ///   already down is read as a `move` (a missed `up` must not start a
    ///   second interaction for one finger);
    /// - `move`/`up`/`cancel` for a pointer that is not down are dropped
    ///   (a mouse moving without a button pressed is such a `move`);
    /// - `move` to a non-finite location (or one more than 10^7 pt away) is
    ///   dropped; `up` at one lifts at the last known location.
    @discardableResult
    public func handle(_ event: PointerEvent) -> InputDisposition {
        var disposition = InputDisposition.accepted
        var t = event.timestamp
        if !t.isFinite {
            t = time
            disposition = .normalized("non-finite timestamp replaced by the engine's time")
        } else if t < time {
            t = time
            disposition = .normalized("timestamp earlier than the engine's time raised to it")
        }
        // What catchUp(to:) does, by hand: this is every move's path, and
        // calling it measured about 5 % fewer moves per second (bench gestures).
        if t > time {
            if t >= nextDeadline { runDeadlines(upTo: t) }
            time = t
        }
        let index = slotIndex(event.id)
        let location = event.location
        switch event.phase {
        case .down:
            guard location.isUsable else { return .rejected("down at a non-finite or out-of-range location") }
            if let index {
                move(index, location, t)
                return .normalized("down for a pointer already down read as a move")
            }
            endPinch(t)
            down(event.id, location, t)
        case .move:
            guard let index else { return .rejected("move for a pointer that is not down") }
            guard location.isUsable else { return .rejected("move to a non-finite or out-of-range location") }
            move(index, location, t)
        case .up:
            guard let index else { return .rejected("up for a pointer that is not down") }
            if location.isUsable {
                lift(index, location, t)
            } else {
                lift(index, pointers[index].location, t)
                disposition = .normalized("up at a non-finite or out-of-range location lifted at the last known location")
            }
        case .cancel:
            guard let index else { return .rejected("cancel for a pointer that is not down") }
            cancelPointer(index)
        }
        return disposition
    }

    /// Lets time pass: long presses fire, double-tap windows close (and the
    /// single taps waiting on them run), an idle Ctrl+wheel zoom ends. A time
    /// that is not finite or not later than `time` does nothing.
    public func advance(to newTime: Double) {
        guard newTime.isFinite, newTime > time else { return }
        if newTime >= nextDeadline { runDeadlines(upTo: newTime) }
        time = newTime
    }

    /// An event's timestamp on the engine's clock (a non-finite or earlier
    /// one reads as `time`), after letting time pass up to it.
    private func catchUp(to timestamp: Double) -> Double {
        let t = timestamp.isFinite && timestamp > time ? timestamp : time
        advance(to: t)
        return t
    }

    /// Cancels everything (the window lost focus, the app changed screens):
    /// no `onEnded` runs, every gesture state resets.
    public func cancelAll() {
        for m in members where m.state != .done { reject(m) }
        for m in members where m.root.wantsEventsAfterEnd { m.root.cancel() }
        for slot in pointers { slot.arena.isDown = false }
        pointers.removeAll(keepingCapacity: true)
        pinchArena?.isDown = false
        pinchArena = nil
        for m in members { m.state = .done; m.arenas.removeAll() }
        members.removeAll(keepingCapacity: true)
        live.removeAll()
        nextDeadline = .infinity
    }

    @inline(__always) private func slotIndex(_ id: PointerID) -> Int? {
        var i = 0
        while i < pointers.count {
            if pointers[i].id == id { return i }
            i += 1
        }
        return nil
    }

    // MARK: Pointer phases

    private func down(_ id: PointerID, _ location: CGPoint, _ t: Double) {
        let entries = root.map { HitTester.entries(in: $0, at: location) } ?? []
        // First offer the pointer to interactions under way on these
        // attachments (a double tap's second tap, a pinch's second finger),
        // and let that settle: it may end them (a second tap too far away
        // fails the double tap and lets the waiting single tap fire).
        var joined = [Member?](repeating: nil, count: entries.count)
        // Attachments already following another finger: if this finger ends
        // their interaction (a tap getting a second finger), the view's touch
        // is not a fresh tap either, so no new interaction starts for them.
        var following = [Bool](repeating: false, count: entries.count)
        for (i, e) in entries.enumerated() {
            guard let m = live[e.key] else { continue }
            following[i] = m.hasPointerDown
            if m.root.offer(id, location, t) { joined[i] = m }
            m.needsDelivery = true
        }
        if joined.contains(where: { $0 != nil }) {
            settle()
            deliverFlagged()
            cleanup()
        }
        let arena = Arena()
        // A pinch that lost a finger takes this one wherever it lands (rule
        // 26); it already holds a finger, so it ranks first.
        for m in members where m.state != .done && m.root.seeksPointer && live[m.key] === m
            && !entries.contains(where: { $0.key == m.key }) && m.root.offer(id, location, t) {
            arena.members.append(m)
            m.arenas.append(arena)
            m.needsDelivery = true
        }
        // Then start new interactions for the attachments without one.
        for (i, e) in entries.enumerated() {
            let m: Member
            if let j = joined[i], j.state != .done {
                m = j
            } else {
                guard live[e.key] == nil, !following[i] else { continue } // under way, or ended by this finger
                m = Member(key: e.key, root: e.attachment.make(e.context(configuration)),
                           simultaneous: e.simultaneous, isIndirect: false)
                guard m.root.offer(id, location, t) else { continue }
                live[e.key] = m
                members.append(m)
            }
            arena.members.append(m)
            m.arenas.append(arena)
            m.needsDelivery = true
        }
        pointers.append(PointerSlot(id: id, location: location, arena: arena))
        // A gesture that already won elsewhere and took this finger too
        // keeps it: the newcomers lose.
        for m in arena.members where m.state == .won && !m.simultaneous { rejectCompetitors(of: m, in: arena) }
        settle()
        deliver(arena)
        cleanup()
    }

    /// The hot path: no allocation, one virtual call per member tracking the pointer.
    private func move(_ index: Int, _ location: CGPoint, _ t: Double) {
        pointers[index].location = location
        let arena = pointers[index].arena
        let id = pointers[index].id
        var changed = false
        for m in arena.members where m.state != .done {
            let before = m.root.phase
            m.root.move(id, location, t)
            if m.root.phase != before { changed = true }
            m.needsDelivery = true
        }
        if changed { settle() }
        deliver(arena)
        if needsCleanup { cleanup() }
    }

    private func lift(_ index: Int, _ location: CGPoint, _ t: Double) {
        let slot = pointers.remove(at: index)
        let arena = slot.arena
        arena.isDown = false
        for m in arena.members where m.state != .done || m.root.wantsEventsAfterEnd {
            m.root.lift(slot.id, location, t)
            if m.state != .done { m.needsDelivery = true }
        }
        settle()
        deliver(arena)
        // A gesture with no finger left, no deadline and no verdict can never
        // finish: cancel it so that its states reset (a safety net; the
        // built-in gestures all end or fail when their last finger lifts).
        for m in members where (m.state == .competing || m.state == .won) && !m.isIndirect
            && !m.hasPointerDown && m.root.deadline == .infinity {
            reject(m)
        }
        settle()
        deliverFlagged()
        cleanup()
    }

    private func cancelPointer(_ index: Int) {
        let slot = pointers.remove(at: index)
        slot.arena.isDown = false
        for m in slot.arena.members {
            if m.state != .done { reject(m) } else if m.root.wantsEventsAfterEnd { m.root.cancel() }
        }
        settle()
        deliverFlagged()
        cleanup()
    }

    private func runDeadlines(upTo t: Double) {
        while nextDeadline <= t {
            let now = max(nextDeadline, time)
            time = now
            if pinchFromWheel, pinchArena != nil, lastWheelTime + configuration.wheelZoomIdleTime <= now {
                endPinch(now)
            }
            for m in members where m.state != .done && m.root.deadline <= now {
                m.root.advance(to: now)
                m.needsDelivery = true
            }
            settle()
            deliverFlagged()
            let before = nextDeadline
            cleanup()
            if nextDeadline <= before && nextDeadline <= now { break } // nothing fired: never spin
        }
    }

    // MARK: Arbitration

    /// Decides claims until nothing changes: failed members leave, recognised
    /// ones win (rejecting their competitors) or wait.
    private func settle() {
        var progress = true
        while progress {
            progress = false
            var i = 0
            while i < members.count {
                let m = members[i]
                i += 1
                guard m.isUndecided else { continue }
                switch m.root.phase {
                case .possible:
                    continue
                case .failed:
                    reject(m)
                    progress = true
                case .active, .ended:
                    if !m.simultaneous && isBlocked(m) {
                        m.state = .pending
                        continue
                    }
                    m.state = .won
                    m.needsDelivery = true
                    extraDeliveries = true
                    needsCleanup = true
                    progress = true
                    if !m.simultaneous {
                        for a in m.arenas { rejectCompetitors(of: m, in: a) }
                    }
                }
            }
        }
    }

    private func isBlocked(_ m: Member) -> Bool {
        let taps = m.root.claimTapCount
        guard taps > 0 else { return false }
        for arena in m.arenas {
            var above = true
            for o in arena.members {
                if o === m { above = false; continue }
                guard !o.simultaneous, o.isUndecided else { continue }
                if taps == 1 && above { return true }
                // A tap with more taps still waiting, or just completed (it
                // wins in this same settle pass), goes first (rule 1).
                if o.root.holdCount > taps { return true }
                if o.root.phase != .possible && o.root.claimTapCount > taps { return true }
            }
        }
        return false
    }

    private func rejectCompetitors(of m: Member, in arena: Arena) {
        for o in arena.members where o !== m && !o.simultaneous && o.isUndecided { reject(o) }
    }

    private func reject(_ m: Member) {
        m.state = .done
        m.needsDelivery = false
        m.root.cancel()
        needsCleanup = true
    }

    // MARK: Delivery

    /// Runs callbacks of the arena's members, outer attachments first (rules
    /// 4 and 7: a simultaneous gesture's action before the inner one's), then
    /// of members decided elsewhere.
    private func deliver(_ arena: Arena) {
        var i = arena.members.count - 1
        while i >= 0 {
            let m = arena.members[i]
            if m.needsDelivery { deliver(m) }
            i -= 1
        }
        if extraDeliveries { deliverFlagged() }
    }

    private func deliverFlagged() {
        extraDeliveries = false
        var i = 0
        while i < members.count {
            let m = members[i]
            if m.needsDelivery { deliver(m) }
            i += 1
        }
    }

    private func deliver(_ m: Member) {
        m.needsDelivery = false
        guard m.state == .competing || m.state == .won else { return }
        m.root.deliver()
        if m.state == .won && m.root.phase.isTerminal {
            m.state = .done
            needsCleanup = true
        }
    }

    /// Drops finished members and recomputes the next deadline.
    private func cleanup() {
        needsCleanup = false
        var i = 0
        var deadline = Double.infinity
        while i < members.count {
            let m = members[i]
            if m.state == .done || m.state == .pending || m.root.phase.isTerminal, live[m.key] === m {
                live.removeValue(forKey: m.key)
            }
            if m.state == .done && !(m.root.wantsEventsAfterEnd && m.hasPointerDown) {
                for a in m.arenas { a.members.removeAll { $0 === m } }
                m.arenas.removeAll()
                members.remove(at: i)
                continue
            }
            if m.state != .done { deadline = min(deadline, m.root.deadline) }
            i += 1
        }
        if pinchFromWheel && pinchArena != nil {
            deadline = min(deadline, lastWheelTime + configuration.wheelZoomIdleTime)
        }
        nextDeadline = deadline
    }

    // MARK: Pinch and wheel

    /// Feeds a touchpad pinch/rotation the platform recognised. The
    /// `MagnifyGesture`s and `RotateGesture`s under `location` that are not
    /// already following touches see it as two fingers would report it.
    @discardableResult
    public func handle(_ event: PinchEvent) -> InputDisposition {
        let t = catchUp(to: event.timestamp)
        guard event.location.isUsable, event.magnification.isFinite, event.magnification > 0,
              event.rotation.isFinite else { return .rejected("non-finite or non-positive pinch values") }
        switch event.phase {
        case .began:
            beginPinch(at: event.location, t, fromWheel: false)
        case .changed:
            if pinchArena == nil || pinchFromWheel { beginPinch(at: event.location, t, fromWheel: false) }
            feedPinch(IndirectInput(phase: .changed, location: event.location, magnification: event.magnification,
                                    rotation: event.rotation, time: t))
        case .ended:
            guard pinchArena != nil else { return .rejected("pinch end without a pinch") }
            endPinch(t)
        case .cancelled:
            guard let arena = pinchArena else { return .rejected("pinch cancel without a pinch") }
            for m in arena.members where m.state != .done { reject(m) }
            arena.isDown = false
            pinchArena = nil
            settle()
            deliverFlagged()
            cleanup()
        }
        return .accepted
    }

    /// Feeds a wheel event. With Ctrl held it zooms the `MagnifyGesture`s
    /// under the pointer (a session that ends after
    /// `wheelZoomIdleTime` without wheel events or when a finger lands);
    /// without Ctrl it returns `.rejected` and the app scrolls as it likes.
    @discardableResult
    public func handle(_ event: WheelEvent) -> InputDisposition {
        let t = catchUp(to: event.timestamp)
        guard event.modifiers.contains(.control) else {
            if pinchFromWheel { endPinch(t) }
            return .rejected("wheel without Ctrl does not zoom")
        }
        guard event.location.isUsable, event.dy.isFinite, abs(event.dy) < GestureConstants.maximumWheelUnits else { return .rejected("non-finite wheel event") }
        if pinchArena == nil || !pinchFromWheel { beginPinch(at: event.location, t, fromWheel: true) }
        wheelMagnification *= pow(configuration.wheelZoomFactor, event.dy)
        lastWheelTime = t
        feedPinch(IndirectInput(phase: .changed, location: event.location, magnification: wheelMagnification,
                                rotation: 0, time: t))
        return .accepted
    }

    /// Ends the pinch or wheel session under way, if any, and starts one.
    private func beginPinch(at location: CGPoint, _ t: Double, fromWheel: Bool) {
        endPinch(t)
        let arena = Arena()
        pinchArena = arena
        pinchFromWheel = fromWheel
        wheelMagnification = 1
        lastWheelTime = t
        let entries = root.map { HitTester.entries(in: $0, at: location) } ?? []
        let start = IndirectInput(phase: .began, location: location, magnification: 1, rotation: 0, time: t)
        for e in entries where e.attachment.traits.handlesPinch && live[e.key] == nil {
            let m = Member(key: e.key, root: e.attachment.make(e.context(configuration)),
                           simultaneous: e.simultaneous, isIndirect: true)
            m.root.indirect(start)
            members.append(m)
            arena.members.append(m)
            m.arenas.append(arena)
        }
        settle()
        deliver(arena)
        cleanup()
    }

    private func feedPinch(_ input: IndirectInput) {
        guard let arena = pinchArena else { return }
        var changed = false
        for m in arena.members where m.state != .done {
            let before = m.root.phase
            m.root.indirect(input)
            if m.root.phase != before { changed = true }
            m.needsDelivery = true
        }
        if changed { settle() }
        deliver(arena)
        cleanup()
    }

    private func endPinch(_ t: Double) {
        guard let arena = pinchArena else { return }
        pinchArena = nil
        let end = IndirectInput(phase: .ended, location: .zero, magnification: wheelMagnification, rotation: 0, time: t)
        for m in arena.members where m.state != .done {
            m.root.indirect(end)
            m.needsDelivery = true
        }
        arena.isDown = false
        settle()
        deliver(arena)
        for m in arena.members where m.state != .done { reject(m) }
        settle()
        deliverFlagged()
        cleanup()
    }
}
