import CWayland
import Foundation

/// Wayland's data device of Trips' own on SDL's `wl_display`, for what SDL
/// 2.26's cannot do: put a picture on the clipboard. Bound on an event
/// queue of its own (`WaylandPrivateQueue`, as the touchpad's gestures
/// are), with a `wl_keyboard` of its own on each seat for the serial
/// `set_selection` needs: SDL keeps its key events' serials to itself, and
/// this keyboard sees every key SDL's does, so the last press (Ctrl+C) is
/// the serial offered.
///
/// A compositor hands a drag to one data device of a client (weston the
/// newest, this one), so it takes drops too, as SDL's would: a drag that
/// offers `text/uri-list` is accepted as a copy, and on the drop its list
/// is read on a thread of its own (within `transferSeconds`, at most
/// `maximumDropBytes`) and handed over as paths by `take()`.
///
/// A selection is one `wl_data_source` offering each of its types; a
/// paste's `send` is answered by writing the bytes to the pipe it brings on
/// a thread of its own, non-blocking and within `transferSeconds`, so a
/// paster that never reads costs a thread for that long, never the frame loop.
final class WaylandDataDevice {
    private let own: WaylandPrivateQueue
    private let events = WaylandEvents()
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
    /// Other clients' offers (selections, drags) with the types each offers.
    private var offers: [OpaquePointer: Set<String>] = [:]
    /// The drag over the window: its offer, while it offers a URI list.
    private var dragOffer: OpaquePointer?
    /// Dropped URI lists read (or given up), with the offer each finishes.
    private let dropped = Dropped()

    private final class Dropped: @unchecked Sendable {
        private let lock = NSLock()
        private var lists: [(offer: OpaquePointer, text: String?)] = []
        func add(_ offer: OpaquePointer, _ text: String?) { lock.withLock { lists.append((offer, text)) } }
        func take() -> [(offer: OpaquePointer, text: String?)] { lock.withLock { defer { lists.removeAll() }; return lists } }
    }

    /// The SDL event the watcher pushes when this queue has events (a
    /// paste asks for bytes, a drag moves), and a drop's list is read. The
    /// loop then calls `take()`.
    private let wake = RegisteredEvent()
    private var watcher: WaylandQueueWatcher?
    private var closed = false

    static let seatVersion: UInt32 = 5
    static let uriList = "text/uri-list"
    /// How long a paste's or a drop's bytes may take before the pipe is closed.
    static let transferSeconds = 10.0
    /// A dropped URI list longer than this is cut here (some thousand files).
    static let maximumDropBytes = 1 << 20

    /// Binds on `display` (SDL's `wl_display`), or nil without a data device manager.
    init?(display: OpaquePointer?, log: (String) -> Void) {
        guard let own = WaylandPrivateQueue(display: display) else { return nil }
        self.own = own
        events.handler = { [unowned self] in event($0, $1, $2, $3) }
        registry = own.registry()
        events.listen(registry)
        // The globals, then each seat's capabilities (its keyboard).
        guard wl_display_roundtrip_queue(own.display, own.queue) >= 0, manager != nil,
              wl_display_roundtrip_queue(own.display, own.queue) >= 0 else {
            log("trips: the compositor offers no data device (wl_data_device_manager); Ctrl+C copies nothing")
            close()
            return nil
        }
        watcher = WaylandQueueWatcher(display: own.display, queue: own.queue, wake: wake.push)
    }

    deinit { close() }

    /// Lets go of every Wayland object and the queue; at most once. Called
    /// before the display closes (`Session`): SDL_Quit frees the
    /// connection these objects marshal to, and a release after it wrote
    /// into freed memory (ThreadSanitizer and AddressSanitizer saw it).
    func close() {
        guard !closed else { return }
        closed = true
        watcher?.stop()
        watcher = nil
        if let source { wl_data_source_destroy(source) }
        source = nil
        offers.keys.forEach { wl_data_offer_destroy($0) }
        offers = [:]
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

    /// Serves what came in (pastes asking for bytes, key serials, drags);
    /// the paths of each drop read since. Never blocks.
    func take() -> [[String]] {
        own.dispatch()
        var drops: [[String]] = []
        for (offer, text) in dropped.take() {
            if managerVersion >= 3 { wl_data_offer_finish(offer) }
            forget(offer)
            let paths = text.map(Self.paths(inURIList:)) ?? []
            if !paths.isEmpty { drops.append(paths) }
        }
        wl_display_flush(own.display)
        watcher?.resume()
        return drops
    }

    /// The local files of a `text/uri-list` (RFC 2483): `file:` URIs, one a
    /// line, comments and other schemes left out.
    static func paths(inURIList text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#"), let url = URL(string: String(line).trimmingCharacters(in: .whitespaces)), url.isFileURL else { return nil }
            return url.path
        }
    }

    /// Makes `contents` (bytes by MIME type) the selection on every seat;
    /// a description of why not, or nil.
    func offer(_ contents: [String: [UInt8]]) -> String? {
        _ = take() // the serial of the key just pressed
        guard let manager, let serial else { return "no key was pressed in the window" }
        if let source { wl_data_source_destroy(source) }
        guard let made = wl_data_device_manager_create_data_source(manager) else { return "no data source" }
        source = made
        events.listen(made)
        offered = contents
        for type in contents.keys.sorted() { wl_data_source_offer(made, type) }
        for seat in seats { if let device = seat.device { wl_data_device_set_selection(device, made, serial) } }
        wl_display_flush(own.display)
        return nil
    }

    // MARK: Events

    private func forget(_ offer: OpaquePointer) {
        if offers.removeValue(forKey: offer) != nil { wl_data_offer_destroy(offer) }
        if dragOffer == offer { dragOffer = nil }
    }

    private func event(_ interface: String, _ proxy: OpaquePointer, _ name: String, _ a: UnsafeMutablePointer<wl_argument>) {
        switch (interface, name) {
        case ("wl_registry", "global"):
            let global = WaylandGlobal(registry: registry, a)
            switch global.interface {
            case "wl_data_device_manager" where manager == nil:
                guard let bound = global.bind(trips_wl_data_device_manager_interface(), upTo: 3) else { return }
                (manager, managerVersion) = (bound.proxy, bound.version)
                seats.forEach(bindDevice)
            case "wl_seat":
                guard let seat = global.bind(trips_wl_seat_interface(), upTo: Self.seatVersion).map({ Seat(proxy: $0.proxy) }) else { return }
                seats.append(seat)
                events.listen(seat.proxy)
                bindDevice(seat)
            default: break
            }
        case ("wl_seat", "capabilities"):
            guard let seat = seats.first(where: { $0.proxy == proxy }), seat.keyboard == nil,
                  a[0].u & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 else { return }
            seat.keyboard = wl_seat_get_keyboard(proxy)
            events.listen(seat.keyboard)
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
            guard let offer = a[0].o else { return }
            offers[offer] = []
            events.listen(offer)
        case ("wl_data_offer", "offer"):
            offers[proxy]?.insert(String(cString: a[0].s))
        case ("wl_data_device", "selection"):
            // Another client's selection is never read here: its offer goes.
            if let offer = a[0].o { forget(offer) }
        case ("wl_data_device", "enter"):
            guard let offer = a[4].o else { return }
            guard offers[offer]?.contains(Self.uriList) == true else {
                wl_data_offer_accept(offer, a[0].u, nil)
                return
            }
            dragOffer = offer
            wl_data_offer_accept(offer, a[0].u, Self.uriList)
            if managerVersion >= 3 {
                let copy = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
                wl_data_offer_set_actions(offer, copy, copy)
            }
        case ("wl_data_device", "leave"):
            if let offer = dragOffer { forget(offer) }
        case ("wl_data_device", "drop"):
            guard let offer = dragOffer else { return }
            dragOffer = nil
            receive(offer)
        default:
            break
        }
    }

    private func bindDevice(_ seat: Seat) {
        guard let manager, seat.device == nil else { return }
        seat.device = wl_data_device_manager_get_data_device(manager, seat.proxy)
        events.listen(seat.device)
    }

    /// Asks for the drop's URI list and reads it on a thread of its own.
    private func receive(_ offer: OpaquePointer) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { forget(offer); return }
        wl_data_offer_receive(offer, Self.uriList, fds[1])
        Glibc.close(fds[1])
        wl_display_flush(own.display)
        let (read, dropped, wake) = (fds[0], self.dropped, self.wake)
        let offerAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(offer)))
        let thread = Thread {
            let bytes = Self.readAll(read, limit: Self.maximumDropBytes)
            Glibc.close(read)
            dropped.add(OpaquePointer(bitPattern: offerAddress)!, bytes.map { String(decoding: $0, as: UTF8.self) })
            wake.push()
        }
        thread.name = "trips-drop-read"
        thread.start()
    }

    /// What `fd` gives until its end, within `transferSeconds` and `limit`
    /// bytes (cut there); nil when it fails or takes longer.
    private static func readAll(_ fd: Int32, limit: Int) -> [UInt8]? {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let end = Date().addingTimeInterval(transferSeconds)
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let left = end.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watch, 1, Int32(left * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n == 0 { break }
            if n < 0 { if errno == EAGAIN || errno == EINTR { continue } else { return nil } }
            bytes += chunk.prefix(n)
        }
        return Array(bytes.prefix(limit))
    }

    /// Writes `bytes` to the paster's pipe `fd` on a thread of its own,
    /// without blocking, and closes it when done or after `transferSeconds`.
    private static func write(_ bytes: [UInt8], to fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let thread = Thread {
            defer { Glibc.close(fd) }
            let end = Date().addingTimeInterval(transferSeconds)
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
