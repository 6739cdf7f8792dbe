import CSeccomp
import Foundation

/// Confines a decode worker once it has loaded its libraries: from then on
/// it can only compute on memory, read the descriptors it is handed and
/// answer on its socket. What is allowed and why:
///   read, pread64, readv, lseek, fstat, newfstatat   read the photo it was given
///   recvmsg, sendmsg, write, writev                   its socket, and stderr
///   close                                             let go of descriptors
///   memfd_create, ftruncate                           the pixels' shared memory
///   mmap, munmap, mremap, mprotect, madvise, brk      memory
///   futex, sched_yield                                locks inside the libraries
///   clock_gettime, getrusage, getpid, gettid          time and its own CPU use
///   sysinfo                                           libtiff sizes its buffers by the machine's memory
///   rt_sigaction, rt_sigprocmask, rt_sigreturn, tgkill, restart_syscall   abort() and signals
///   getrandom                                         hashing seeds of the Swift runtime
///   exit, exit_group                                  ending
/// Anything else (open, socket, connect, exec, fork, ptrace, ...) kills the
/// worker at once with SIGSYS. Before the filter: no new privileges (the
/// filter needs it, and exec of a setuid program could not gain any) and
/// resource limits: address space (the memory limit) and CPU seconds (a
/// backstop behind the app's per-decode deadline), no core files, few
/// descriptors. (Not RLIMIT_FSIZE: it would cap the pixels' memfd too.)
enum DecoderSandbox {
    static let allowedCalls = [
        "read", "pread64", "readv", "lseek", "fstat", "newfstatat",
        "recvmsg", "sendmsg", "write", "writev", "close",
        "memfd_create", "ftruncate",
        "mmap", "munmap", "mremap", "mprotect", "madvise", "brk",
        "futex", "sched_yield",
        "clock_gettime", "getrusage", "getpid", "gettid", "sysinfo",
        "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "tgkill", "restart_syscall",
        "getrandom", "exit", "exit_group",
    ]

    /// The address space a worker may add to what it has at confinement:
    /// a 100-megapixel photo (the header limit) is 400 MB of RGBA, decoded
    /// and converted once.
    static let memoryHeadroom = 1024 << 20
    /// CPU seconds of a worker's whole life; it retires itself at half.
    static let cpuSeconds = 120

    /// Applies the limits and the filter; a description of what failed, or nil.
    static func confine() -> String? {
        if let failed = limitResources() { return failed }
        guard trips_prctl_no_new_privs() == 0 else { return "no_new_privs: errno \(errno)" }
        guard let filter = seccomp_init(SCMP_ACT_KILL_PROCESS) else { return "seccomp_init failed" }
        defer { seccomp_release(filter) }
        for name in allowedCalls {
            let number = seccomp_syscall_resolve_name(name)
            // A call this kernel's architecture does not have is simply not allowed.
            guard number != __NR_SCMP_ERROR else { continue }
            guard seccomp_rule_add_array(filter, SCMP_ACT_ALLOW, number, 0, nil) == 0 else { return "seccomp rule for \(name) failed" }
        }
        let loaded = seccomp_load(filter)
        return loaded == 0 ? nil : "seccomp_load failed: \(-loaded)"
    }

    private static func limitResources() -> String? {
        // What the worker has mapped now (libraries, stacks, heap), in bytes.
        let pages = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ").first.flatMap { Int($0) } ?? 0
        let mapped = pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        let limits: [(Int32, rlim_t)] = [
            (Int32(RLIMIT_AS.rawValue), rlim_t(mapped + memoryHeadroom)),
            (Int32(RLIMIT_CPU.rawValue), rlim_t(cpuSeconds)),
            (Int32(RLIMIT_CORE.rawValue), 0),
            (Int32(RLIMIT_NOFILE.rawValue), 16),
        ]
        for (resource, value) in limits {
            var limit = rlimit(rlim_cur: value, rlim_max: value)
            guard setrlimit(__rlimit_resource_t(UInt32(resource)), &limit) == 0 else { return "setrlimit \(resource): errno \(errno)" }
        }
        return nil
    }
}
