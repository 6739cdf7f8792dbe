import CSeccomp
import Glibc

/// No worker or zygote outlives the app: each asks to be killed when its
/// parent ends (PR_SET_PDEATHSIG, which follows the thread that started it),
/// and ends at once if the parent is already gone (then the signal will
/// never come).
enum ParentDeath {
    /// Follows `parent`; with nil, only the signal is set (a worker started
    /// by hand, without its parent's pid).
    static func follow(_ parent: pid_t?) {
        _ = trips_prctl_parent_death_signal(SIGKILL)
        if let parent, getppid() != parent { _exit(0) }
    }
}
