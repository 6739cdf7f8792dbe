import Foundation

/// A watcher thread's hand-off to the frame loop: it wakes the loop, then
/// waits until the loop has taken what there was (`resume()`), so it never
/// wakes it twice for the same bytes. One mechanism for every socket the
/// idle loop does not sleep on itself (the accessibility bus, the
/// touchpad's Wayland queue).
public final class WakeHandoff: @unchecked Sendable {
    private let lock = NSLock()
    private let taken = DispatchSemaphore(value: 0)
    private var waiting = false
    private var stopped = false

    public init() {}

    public var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// On the watcher thread: `wake`, then block until `resume()`. False,
    /// and no wake, once stopped.
    @discardableResult
    public func wakeAndWait(_ wake: () -> Void) -> Bool {
        lock.lock()
        if stopped { lock.unlock(); return false }
        waiting = true
        lock.unlock()
        wake()
        taken.wait()
        return true
    }

    /// On the loop: it has taken what there was; the watcher watches again.
    public func resume() {
        lock.lock()
        let wasWaiting = waiting
        waiting = false
        lock.unlock()
        if wasWaiting { taken.signal() }
    }

    /// Ends the hand-off: a watcher waiting goes on (and sees `isStopped`).
    public func stop() {
        lock.lock(); stopped = true; lock.unlock()
        resume()
    }
}
