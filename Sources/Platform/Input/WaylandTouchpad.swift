import CWaylandProtocols
import CSDL2
import CWayland
import Foundation
import Gestures
import TripsKit

/// The touchpad as the compositor reports it, for what SDL 2.26 leaves out:
/// pinch and rotation (`zwp_pointer_gestures_v1`), resting fingers (its hold
/// gesture, version 3), and whether a scroll is two fingers and when they
/// lift (`wl_pointer`'s `axis_source` and `axis_stop`).
///
/// It shares SDL's `wl_display` the way GStreamer's
/// `gst_wl_display_new_existing` does: a proxy wrapper of the display on an
/// event queue of its own, so its registry, seats, pointers and gestures
/// deliver to that queue and SDL never sees them, nor they SDL's. SDL reads
/// the socket when it pumps; `take(now:)` then dispatches this queue without
/// blocking. While the loop sleeps in SDL's wait, a `WaylandQueueWatcher`
/// pushes `wakeEventType` when this queue has events (SDL's wait would not
/// return for them). Its own `wl_pointer`s see every scroll SDL's do, so while it
/// reads them (`readsTheWheel`) SDL's wheel events are dropped and the wheel
/// comes from here, one event each (a wheel's clicks as wheel steps, as SDL
/// gives them; fingers as a scroll in points).
///
/// Without the pointer-gestures global (weston 10 has none) nothing is
/// bound and the app runs as it always has: `init` returns nil and says so
/// once, when asked to log.
final class WaylandTouchpad {
    private let own: WaylandPrivateQueue
    private let events = WaylandEvents()
    private var display: OpaquePointer { own.display }
    private var queue: OpaquePointer { own.queue }
    private var registry: OpaquePointer?
    private var gestures: OpaquePointer?
    private var gesturesVersion: UInt32 = 0

    private final class Seat {
        let proxy: OpaquePointer
        let version: UInt32
        var pointer: OpaquePointer?
        var pinch: OpaquePointer?
        var hold: OpaquePointer?
        init(proxy: OpaquePointer, version: UInt32) { self.proxy = proxy; self.version = version }
    }
    private var seats: [Seat] = []

    /// wl_seat version 5 brings axis_source, axis_stop and frame; 7 is the
    /// last with axis_discrete (8 replaces it with axis_value120).
    static let seatVersion: UInt32 = 7
    static let wheelSeatVersion: UInt32 = 5
    /// Wayland's axis values per wheel step, as SDL 2.26 divides them.
    static let axisUnitsPerStep = 10.0

    /// The SDL event the watcher pushes when this queue has events; the
    /// loop then calls `take(now:)`.
    private let wake = RegisteredEvent()
    var wakeEventType: UInt32 { wake.type }
    private var watcher: WaylandQueueWatcher?

    private var clock = CompositorClock()
    /// Where the pointer is over the window, in points.
    private var location = CGPoint.zero
    /// The surface's units to a point (`--scale` where the compositor says 1).
    var windowUnitsPerPoint = 1.0
    /// The scroll frame being gathered: its source, values, discrete steps,
    /// whether it stopped, and its time.
    private var axisSource: UInt32?
    private var axisValue = CGSize.zero
    private var axisSteps = CGSize.zero
    private var axisStopped = false
    private var axisTime: UInt32?
    /// The two-finger pinch under way: its turn so far (degrees, clockwise),
    /// and where its fingers' centre is now, in points: the pointer where it
    /// began, moved by each update's dx and dy (the compositor holds the
    /// pointer still), so a pinch pans as fingers on a screen do.
    private var pinchRotation: Double?
    private var pinchCentre = CGPoint.zero
    private var holding = false
    private var now = 0.0
    private var pending: [(InputEvent, Double)] = []

    /// True while its pointers carry every scroll (SDL's are dropped).
    var readsTheWheel: Bool { seats.contains { $0.pointer != nil && $0.version >= Self.wheelSeatVersion } }

    /// Binds on `display` (SDL's `wl_display`), or nil when the compositor
    /// offers no pointer gestures; `log`, when given, hears one line why.
    init?(display: OpaquePointer?, log: ((String) -> Void)?) {
        guard let own = WaylandPrivateQueue(display: display) else { return nil }
        self.own = own
        events.handler = { [unowned self] in event($0, $1, $2, $3) }
        let (display, queue) = (own.display, own.queue)
        registry = own.registry()
        listen(registry)
        // The globals, then each seat's capabilities (its pointer).
        guard wl_display_roundtrip_queue(display, queue) >= 0, gestures != nil,
              wl_display_roundtrip_queue(display, queue) >= 0 else {
            log?(gestures == nil ? "trips: the compositor offers no touchpad gestures (zwp_pointer_gestures_v1); pinch with Ctrl+wheel"
                 : "trips: the compositor's touchpad gestures could not be bound")
            return nil
        }
        log?("trips: touchpad gestures from the compositor (zwp_pointer_gestures_v1 version \(gesturesVersion)), "
             + "\(seats.filter { $0.pointer != nil }.count) pointer(s)")
        watcher = WaylandQueueWatcher(display: display, queue: queue, wake: wake.push)
    }

    deinit {
        watcher?.stop()
        for seat in seats {
            if let pinch = seat.pinch { destroyGesture(pinch) }
            if let hold = seat.hold { destroyGesture(hold) }
            if let pointer = seat.pointer {
                if seat.version >= 3 { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
            }
            if seat.version >= 5 { wl_seat_release(seat.proxy) } else { wl_seat_destroy(seat.proxy) }
        }
        if let gestures {
            if gesturesVersion >= 2, let release = Self.opcode(zwp_pointer_gestures_v1_interface, "release") {
                marshal(gestures, release, nil, gesturesVersion, destroy: true, [])
            } else {
                wl_proxy_destroy(gestures)
            }
        }
        if let registry { wl_registry_destroy(registry) }
        own.close()
    }

    // MARK: The loop's side

    /// What the touchpad did since the last call, each with its time on the
    /// loop's clock; `now` is the loop's time. Never blocks.
    func take(now: Double) -> [(InputEvent, Double)] {
        self.now = now
        // Requests made while dispatching (a new seat's pointer) go out too.
        own.dispatch()
        watcher?.resume()
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    // MARK: Requests

    /// The opcode of `interface`'s request `name`, from the tables
    /// wayland-scanner generated.
    private static func opcode(_ interface: wl_interface, _ name: String) -> UInt32? {
        (0..<Int(interface.method_count)).first { String(cString: interface.methods[$0].name) == name }.map(UInt32.init)
    }

    @discardableResult
    private func marshal(_ proxy: OpaquePointer, _ opcode: UInt32, _ interface: UnsafePointer<wl_interface>?, _ version: UInt32,
                         destroy: Bool = false, _ arguments: [wl_argument]) -> OpaquePointer? {
        var arguments = arguments
        return wl_proxy_marshal_array_flags(proxy, opcode, interface, version, destroy ? UInt32(WL_MARSHAL_FLAG_DESTROY) : 0, &arguments)
    }

    private func destroyGesture(_ gesture: OpaquePointer) {
        marshal(gesture, 0, nil, wl_proxy_get_version(gesture), destroy: true, []) // `destroy` is request 0 of both
    }

    /// A pointer's pinch and hold gestures, once both the pointer and the
    /// gestures global are there.
    private func bindGestures(_ seat: Seat) {
        guard let gestures, let pointer = seat.pointer, seat.pinch == nil else { return }
        if let get = Self.opcode(zwp_pointer_gestures_v1_interface, "get_pinch_gesture") {
            seat.pinch = marshal(gestures, get, trips_pointer_gesture_pinch_interface(), gesturesVersion, [wl_argument(n: 0), wl_argument(o: pointer)])
            listen(seat.pinch)
        }
        if gesturesVersion >= 3, let get = Self.opcode(zwp_pointer_gestures_v1_interface, "get_hold_gesture") {
            seat.hold = marshal(gestures, get, trips_pointer_gesture_hold_interface(), gesturesVersion, [wl_argument(n: 0), wl_argument(o: pointer)])
            listen(seat.hold)
        }
    }

    // MARK: Events

    /// Every proxy of this queue reports to `event(_:_:_:)`.
    private func listen(_ proxy: OpaquePointer?) { events.listen(proxy) }

    private func seconds(_ milliseconds: UInt32) -> Double { clock.time(ofMilliseconds: milliseconds, now: now) }

    private func emit(_ input: InputEvent, at time: Double) { pending.append((input, time)) }

    private func event(_ interface: String, _ proxy: OpaquePointer, _ name: String, _ a: UnsafeMutablePointer<wl_argument>) {
        switch (interface, name) {
        case ("wl_registry", "global"):
            let global = WaylandGlobal(registry: registry, a)
            switch global.interface {
            case "zwp_pointer_gestures_v1" where gestures == nil:
                guard let bound = global.bind(trips_pointer_gestures_interface(), upTo: 3) else { return }
                (gestures, gesturesVersion) = (bound.proxy, bound.version)
                seats.forEach(bindGestures)
            case "wl_seat":
                guard let bound = global.bind(trips_wl_seat_interface(), upTo: Self.seatVersion) else { return }
                seats.append(Seat(proxy: bound.proxy, version: bound.version))
                listen(bound.proxy)
            default: break
            }
        case ("wl_seat", "capabilities"):
            guard let seat = seats.first(where: { $0.proxy == proxy }), seat.pointer == nil,
                  a[0].u & WL_SEAT_CAPABILITY_POINTER.rawValue != 0 else { return }
            seat.pointer = wl_seat_get_pointer(proxy)
            listen(seat.pointer)
            bindGestures(seat)
        case ("wl_pointer", "enter"):
            location = CGPoint(x: wl_fixed_to_double(a[2].f) / windowUnitsPerPoint, y: wl_fixed_to_double(a[3].f) / windowUnitsPerPoint)
        case ("wl_pointer", "motion"):
            location = CGPoint(x: wl_fixed_to_double(a[1].f) / windowUnitsPerPoint, y: wl_fixed_to_double(a[2].f) / windowUnitsPerPoint)
        case ("wl_pointer", "axis_source"):
            axisSource = a[0].u
        case ("wl_pointer", "axis"):
            axisTime = a[0].u
            let value = wl_fixed_to_double(a[2].f) / windowUnitsPerPoint
            if a[1].u == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue { axisValue.width += value } else { axisValue.height += value }
        case ("wl_pointer", "axis_discrete"):
            if a[0].u == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue { axisSteps.width += CGFloat(a[1].i) } else { axisSteps.height += CGFloat(a[1].i) }
        case ("wl_pointer", "axis_stop"):
            axisTime = a[0].u
            axisStopped = true
        case ("wl_pointer", "frame"):
            axisFrame()
        case ("zwp_pointer_gesture_pinch_v1", "begin"):
            // Three- and four-finger pinches are the compositor's (workspaces, overviews).
            guard a[3].u == 2 else { return }
            pinchRotation = 0
            pinchCentre = location
            let t = seconds(a[1].u)
            emit(.pinch(PinchEvent(phase: .began, location: location, modifiers: modifiers, timestamp: t)), at: t)
        case ("zwp_pointer_gesture_pinch_v1", "update"):
            guard let turned = pinchRotation else { return }
            let t = seconds(a[0].u), scale = wl_fixed_to_double(a[3].f)
            pinchRotation = turned + wl_fixed_to_double(a[4].f)
            pinchCentre.x += wl_fixed_to_double(a[1].f) / windowUnitsPerPoint
            pinchCentre.y += wl_fixed_to_double(a[2].f) / windowUnitsPerPoint
            guard scale > 0 else { return }
            emit(.pinch(PinchEvent(phase: .changed, location: pinchCentre, magnification: CGFloat(scale),
                                   rotation: pinchRotation! * .pi / 180, modifiers: modifiers, timestamp: t)), at: t)
        case ("zwp_pointer_gesture_pinch_v1", "end"):
            guard pinchRotation != nil else { return }
            pinchRotation = nil
            let t = seconds(a[1].u)
            emit(.pinch(PinchEvent(phase: a[2].i != 0 ? .cancelled : .ended, location: pinchCentre, timestamp: t)), at: t)
        case ("zwp_pointer_gesture_hold_v1", "begin"):
            holding = true
            let t = seconds(a[1].u)
            emit(.scroll(TouchpadScroll(phase: .hold, location: location, timestamp: t)), at: t)
        case ("zwp_pointer_gesture_hold_v1", "end"):
            guard holding else { return }
            holding = false
            let t = seconds(a[1].u)
            emit(.scroll(TouchpadScroll(phase: .release, location: location, timestamp: t)), at: t)
        default:
            break
        }
    }

    /// The keys held now (SDL's keyboard state), for Ctrl+wheel.
    private var modifiers: EventModifiers { EventTranslator.modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue)) }

    /// One pointer frame's scroll: fingers as points (and their lift), a
    /// wheel as steps.
    private func axisFrame() {
        defer {
            axisSource = nil
            axisValue = .zero
            axisSteps = .zero
            axisStopped = false
            axisTime = nil
        }
        guard let ms = axisTime else { return }
        let t = seconds(ms)
        // A wheel never stops: a stop on its own is the fingers' lift.
        let quiet = axisValue == .zero && axisSteps == .zero
        if axisSource == WL_POINTER_AXIS_SOURCE_FINGER.rawValue || (axisStopped && quiet && axisSource == nil) {
            if axisValue != .zero {
                emit(.scroll(TouchpadScroll(phase: .scroll, delta: axisValue, location: location, timestamp: t)), at: t)
            }
            if axisStopped { emit(.scroll(TouchpadScroll(phase: .stop, location: location, timestamp: t)), at: t) }
            return
        }
        guard axisValue != .zero || axisSteps != .zero else { return }
        // As SDL 2.26 makes them: a click is one step, a continuous value a
        // tenth of its units; up and right positive.
        let dx = axisSteps.width != 0 ? axisSteps.width : axisValue.width / Self.axisUnitsPerStep
        let dy = axisSteps.height != 0 ? axisSteps.height : axisValue.height / Self.axisUnitsPerStep
        emit(.wheel(WheelEvent(location: location, dx: dx, dy: -dy, modifiers: modifiers, timestamp: t)), at: t)
    }
}
