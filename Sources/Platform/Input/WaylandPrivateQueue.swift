import CWayland
import Glibc

/// An event queue of its own on SDL's `wl_display`, with a wrapper of the
/// display on it (as GStreamer's `gst_wl_display_new_existing` does): what
/// is bound through the wrapper's registry delivers to this queue, so SDL
/// never sees it, nor it SDL's. The touchpad's gestures and the outputs'
/// power are bound on one each.
struct WaylandPrivateQueue {
    let display: OpaquePointer
    let queue: OpaquePointer
    let wrapper: OpaquePointer

    init?(display: OpaquePointer?) {
        guard let display, let queue = wl_display_create_queue(display) else { return nil }
        guard let wrapped = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) else {
            wl_event_queue_destroy(queue)
            return nil
        }
        self.display = display
        self.queue = queue
        wrapper = OpaquePointer(wrapped)
        wl_proxy_set_queue(wrapper, queue)
    }

    /// The registry, on this queue.
    func registry() -> OpaquePointer? { wl_display_get_registry(wrapper) }

    /// Dispatches what this queue holds, reading the socket first if it
    /// has something (never blocking), and sends the requests made meanwhile.
    func dispatch() {
        wl_display_dispatch_queue_pending(display, queue)
        if wl_display_prepare_read_queue(display, queue) == 0 {
            var fd = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, 0) > 0 { wl_display_read_events(display) } else { wl_display_cancel_read(display) }
        }
        wl_display_dispatch_queue_pending(display, queue)
        wl_display_flush(display)
    }

    /// After every proxy made on it is destroyed: sends what is left, and ends the queue.
    func close() {
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(wrapper))
        wl_display_flush(display)
        wl_event_queue_destroy(queue)
    }
}

/// Every event of the proxies it listens to, by interface and name with its
/// arguments, to one handler: the generated tables name them, so no
/// listener struct is written out per interface.
final class WaylandEvents {
    typealias Handler = (_ interface: String, _ proxy: OpaquePointer, _ name: String, _ arguments: UnsafeMutablePointer<wl_argument>) -> Void
    /// Set by the owner, holding it unowned.
    var handler: Handler = { _, _, _, _ in }

    func listen(_ proxy: OpaquePointer?) {
        guard let proxy else { return }
        wl_proxy_add_dispatcher(proxy, { data, target, _, message, arguments in
            guard let data, let target, let message, let arguments else { return 0 }
            let events = Unmanaged<WaylandEvents>.fromOpaque(data).takeUnretainedValue()
            events.handler(String(cString: wl_proxy_get_class(OpaquePointer(target))), OpaquePointer(target),
                           String(cString: message.pointee.name), arguments)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
}
