import Foundation
import Handoff
import XCTest

final class WakeHandoffTests: XCTestCase {
    /// The watcher wakes the loop once, then waits: it wakes it again only
    /// after the loop has taken what there was.
    func testTheWatcherWaitsForTheLoopBeforeItWakesItAgain() {
        let handoff = WakeHandoff()
        let wakes = LockedCount()
        let woke = DispatchSemaphore(value: 0)
        Thread {
            handoff.wakeAndWait { wakes.add(); woke.signal() }
            handoff.wakeAndWait { wakes.add(); woke.signal() }
        }.start()
        XCTAssertEqual(woke.wait(timeout: .now() + 5), .success, "the watcher never woke the loop")
        // Time the watcher would need to wake again, were it not waiting.
        XCTAssertEqual(woke.wait(timeout: .now() + 0.1), .timedOut, "the watcher woke the loop again before the loop took what there was")
        XCTAssertEqual(wakes.value, 1)
        handoff.resume()
        XCTAssertEqual(woke.wait(timeout: .now() + 5), .success, "resumed, the watcher did not wake the loop again")
        XCTAssertEqual(wakes.value, 2)
        handoff.stop()
    }

    /// Stopped, a waiting watcher goes on, and no watcher wakes the loop again.
    func testStoppingReleasesTheWatcherAndEndsItsWakes() {
        let handoff = WakeHandoff()
        let woke = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)
        Thread {
            handoff.wakeAndWait { woke.signal() }
            released.signal()
        }.start()
        XCTAssertEqual(woke.wait(timeout: .now() + 5), .success)
        handoff.stop()
        XCTAssertEqual(released.wait(timeout: .now() + 5), .success, "stopped, the waiting watcher did not go on")
        XCTAssertTrue(handoff.isStopped)
        var wokeAgain = false
        XCTAssertFalse(handoff.wakeAndWait { wokeAgain = true })
        XCTAssertFalse(wokeAgain)
    }
}

/// A counter shared with the watcher thread.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func add() { lock.lock(); count += 1; lock.unlock() }
}
