import Foundation
import Glibc

/// Tells when files appear in or leave a folder (inotify), so a folder shown
/// with `--photos` follows what a camera or a person puts in it without a
/// restart. Non-blocking: the frame loop asks once per turn.
public final class FolderWatcher {
    private let fd: Int32
    private let watch: Int32
    public let path: String

    /// Nil (with the reason logged by the caller) when the folder cannot be watched.
    public init?(path: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
        let watch = inotify_add_watch(fd, path, mask)
        guard watch >= 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.watch = watch
        self.path = path
    }

    deinit {
        inotify_rm_watch(fd, watch)
        close(fd)
    }

    /// True when something changed since the last call (all pending
    /// notifications are read: one rescan answers a burst of them).
    public func changed() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            any = true
        }
        return any
    }
}
