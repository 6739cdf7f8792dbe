import Foundation

/// Wakes the frame loop when the bus has something to read: a thread that
/// waits on the connection's socket (poll, nothing of libdbus), calls
/// `wake`, then waits until the loop has pumped. So an idle app answers a
/// screen reader at once and still sleeps between events.
final class BusWatcher: @unchecked Sendable {
    private let pumped = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var waitingForPump = false
    private var stopped = false

    init(fileDescriptor: Int32, wake: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            var fds = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            while !isStopped {
                fds.revents = 0
                let n = poll(&fds, 1, 1000)
                if n < 0 && errno == EINTR { continue }
                if n == 0 { continue }
                lock.lock(); waitingForPump = true; lock.unlock()
                wake()
                pumped.wait()
                if n < 0 || fds.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return }
            }
        }
        thread.name = "AT-SPI watch"
        thread.start()
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// The loop has read what there was: watch again.
    func resume() {
        lock.lock()
        let waiting = waitingForPump
        waitingForPump = false
        lock.unlock()
        if waiting { pumped.signal() }
    }

    deinit {}

    func stop() {
        lock.lock(); stopped = true; lock.unlock()
        resume()
    }
}
