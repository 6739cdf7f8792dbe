import Foundation
import Glibc
import Handoff
import TripsKit

/// Tells when anything changes in a photo library, at any depth: photos
/// added, removed, renamed, rewritten, truncated or made unreadable, folders
/// made or moved in, and the library's drive unmounted or mounted again.
/// inotify watches every folder of the library (as `PhotoLibrary.scan`
/// walks it) and the process's mount table is watched too; a thread sleeps
/// on both and wakes the frame loop, which sleeps in SDL's own wait, so
/// nothing is polled while nothing changes. Past the kernel's watch limit
/// the folders left unwatched are found by a rescan every `rescanSeconds`.
/// It watches for as long as the process runs (its thread holds it).
public final class LibraryWatch: @unchecked Sendable {
    public let root: String
    private let inotify: Int32
    /// The mount table: readable with POLLPRI when a mount comes or goes.
    private let mounts: Int32
    private let handoff = WakeHandoff()
    private let clock: @Sendable () -> Double
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    /// Guarded by `lock`: each watch's folder, from the library's root.
    private var folders: [Int32: String] = [:]
    /// Guarded by `lock`: photos being written (created or modified, not yet
    /// closed) and when they last were; a copy in progress joins no trip.
    private var writing: [String: Double] = [:]
    /// Guarded by `lock`: set once the kernel refused a watch.
    private var limited = false
    /// Guarded by `lock`: the thread saw the mount table change (a poll of
    /// it reports a change once, so the thread notes it for the loop).
    private var mountsMoved = false
    private var lastRescan: Double
    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// A file written to and not closed for this long counts as settled (a
    /// hard link or a writer that keeps the file open).
    public static let settleSeconds = 3.0
    public static let rescanSeconds = 10.0

    /// Nil when inotify cannot be had at all (the caller says so once).
    public init?(root: String, clock: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void,
                 log: @escaping @Sendable (String) -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.root = PhotoLibrary.absolute(root)
        inotify = fd
        mounts = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
        self.clock = clock
        self.log = log
        lastRescan = clock()
        if mounts >= 0 { drainMounts() }
        lock.withLock { watchTree("", depth: 0) }
        let thread = Thread { [self] in sleepUntilChanged(wake) }
        thread.name = "library watch"
        thread.start()
    }

    /// The number of folders watched.
    public var folderCount: Int { lock.withLock { folders.count } }

    /// The photos still being written: a library's scan leaves them out.
    public var beingWritten: Set<String> { lock.withLock { Set(writing.keys) } }

    /// On the loop: true when something changed since the last call; every
    /// pending notification is read, so one rescan answers a burst. Then
    /// the watch thread sleeps on the files again.
    public func changed() -> Bool {
        defer { handoff.resume() }
        return lock.withLock {
            var any = readEvents()
            if mountsMoved {
                mountsMoved = false
                // The drive may have gone or come back: watch what is there now.
                rewatch()
                any = true
            }
            let now = clock()
            let settled = writing.filter { now - $0.value >= Self.settleSeconds }.keys
            if !settled.isEmpty { settled.forEach { writing[$0] = nil }; any = true }
            if limited, now - lastRescan >= Self.rescanSeconds { lastRescan = now; any = true }
            return any
        }
    }

    // MARK: The thread

    /// Sleeps on inotify and the mount table; a second at a time while a
    /// photo is being written (it settles by time too), the rescan's
    /// interval past the watch limit, else until something happens.
    /// Stops watching (a dropped folder replaced the library): the
    /// watches go, which wakes the thread, and it ends, closing what it read.
    public func stop() {
        handoff.stop()
        lock.withLock {
            for wd in folders.keys { inotify_rm_watch(inotify, wd) }
            folders.removeAll()
        }
    }

    private func sleepUntilChanged(_ wake: @Sendable () -> Void) {
        defer {
            close(inotify)
            if mounts >= 0 { close(mounts) }
        }
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mounts, events: Int16(POLLPRI), revents: 0)]
        while !handoff.isStopped {
            let (busy, capped) = lock.withLock { (!writing.isEmpty, limited) }
            let timeout: Int32 = busy ? 1000 : capped ? Int32(Self.rescanSeconds * 1000) : -1
            for k in fds.indices { fds[k].revents = 0 }
            let n = poll(&fds, mounts >= 0 ? 2 : 1, timeout)
            if n < 0 && errno != EINTR { return }
            if fds[1].revents & Int16(POLLPRI | POLLERR) != 0 {
                drainMounts()
                lock.withLock { mountsMoved = true }
            }
            if n > 0 || busy || capped {
                if !handoff.wakeAndWait(wake) { return }
            }
        }
    }

    // MARK: Watches and events (under `lock`)

    /// Watches `relative` (from the root) and the folders below it, as
    /// deep as a library is read; a folder already watched (reached again
    /// through a link) is not walked twice.
    private func watchTree(_ relative: String, depth: Int) {
        let path = relative.isEmpty ? root : root + "/" + relative
        let wd = inotify_add_watch(inotify, path, Self.mask)
        guard wd >= 0 else {
            if errno == ENOSPC && !limited {
                limited = true
                log("trips: \(root): the kernel's limit of inotify watches (fs.inotify.max_user_watches) is reached at \(folders.count) folders;"
                    + " changes in the rest are found by a rescan every \(Int(Self.rescanSeconds)) s")
            }
            return
        }
        guard folders[wd] == nil else { return }
        folders[wd] = relative
        guard depth < PhotoLibrary.depthLimit, let dir = opendir(path) else { return }
        defer { closedir(dir) }
        var children: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let kind = Int32(entry.pointee.d_type)
            if kind == Int32(DT_DIR) || ((kind == Int32(DT_LNK) || kind == Int32(DT_UNKNOWN)) && isFolder(path + "/" + name)) {
                children.append(name)
            }
        }
        for name in children { watchTree(relative.isEmpty ? name : relative + "/" + name, depth: depth + 1) }
    }

    /// Every watch dropped and the library watched afresh, as it is now.
    private func rewatch() {
        for wd in folders.keys { inotify_rm_watch(inotify, wd) }
        folders = [:]
        watchTree("", depth: 0)
    }

    private func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Reads every pending event; true when any changes what the library holds.
    private func readEvents() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let start = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[start..<min(start + length, n)].prefix { $0 != 0 }, as: UTF8.self)
                offset = start + length
                if handle(wd: wd, mask: mask, name: name) { any = true }
            }
        }
        return any
    }

    private func handle(wd: Int32, mask: UInt32, name: String) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: watch everything again and rescan.
            rewatch()
            return true
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[wd] = nil
            return true
        }
        guard let folder = folders[wd] else { return false }
        let relative = name.isEmpty ? folder : folder.isEmpty ? name : folder + "/" + name
        let path = relative.isEmpty ? root : root + "/" + relative
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix(".") {
                watchTree(relative, depth: relative.split(separator: "/").count)
            }
            return mask & UInt32(IN_MODIFY | IN_CLOSE_WRITE) == 0
        }
        if name.hasPrefix(".") { return false } // a sync's or a copy's temporary file
        if mask & UInt32(IN_CREATE | IN_MODIFY) != 0 {
            // A copy under way: the scan leaves it out until it is closed or settles.
            let starting = writing[path] == nil
            writing[path] = clock()
            return starting
        }
        if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM) != 0 { writing[path] = nil }
        return true
    }

    private func drainMounts() {
        lseek(mounts, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while buffer.withUnsafeMutableBytes({ read(mounts, $0.baseAddress, $0.count) }) > 0 {}
    }
}
