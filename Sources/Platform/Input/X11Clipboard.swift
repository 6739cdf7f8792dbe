import CX11
import Foundation

/// The X clipboard's owner for Ctrl+C, for what SDL 2.26's
/// `SDL_SetClipboardText` cannot offer there: the picture. A connection
/// and a window of its own (CX11's `trips_x11_clipboard`), driven by one
/// thread of its own, which owns CLIPBOARD when asked and answers each
/// paste's request for `image/png`, `text/uri-list` or text at once, so a
/// paste never waits for the frame loop; a picture larger than one X
/// request goes in INCR chunks. Without an X server it is nil.
final class X11Clipboard: @unchecked Sendable {
    private let lock = NSLock()
    private var png: [UInt8] = []
    private var uriList: [UInt8] = []
    /// A new offer waits for the thread to take the clipboard.
    private var pending = false
    private var stopping = false
    private let wakeRead: Int32, wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)

    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        (wakeRead, wakeWrite) = (fds[0], fds[1])
        let opened = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var reachable = false
        let thread = Thread { [self] in
            guard let clipboard = trips_x11_clipboard_open() else { opened.signal(); finished.signal(); return }
            reachable = true
            opened.signal()
            serve(clipboard)
            trips_x11_clipboard_close(clipboard)
            finished.signal()
        }
        thread.name = "trips-x11-clipboard"
        thread.start()
        opened.wait()
        guard reachable else {
            close(wakeRead)
            close(wakeWrite)
            return nil
        }
    }

    deinit {
        lock.withLock { stopping = true }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        finished.wait()
        close(wakeRead)
        close(wakeWrite)
    }

    /// Makes the picture and the URI list the clipboard.
    func offer(png: [UInt8], uriList: String) {
        lock.withLock {
            self.png = png
            self.uriList = Array(uriList.utf8)
            pending = true
        }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func serve(_ clipboard: UnsafeMutablePointer<trips_x11_clipboard>) {
        var fds = [pollfd(fd: trips_x11_clipboard_fd(clipboard), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        var owned = false
        while true {
            let (png, uri, take, stop) = lock.withLock { () -> ([UInt8], [UInt8], Bool, Bool) in
                defer { pending = false }
                return (self.png, uriList, pending, stopping)
            }
            if stop { return }
            if take { owned = trips_x11_clipboard_own(clipboard) != 0 }
            // What pastes ask for (also what is queued before the poll).
            let stillOwned = png.withUnsafeBufferPointer { p in
                uri.withUnsafeBufferPointer { u in
                    trips_x11_clipboard_serve(clipboard, owned ? p.baseAddress : nil, p.count, owned ? u.baseAddress : nil, u.count)
                }
            }
            if stillOwned == 0 { owned = false }
            fds[0].revents = 0
            fds[1].revents = 0
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                _ = read(wakeRead, &byte, 1)
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return }
        }
    }
}
