import CSystemd

/// Tells systemd how a kiosk is doing, through libsystemd's `sd_notify` on
/// the unit's notify socket: `READY=1` once the first frame is shown,
/// `WATCHDOG=1` from the frame loop's turns (so a loop that stops turning
/// stops the pings, and systemd restarts the kiosk), `STOPPING=1` when the
/// loop ends. Only under a unit that gave a `NOTIFY_SOCKET`; without one
/// there is no notifier and the loop runs as before.
public final class ServiceNotifier {
    /// Seconds between pings: half the unit's `WatchdogSec=`, as systemd
    /// advises; nil when the unit has no watchdog.
    public let pingInterval: Double?
    private let clock: () -> Double
    private var lastPing: Double?
    #if TRIPS_LOOP_FAULTS
    private var stall: FrameLoopStall?
    #endif

    /// `environment` is the process's own: libsystemd reads `NOTIFY_SOCKET`
    /// and `WATCHDOG_USEC` (and `WATCHDOG_PID`) from it too.
    public init?(environment: [String: String], clock: @escaping () -> Double) {
        guard let socket = environment["NOTIFY_SOCKET"], !socket.isEmpty else { return nil }
        var microseconds: UInt64 = 0
        pingInterval = sd_watchdog_enabled(0, &microseconds) > 0 ? Double(microseconds) / 2_000_000 : nil
        self.clock = clock
        #if TRIPS_LOOP_FAULTS
        stall = FrameLoopStall(environment: environment)
        #endif
    }

    /// After the first frame was presented.
    public func ready() { send("READY=1") }

    /// Once per turn of the frame loop: a ping when half the watchdog's
    /// time has passed since the last one (the first turn pings at once,
    /// so a slow first frame is not mistaken for a hang).
    public func loopTurned() {
        #if TRIPS_LOOP_FAULTS
        stall?.stallIfDue(now: clock())
        #endif
        guard let pingInterval else { return }
        let now = clock()
        if let lastPing, now - lastPing < pingInterval { return }
        lastPing = now
        send("WATCHDOG=1")
    }

    /// Seconds until the next ping is due: the idle loop sleeps no longer,
    /// since nothing else wakes it while nothing happens. Nil: no watchdog.
    public var secondsToNextPing: Double? {
        guard let pingInterval else { return nil }
        guard let lastPing else { return 0 }
        return max(0, pingInterval - (clock() - lastPing))
    }

    /// The loop ended (SIGTERM, SIGINT, or the display went away).
    public func stopping() { send("STOPPING=1") }

    private func send(_ state: String) { _ = sd_notify(0, state) }
}
