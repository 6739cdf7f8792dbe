import Foundation

/// The gesture engine: feed it pointer events (and wheel/pinch events) with
/// their timestamps, and advance its clock between events. It keeps the
/// clock and routes: it hit-tests `root` when a pointer lands, gives each
/// pointer an arena of the attachments under it (in precedence order: inner
/// before outer, earlier attachment before later, `highPriorityGesture`
/// first), hands each event to the recognizers following that pointer, and
/// leaves the deciding to its `GestureArena`. The attached gestures'
/// callbacks run synchronously from `handle` and `advance`. The rules it
/// follows are docs/GESTURES.md's; "rule N" in this module's comments is
/// that page's.
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
    /// Told why each recognizer won, waits or lost, as the arena decides
    /// (for debugging a gesture that does not fire); nil costs nothing.
    public var arenaTrace: ((ArenaVerdict) -> Void)? {
        get { arena.trace }
        set { arena.trace = newValue }
    }

    struct PointerSlot {
        var id: PointerID
        var location: CGPoint
        var arena: PointerArena
    }

    private var pointers: [PointerSlot] = []
    private let arena = GestureArena()
    /// The touchpad pinch or Ctrl+wheel zoom under way, if any.
    private var session: IndirectPinchSession?
    /// A finger landed during a touchpad pinch and ended it, or everything
    /// was cancelled: the platform's updates of that pinch are dropped until
    /// it begins another.
    private var touchpadPinchInterrupted = false

    public init(root: GestureNode? = nil, configuration: Configuration = Configuration()) {
        self.root = root
        self.configuration = configuration
        pointers.reserveCapacity(16)
    }

    /// Pointers currently down.
    public var pointerCount: Int { pointers.count }
    /// Whether any gesture is still deciding or acting (a finger down, a tap
    /// waiting for its second tap...): an app may idle its loop when false.
    public var isBusy: Bool { !pointers.isEmpty || !arena.isEmpty || session != nil }
    /// The next time `advance(to:)` has something to do, if any.
    public var nextEventTime: Double? { nextDeadline.isFinite ? nextDeadline : nil }

    /// The earliest of the arena's deadlines and the wheel session's idle end.
    private var nextDeadline: Double {
        guard let session else { return arena.nextDeadline }
        return min(arena.nextDeadline, session.idleDeadline)
    }

    // MARK: Events

    /// Feeds one pointer event. Bad input is never fatal (rule 31):
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
            if session?.fromWheel == false { touchpadPinchInterrupted = true }
            endSession(t)
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
            let slot = pointers.remove(at: index)
            arena.cancel(slot.arena)
            arena.resolve()
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
        if session?.fromWheel == false { touchpadPinchInterrupted = true }
        arena.cancelAll()
        pointers.removeAll(keepingCapacity: true)
        session = nil
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
            guard let m = arena.live[e.key] else { continue }
            following[i] = m.hasPointerDown
            if m.root.offer(id, location, t) { joined[i] = m }
            m.needsDelivery = true
        }
        if joined.contains(where: { $0 != nil }) { arena.resolve() }
        let pointerArena = PointerArena()
        // A pinch that lost a finger takes this one wherever it lands (rule
        // 26); it already holds a finger, so it ranks first.
        for m in arena.members where m.state != .done && m.root.seeksPointer && arena.live[m.key] === m
            && !entries.contains(where: { $0.key == m.key }) && m.root.offer(id, location, t) {
            arena.join(m, pointerArena)
        }
        // Then start new interactions for the attachments without one.
        for (i, e) in entries.enumerated() {
            let m: Member
            if let j = joined[i], j.state != .done {
                m = j
            } else {
                guard arena.live[e.key] == nil, !following[i] else { continue } // under way, or ended by this finger
                m = Member(e, configuration, source: .pointer)
                guard m.root.offer(id, location, t) else { continue }
                arena.admit(m, live: true)
            }
            arena.join(m, pointerArena)
        }
        pointers.append(PointerSlot(id: id, location: location, arena: pointerArena))
        arena.open(pointerArena)
        arena.resolve(pointerArena)
    }

    /// The hot path: no allocation, one virtual call per member tracking the pointer.
    private func move(_ index: Int, _ location: CGPoint, _ t: Double) {
        pointers[index].location = location
        let pointerArena = pointers[index].arena
        let id = pointers[index].id
        var changed = false
        for m in pointerArena.members where m.state != .done {
            let before = m.root.phase
            m.root.move(id, location, t)
            if m.root.phase != before { changed = true }
            m.needsDelivery = true
        }
        arena.resolve(pointerArena, phasesChanged: changed)
    }

    private func lift(_ index: Int, _ location: CGPoint, _ t: Double) {
        let slot = pointers.remove(at: index)
        arena.lift(slot.arena)
        for m in slot.arena.members where m.state != .done || m.root.wantsEventsAfterEnd {
            m.root.lift(slot.id, location, t)
            if m.state != .done { m.needsDelivery = true }
        }
        arena.resolve(slot.arena)
    }

    private func runDeadlines(upTo t: Double) {
        while nextDeadline <= t {
            let deadline = nextDeadline
            let now = max(deadline, time)
            time = now
            if let session, session.idleDeadline <= now { endSession(now) }
            arena.advance(to: now)
            arena.resolve()
            if nextDeadline <= deadline && nextDeadline <= now { break } // nothing fired: never spin
        }
    }

    // MARK: Pinch and wheel

    /// Feeds a touchpad pinch/rotation the platform recognised: a source of
    /// its own, with no fingers (rule 28). The `MagnifyGesture`s and
    /// `RotateGesture`s under `location` that are not already following
    /// touches see it as two fingers would report it; those a finger holds
    /// stay the finger's. A finger that lands ends it (`onEnded`); a cancel
    /// from the platform cancels it (no `onEnded`, states reset).
    @discardableResult
    public func handle(_ event: PinchEvent) -> InputDisposition {
        let t = catchUp(to: event.timestamp)
        guard event.location.isUsable, event.magnification.isFinite, event.magnification > 0,
              event.rotation.isFinite else { return .rejected("non-finite or non-positive pinch values") }
        switch event.phase {
        case .began:
            touchpadPinchInterrupted = false
            beginSession(at: event.location, t, fromWheel: false)
        case .changed:
            // A finger that landed ended this pinch (rule 28): the rest of
            // it, up to the platform's end, is not a new one.
            guard !touchpadPinchInterrupted else { return .rejected("pinch already ended by a finger or a cancel") }
            if session == nil || session?.fromWheel == true { beginSession(at: event.location, t, fromWheel: false) }
            session?.change(location: event.location, magnification: event.magnification, rotation: event.rotation, t,
                            in: arena)
        case .ended:
            touchpadPinchInterrupted = false
            guard session != nil else { return .rejected("pinch end without a pinch") }
            endSession(t)
        case .cancelled:
            touchpadPinchInterrupted = false
            guard let session else { return .rejected("pinch cancel without a pinch") }
            self.session = nil
            session.cancel(in: arena)
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
            if session?.fromWheel == true { endSession(t) }
            return .rejected("wheel without Ctrl does not zoom")
        }
        guard event.location.isUsable, event.dy.isFinite, abs(event.dy) < GestureConstants.maximumWheelUnits
        else { return .rejected("non-finite wheel event") }
        if session?.fromWheel != true { beginSession(at: event.location, t, fromWheel: true) }
        session?.wheel(event.dy, at: event.location, t, in: arena)
        return .accepted
    }

    /// Ends the session under way, if any, and starts one.
    private func beginSession(at location: CGPoint, _ t: Double, fromWheel: Bool) {
        endSession(t)
        session = IndirectPinchSession(at: location, t, fromWheel: fromWheel, root: root,
                                       configuration: configuration, in: arena)
    }

    private func endSession(_ t: Double) {
        guard let session else { return }
        self.session = nil
        session.end(t, in: arena)
    }
}
