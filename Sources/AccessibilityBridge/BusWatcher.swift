import Foundation
import Handoff

/// Wakes the frame loop when the bus has something to read: a thread that
/// waits on the connection's socket (poll, nothing of libdbus), calls
/// `wake`, then waits until the loop has pumped. So an idle app answers a
/// screen reader at once and still sleeps between events.
final class BusWatcher: Sendable {
    private let handoff = WakeHandoff()

    init(fileDescriptor: Int32, wake: @escaping @Sendable () -> Void) {
        let thread = Thread { [handoff] in
            var fds = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            while !handoff.isStopped {
                fds.revents = 0
                let n = poll(&fds, 1, 1000)
                if n < 0 && errno == EINTR { continue }
                if n == 0 { continue }
                handoff.wakeAndWait(wake)
                if n < 0 || fds.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return }
            }
        }
        thread.name = "AT-SPI watch"
        thread.start()
    }

    /// The loop has read what there was: watch again.
    func resume() { handoff.resume() }

    func stop() { handoff.stop() }
}
