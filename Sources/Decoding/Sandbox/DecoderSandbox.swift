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
///   gettimeofday, nanosleep, sigaltstack              the sanitizers' runtimes (`make sanitize`):
///       ThreadSanitizer reads the clock as a system call where glibc uses
///       the vDSO and sleeps in its own waits (a clip's threads were killed
///       for each), AddressSanitizer
///       asks for the signal stack when C++ throws (exiv2 on a damaged
///       EXIF) and gives each thread one; neither reaches past the worker
///   sysinfo                                           libtiff sizes its buffers by the machine's memory
///   rt_sigaction, rt_sigprocmask, rt_sigreturn, tgkill, restart_syscall   abort() and signals
///   getrandom                                         hashing seeds of the Swift runtime
///   clone (threads only: CLONE_THREAD set), set_robust_list, rseq,
///   sched_getaffinity, prctl(PR_SET_NAME)             the HEIC, AVIF and JPEG XL
///       codecs (libde265, dav1d, libjxl's thread pool) decode on threads of
///       their own, started per picture, sized by the CPUs the process may
///       use and named (libjxl needs nothing more: traced); a thread
///       shares the worker's memory and sandbox, so it gains nothing. clone3
///       is answered ENOSYS (its flags are in memory a filter cannot read),
///       so glibc falls back to clone, whose flags the filter checks: no fork.
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
        "clock_gettime", "gettimeofday", "nanosleep", "getrusage", "getpid", "gettid", "sysinfo",
        "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "tgkill", "restart_syscall",
        "getrandom", "exit", "exit_group", "sigaltstack",
        "set_robust_list", "rseq", "sched_getaffinity",
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
        if let failed = allowThreads(filter) { return failed }
        let loaded = seccomp_load(filter)
        return loaded == 0 ? nil : "seccomp_load failed: \(-loaded)"
    }

    /// clone only for threads, clone3 refused as missing, prctl only to name a thread.
    private static func allowThreads(_ filter: scmp_filter_ctx) -> String? {
        let cloneThread: scmp_datum_t = 0x0001_0000 // CLONE_THREAD, <linux/sched.h>
        var thread = scmp_arg_cmp(arg: 0, op: SCMP_CMP_MASKED_EQ, datum_a: cloneThread, datum_b: cloneThread)
        guard seccomp_rule_add_array(filter, SCMP_ACT_ALLOW, seccomp_syscall_resolve_name("clone"), 1, &thread) == 0 else {
            return "seccomp rule for clone failed"
        }
        var name = scmp_arg_cmp(arg: 0, op: SCMP_CMP_EQ, datum_a: scmp_datum_t(PR_SET_NAME), datum_b: 0)
        guard seccomp_rule_add_array(filter, SCMP_ACT_ALLOW, seccomp_syscall_resolve_name("prctl"), 1, &name) == 0 else {
            return "seccomp rule for prctl failed"
        }
        let clone3 = seccomp_syscall_resolve_name("clone3")
        if clone3 != __NR_SCMP_ERROR, seccomp_rule_add_array(filter, 0x0005_0000 | UInt32(ENOSYS) /* SCMP_ACT_ERRNO(ENOSYS) */, clone3, 0, nil) != 0 {
            return "seccomp rule for clone3 failed"
        }
        return nil
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
