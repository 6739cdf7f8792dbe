import Foundation

/// The thread of a stream decoded ahead on a worker of its own (a moving
/// picture's frames, `FrameStream`; a clip's sound, `ClipSound`): it starts
/// the worker itself, so that a spawned one dies with it, and ends with it
/// at once on `stop`. Its `condition` guards the stream's own state too.
final class DecodingThread: @unchecked Sendable {
    let condition = NSCondition()
    /// Asked to end: read with `condition` held.
    private(set) var stopping = false
    /// The thread has not ended yet: read with `condition` held.
    private(set) var running = true
    /// The stream's worker.
    let process: DecoderProcess

    init(process: DecoderProcess) {
        self.process = process
    }

    /// Starts the worker, then `body`, on a thread called `name`.
    func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            process.start()
            body()
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    /// Ends the worker and the thread at once; then `clear`, with the lock held.
    func stop(clear: () -> Void) {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        process.terminate()
        condition.lock()
        while running { condition.wait() }
        clear()
        condition.unlock()
    }
}
