import CWayland
import Foundation

/// The clipboard on Wayland, for what SDL 2.26's `SDL_SetClipboardText`
/// cannot offer: a picture. A `wl_data_device` of its own on each seat of
/// SDL's `wl_display`, bound on an event queue of its own
/// (`WaylandPrivateQueue`, as the touchpad's gestures are), and a
/// `wl_keyboard` of its own on the seat, for the serial `set_selection`
/// needs: SDL keeps its key events' serials to itself. Its keyboard sees
/// every key SDL's does, so the last press (Ctrl+C) is the serial offered.
///
/// A selection is one `wl_data_source` offering each of its types; a
/// paste's `send` is answered by writing the bytes to the pipe it brings on
/// a thread of its own, non-blocking and within `writeSeconds`, so a paster
/// that never reads costs a thread for that long, never the frame loop.
final class WaylandClipboard {
    private let own: WaylandPrivateQueue
    private let events = WaylandEvents()
    private var display: OpaquePointer { own.display }
    private var queue: OpaquePointer { own.queue }
    private var registry: OpaquePointer?
    private var manager: OpaquePointer?
    private var managerVersion: UInt32 = 0

    private final class Seat {
        let proxy: OpaquePointer
        var keyboard: OpaquePointer?
        var device: OpaquePointer?
        init(proxy: OpaquePointer) { self.proxy = proxy }
    }
    private var seats: [Seat] = []
    /// The serial of the last key pressed (or of the keyboard's entering).
    private var serial: UInt32?
    /// What the current selection offers, by type, and its source.
    private var source: OpaquePointer?
    private var offered: [String: [UInt8]] = [:]
    /// Offers of other clients' selections: never read, destroyed when the next comes.
    private var offers: [OpaquePointer] = []

    /// The SDL event the watcher pushes when this queue has events: a
    /// paste asks for bytes. The loop then calls `take()`.
    private let wake = RegisteredEvent()
    private var watcher: WaylandQueueWatcher?

    static let seatVersion: UInt32 = 5
    /// How long a paste's bytes may take to be read before its pipe is closed.
    static let writeSeconds = 10.0

    /// Binds on `display` (SDL's `wl_display`), or nil without a data device manager.
    init?(display: OpaquePointer?, log: (String) -> Void) {
        guard let own = WaylandPrivateQueue(display: display) else { return nil }
        self.own = own
        events.handler = { [unowned self] in event($0, $1, $2, $3) }
        registry = own.registry()
        listen(registry)
        // The globals, then each seat's capabilities (its keyboard and device).
        guard wl_display_roundtrip_queue(own.display, own.queue) >= 0, manager != nil,
              wl_display_roundtrip_queue(own.display, own.queue) >= 0 else {
            log("trips: the compositor offers no clipboard (wl_data_device_manager); Ctrl+C copies nothing")
            close()
            return nil
        }
        watcher = WaylandQueueWatcher(display: own.display, queue: own.queue, wake: wake.push)
    }

    deinit { close() }

    private func close() {
        watcher?.stop()
        watcher = nil
        if let source { wl_data_source_destroy(source) }
        source = nil
        offers.forEach { wl_proxy_destroy($0) }
        offers = []
        for seat in seats {
            if let device = seat.device { if managerVersion >= 2 { wl_data_device_release(device) } else { wl_data_device_destroy(device) } }
            if let keyboard = seat.keyboard { wl_keyboard_release(keyboard) }
            wl_seat_release(seat.proxy)
        }
        seats = []
        if let manager { wl_data_device_manager_destroy(manager) }
        manager = nil
        if let registry { wl_registry_destroy(registry) }
        registry = nil
        own.close()
    }

    /// Serves what came in (pastes asking for bytes, key serials); never blocks.
    func take() {
        own.dispatch()
        watcher?.resume()
    }

    /// Makes `contents` (bytes by MIME type) the selection on every seat;
    /// a description of why not, or nil.
    func offer(_ contents: [String: [UInt8]]) -> String? {
        take() // the serial of the key just pressed
        guard let manager, let serial else { return "no key was pressed in the window" }
        if let source { wl_data_source_destroy(source) }
        guard let made = wl_data_device_manager_create_data_source(manager) else { return "no data source" }
        source = made
        listen(made)
        offered = contents
        for type in contents.keys.sorted() { wl_data_source_offer(made, type) }
        for seat in seats { if let device = seat.device { wl_data_device_set_selection(device, made, serial) } }
        wl_display_flush(display)
        return nil
    }

    // MARK: Events

    private func listen(_ proxy: OpaquePointer?) { events.listen(proxy) }

    private func bindDevice(_ seat: Seat) {
        guard let manager, seat.device == nil else { return }
        seat.device = wl_data_device_manager_get_data_device(manager, seat.proxy)
        listen(seat.device)
    }

    private func event(_ interface: String, _ proxy: OpaquePointer, _ name: String, _ a: UnsafeMutablePointer<wl_argument>) {
        switch (interface, name) {
        case ("wl_registry", "global"):
            let global = a[0].u, version = a[2].u
            switch String(cString: a[1].s) {
            case "wl_data_device_manager" where manager == nil:
                managerVersion = min(version, 3)
                manager = OpaquePointer(wl_registry_bind(registry, global, trips_wl_data_device_manager_interface(), managerVersion))
                seats.forEach(bindDevice)
            case "wl_seat":
                guard let bound = OpaquePointer(wl_registry_bind(registry, global, trips_wl_seat_interface(), min(version, Self.seatVersion))) else { return }
                let seat = Seat(proxy: bound)
                seats.append(seat)
                listen(bound)
                bindDevice(seat)
            default: break
            }
        case ("wl_seat", "capabilities"):
            guard let seat = seats.first(where: { $0.proxy == proxy }), seat.keyboard == nil,
                  a[0].u & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 else { return }
            seat.keyboard = wl_seat_get_keyboard(proxy)
            listen(seat.keyboard)
        case ("wl_keyboard", "keymap"):
            Glibc.close(a[1].h) // SDL reads the keymap; this keyboard wants only serials
        case ("wl_keyboard", "enter"):
            serial = a[0].u
        case ("wl_keyboard", "key"):
            if a[3].u == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue { serial = a[0].u }
        case ("wl_data_source", "send"):
            let fd = a[1].h
            guard proxy == source, let bytes = offered[String(cString: a[0].s)] else { Glibc.close(fd); return }
            Self.write(bytes, to: fd)
        case ("wl_data_source", "cancelled"):
            // Another client's selection replaced it.
            wl_data_source_destroy(proxy)
            if proxy == source { source = nil; offered = [:] }
        case ("wl_data_device", "data_offer"):
            if let offer = a[0].o { offers.append(offer) }
        case ("wl_data_device", "selection"):
            let current = a[0].o
            for offer in offers where offer != current { wl_proxy_destroy(offer) }
            offers = current.map { [$0] } ?? []
        default:
            break
        }
    }

    /// Writes `bytes` to the paster's pipe `fd` on a thread of its own,
    /// without blocking, and closes it when done or after `writeSeconds`.
    private static func write(_ bytes: [UInt8], to fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let thread = Thread {
            defer { Glibc.close(fd) }
            let end = Date().addingTimeInterval(writeSeconds)
            var done = 0
            bytes.withUnsafeBytes { raw in
                while done < raw.count {
                    let left = end.timeIntervalSinceNow
                    guard left > 0 else { return }
                    var watch = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    let ready = poll(&watch, 1, Int32(left * 1000))
                    if ready < 0 && errno == EINTR { continue }
                    guard ready > 0, watch.revents & Int16(POLLOUT) != 0 else { return }
                    let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                    if n > 0 { done += n } else if n < 0 && errno != EAGAIN && errno != EINTR { return }
                }
            }
        }
        thread.name = "trips-clipboard-send"
        thread.start()
    }
}
