import CWayland

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

    /// After every proxy made on it is destroyed: sends what is left, and ends the queue.
    func close() {
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(wrapper))
        wl_display_flush(display)
        wl_event_queue_destroy(queue)
    }
}
