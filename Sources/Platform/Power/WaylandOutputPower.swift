import CWaylandProtocols
import CWayland
import Foundation

/// A Wayland compositor's outputs through wlroots' output power management
/// (`zwlr_output_power_manager_v1`: sway, labwc, Wayfire), bound on SDL's
/// `wl_display` with an event queue of its own, as `WaylandTouchpad` binds
/// the pointer gestures: SDL never sees its objects, nor it SDL's. Bound
/// when the kiosk first sleeps (`OutputPowerBinding`) and kept, since the
/// compositor's answers may come after a change; let go by `close()`, after
/// the frame loop and before SDL's display closes.
final class WaylandOutputPower: ScreenPowerPath {
    /// SDL's `wl_display`.
    private let display: OpaquePointer
    private var binding: OutputPowerBinding?
    var name: String { "Wayland's wlr-output-power-management" }

    init(display: OpaquePointer) { self.display = display }

    func set(on: Bool) -> String? {
        if binding == nil { binding = OutputPowerBinding(display: display) }
        guard let binding else { return "no event queue of its own" }
        return binding.set(on: on)
    }

    func close() { binding = nil }
}

/// The manager and the outputs, bound on a queue of its own, for one change:
/// round trips on that queue say whether the compositor did it (its `mode`
/// event) or could not (`failed`).
private final class OutputPowerBinding {
    private let own: WaylandPrivateQueue
    private var display: OpaquePointer { own.display }
    private var queue: OpaquePointer { own.queue }
    private var registry: OpaquePointer?
    private var manager: OpaquePointer?
    private var outputs: [OpaquePointer] = []
    /// What the compositor answered for each output's power object: its mode, or nil for failed.
    private var answers: [OpaquePointer: UInt32?] = [:]

    /// How many round trips (20 ms apart) the new mode may take to be told.
    static let roundTrips = 25

    /// Binds on `display` (SDL's `wl_display`); the outputs are bound
    /// whether or not the compositor offers the manager (`set` then says so).
    init?(display: OpaquePointer?) {
        guard let own = WaylandPrivateQueue(display: display) else { return nil }
        self.own = own
        registry = own.registry()
        listen(registry)
        wl_display_roundtrip_queue(own.display, own.queue)
    }

    deinit {
        for output in outputs { wl_proxy_destroy(output) }
        if let manager { marshal(manager, opcode(zwlr_output_power_manager_v1_interface, "destroy"), nil, destroy: true, []) }
        if let registry { wl_registry_destroy(registry) }
        own.close()
    }

    func set(on: Bool) -> String? {
        guard let manager else { return "the compositor does not offer it" }
        guard !outputs.isEmpty else { return "the compositor has no output" }
        let get = opcode(zwlr_output_power_manager_v1_interface, "get_output_power")
        let setMode = opcode(zwlr_output_power_v1_interface, "set_mode")
        let powers = outputs.compactMap { output in
            marshal(manager, get, trips_output_power_interface(), [wl_argument(n: 0), wl_argument(o: output)])
        }
        answers = [:]
        for power in powers {
            listen(power)
            marshal(power, setMode, nil, [wl_argument(u: on ? 1 : 0)])
        }
        // Each power object first says the output's mode as it is; the new
        // one comes once the compositor has committed it (a frame later).
        let wanted: UInt32 = on ? 1 : 0
        func answered(_ power: OpaquePointer) -> Bool { answers[power].map { $0 == nil || $0 == wanted } ?? false }
        for _ in 0..<Self.roundTrips {
            guard wl_display_roundtrip_queue(display, queue) >= 0 else { return "the connection failed" }
            if powers.allSatisfy(answered) { break }
            usleep(20_000)
        }
        let destroy = opcode(zwlr_output_power_v1_interface, "destroy")
        let done = powers.filter { answers[$0] == .some(wanted) }.count
        let refused = powers.contains { answers[$0] == .some(nil) }
        for power in powers { marshal(power, destroy, nil, destroy: true, []) }
        wl_display_flush(display)
        if done > 0 { return nil }
        return refused ? "the compositor refused" : "the compositor left the output on"
    }

    // MARK: Requests

    /// The opcode of `interface`'s request `name`, from the generated tables.
    private func opcode(_ interface: wl_interface, _ name: String) -> UInt32 {
        UInt32((0..<Int(interface.method_count)).first { String(cString: interface.methods[$0].name) == name } ?? 0)
    }

    @discardableResult
    private func marshal(_ proxy: OpaquePointer, _ opcode: UInt32, _ interface: UnsafePointer<wl_interface>?,
                         destroy: Bool = false, _ arguments: [wl_argument]) -> OpaquePointer? {
        var arguments = arguments
        return wl_proxy_marshal_array_flags(proxy, opcode, interface, wl_proxy_get_version(proxy),
                                            destroy ? UInt32(WL_MARSHAL_FLAG_DESTROY) : 0, &arguments)
    }

    // MARK: Events

    private func listen(_ proxy: OpaquePointer?) {
        guard let proxy else { return }
        wl_proxy_add_dispatcher(proxy, { data, target, _, message, arguments in
            guard let data, let target, let message, let arguments else { return 0 }
            let power = Unmanaged<OutputPowerBinding>.fromOpaque(data).takeUnretainedValue()
            power.event(OpaquePointer(target), String(cString: message.pointee.name), arguments)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func event(_ proxy: OpaquePointer, _ name: String, _ a: UnsafeMutablePointer<wl_argument>) {
        let interface = String(cString: wl_proxy_get_class(proxy))
        switch (interface, name) {
        case ("wl_registry", "global"):
            let global = WaylandGlobal(registry: registry, a)
            switch global.interface {
            case "zwlr_output_power_manager_v1" where manager == nil:
                manager = global.bind(trips_output_power_manager_interface(), upTo: 1)?.proxy
            case "wl_output":
                if let output = global.bind(trips_wl_output_interface(), upTo: 1)?.proxy {
                    outputs.append(output)
                    listen(output) // its geometry and mode events, unread
                }
            default: break
            }
        case ("zwlr_output_power_v1", "mode"):
            answers[proxy] = .some(a[0].u)
        case ("zwlr_output_power_v1", "failed"):
            answers[proxy] = .some(nil)
        default: break
        }
    }
}
