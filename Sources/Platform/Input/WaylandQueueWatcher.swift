import CWayland
import Foundation
import Handoff

/// Wakes the frame loop when an event queue of its own on SDL's
/// `wl_display` has events, so the idle loop can sleep in SDL's own wait
/// (which wakes for SDL's queue and for events pushed from other threads,
/// but never for another queue) instead of polling the socket on a timer.
///
/// A thread that reads the socket as libwayland's multi-threaded readers
/// do: `wl_display_prepare_read_queue` on the watched queue (it fails while
/// the queue holds events: then `wake`, and wait until the loop has
/// dispatched them, `resume()`), poll, `wl_display_read_events`. Whoever
/// reads last reads for every queue, SDL's included, so it never steals
/// SDL's events; it only dispatches nothing itself (the loop does).
final class WaylandQueueWatcher: @unchecked Sendable {
    private let display: OpaquePointer
    private let queue: OpaquePointer
    private let wake: @Sendable () -> Void
    /// A pipe written to stop the thread out of its poll.
    private let stopRead: Int32, stopWrite: Int32
    private let handoff = WakeHandoff()
    private let finished = DispatchSemaphore(value: 0)

    init?(display: OpaquePointer, queue: OpaquePointer, wake: @escaping @Sendable () -> Void) {
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else { return nil }
        // Not inherited by the decoders the app spawns.
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.display = display
        self.queue = queue
        self.wake = wake
        (stopRead, stopWrite) = (pipeFDs[0], pipeFDs[1])
        let thread = Thread { [self] in watch(); finished.signal() }
        thread.name = "Wayland touchpad watch"
        thread.start()
    }

    private func watch() {
        var fds = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
        while !handoff.isStopped {
            guard wl_display_prepare_read_queue(display, queue) == 0 else {
                // The queue holds events: the loop's to dispatch.
                if !handoff.wakeAndWait(wake) { return }
                continue
            }
            fds[0].revents = 0
            fds[1].revents = 0
            let n = poll(&fds, 2, -1)
            if n > 0 && fds[0].revents & Int16(POLLIN) != 0 && fds[1].revents == 0 {
                // Blocks until every other prepared reader (SDL) reads or
                // cancels; the last one reads for all queues.
                if wl_display_read_events(display) < 0 { return }
                // What it read may be SDL's alone (a pointer's motion): SDL's
                // own wait polls the socket, which is empty now, so the loop
                // is woken for it here or it would sleep on with it queued.
                wake()
            } else {
                wl_display_cancel_read(display)
                if n < 0 && errno != EINTR { return }
                if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return } // the connection is gone
            }
        }
    }

    /// The loop has dispatched the queue: watch the socket again.
    func resume() { handoff.resume() }

    /// Ends the thread and waits for it, before the queue goes away.
    func stop() {
        handoff.stop()
        var byte: UInt8 = 1
        _ = write(stopWrite, &byte, 1)
        finished.wait()
        close(stopRead)
        close(stopWrite)
    }
}
