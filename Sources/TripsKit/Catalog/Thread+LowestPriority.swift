import Foundation

extension Thread {
    /// Runs `body` on a thread of its own behind everything else (nice 19;
    /// Linux keeps a nice value a thread, and 0 names the calling one): work
    /// the first frame and the photos on screen must never wait for, such as
    /// reading a library's dates or a gazetteer, which on two cores slowed
    /// the first photo's decode and the display's opening.
    static func detachAtLowestPriority(_ body: @escaping @Sendable () -> Void) {
        detachNewThread {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            body()
        }
    }
}
