#if TRIPS_DECODER_FAULTS
import CSeccomp
import Foundation

/// The test-only fault switch of the decode workers: the environment
/// variable TRIPS_DECODER_FAULT, a comma-separated list of ACTION=NAME,
/// makes a worker misbehave when it is asked to decode the file named NAME,
/// so the tests can prove each containment path on any format:
///   crash     dies of SIGSEGV
///   hang      spins without end (the deadline must end it)
///   allocate  allocates memory without end (the memory limit must end it)
///   open      opens a file after confinement (the sandbox must kill it)
///   socket    makes a socket after confinement (the sandbox must kill it)
///   fork      starts a process after confinement: clone is allowed for
///             the codecs' threads only, so the sandbox must kill it
/// Unset, it does nothing. Compiled into debug builds only (Package.swift
/// defines TRIPS_DECODER_FAULTS there): a release binary has no switch.
struct DecodeFault: Equatable {
    enum Action: String, CaseIterable { case crash, hang, allocate, open, socket, fork }

    static let variable = "TRIPS_DECODER_FAULT"

    private var actions: [String: Action] = [:]

    init(environment: [String: String]) {
        for item in (environment[Self.variable] ?? "").split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let action = Action(rawValue: String(parts[0])) { actions[String(parts[1])] = action }
        }
    }

    func action(forFileNamed name: String) -> Action? { actions[name] }

    /// Misbehaves as asked; returns only if the sandbox failed to stop it
    /// (so the worker can report that as a failure of its own).
    static func perform(_ action: Action) {
        switch action {
        case .crash:
            raise(SIGSEGV)
        case .hang:
            var spins: UInt64 = 0
            while true { spins &+= 1; if spins == 0 { break } }
        case .allocate:
            // The limit is on address space, so each block is taken and
            // written to, not filled: filling a gigabyte page by page proves
            // nothing more and costs the tests a second a format.
            while let block = malloc(64 << 20) { block.storeBytes(of: 1, as: UInt8.self) }
            // The address-space limit refused more: die the way a decoder
            // that cannot handle it would.
            _exit(DecoderWorker.outOfMemoryExit)
        case .open:
            let fd = Glibc.open("/etc/hostname", O_RDONLY)
            if fd >= 0 { close(fd) }
        case .socket:
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            if fd >= 0 { close(fd) }
        case .fork:
            if trips_fork_process() == 0 { _exit(0) } // the child, had the sandbox let it be
        }
    }
}
#endif
