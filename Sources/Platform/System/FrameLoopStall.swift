#if TRIPS_LOOP_FAULTS
import Glibc

/// The test-only fault switch of the frame loop, as TRIPS_DECODER_FAULT is
/// the decoders': `TRIPS_LOOP_FAULT=stall=AFTER:SECONDS` stops the loop
/// turning once, AFTER seconds after its first turn, for SECONDS, as a loop
/// stuck in a frame would; the watchdog test sees the pings stop. Read by
/// `ServiceNotifier`, so it acts only under a notify socket. Compiled into
/// debug builds only (Package.swift defines TRIPS_LOOP_FAULTS there).
struct FrameLoopStall {
    static let variable = "TRIPS_LOOP_FAULT"
    let after: Double
    let seconds: Double
    private var firstTurn: Double?
    private var done = false

    init?(environment: [String: String]) {
        guard let value = environment[Self.variable], value.hasPrefix("stall=") else { return nil }
        let parts = value.dropFirst("stall=".count).split(separator: ":")
        guard parts.count == 2, let after = Double(parts[0]), let seconds = Double(parts[1]), after >= 0, seconds > 0 else { return nil }
        self.after = after
        self.seconds = seconds
    }

    mutating func stallIfDue(now: Double) {
        guard !done else { return }
        let first = firstTurn ?? now
        firstTurn = first
        guard now - first >= after else { return }
        done = true
        usleep(UInt32(seconds * 1_000_000))
    }
}
#endif
