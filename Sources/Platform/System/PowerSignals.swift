import CSDL2
import Foundation
import TripsKit

/// SIGUSR1 (wake) and SIGUSR2 (sleep) for scripts and the control: blocked
/// in every thread (`block()`, before the process starts any), and waited
/// for by a thread of their own (`sigwait`), which pushes an SDL event the
/// frame loop hands to the model's door as `.power`. Nothing runs in a
/// signal handler.
public struct PowerSignals: Sendable {
    private let event: RegisteredEvent
    public var eventType: UInt32 { event.type }

    /// Blocks SIGUSR1 and SIGUSR2 in the calling thread and the threads it
    /// starts after: called first thing, they reach only the waiting thread.
    public static func block() {
        var set = sigset()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    private static func sigset() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGUSR1)
        sigaddset(&set, SIGUSR2)
        return set
    }

    /// Starts the waiting thread.
    public init() {
        let event = RegisteredEvent()
        self.event = event
        let thread = Thread {
            var set = Self.sigset()
            var signal: Int32 = 0
            while sigwait(&set, &signal) == 0 { event.push(code: signal) }
        }
        thread.name = "trips-signals"
        thread.start()
    }

    /// What an event of `eventType` asks.
    public func request(_ event: SDL_Event) -> PowerRequest {
        event.user.code == SIGUSR2 ? .sleep : .wake
    }
}
