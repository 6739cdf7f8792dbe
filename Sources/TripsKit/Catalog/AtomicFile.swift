import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file the app keeps (its state, its caches) so that a crash,
/// a power cut or a full disk leaves the old file or the new one, never
/// half of one: a temporary file beside the target, synced, renamed over
/// it. Failures say in words what could not be done and why.
public struct AtomicFile: Sendable {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What could not be done, e.g. "cannot write /s/state.json.tmp-1-2".
        public var step: String
        public var code: Int32
        public var description: String { "\(step): \(reason)" }
        /// The ways a disk says no that a person meets, in plain words.
        public var reason: String {
            switch code {
            case ENOSPC: return "the disk is full"
            case EDQUOT: return "the disk quota is used up"
            case EROFS: return "the disk is read-only"
            default: return String(cString: strerror(code))
            }
        }
    }

    public var path: String
    /// The mode of folders made on the way.
    public var folderMode: mode_t
    /// The new file's mode (a photo keeps its own; the app's files are private).
    public var fileMode: mode_t

    public init(path: String, folderMode: mode_t = 0o700, fileMode: mode_t = 0o600) {
        self.path = path
        self.folderMode = folderMode
        self.fileMode = fileMode
    }

    /// `beforeRename` runs with the temporary file written and synced: a
    /// test's crash between the two steps (`PhotoTurner`'s fault switch).
    public func write(_ bytes: [UInt8], beforeRename: () -> Void = {}) throws(Failure) {
        let folder = Self.folder(of: path)
        if let failure = makeFolders(folder) { throw Failure(step: "cannot create the folder \(failure.folder)", code: failure.code) }
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw Failure(step: "cannot create \(temporary)", code: errno) }
        func fail(_ step: String, closing: Bool = true) -> Failure {
            let code = errno
            if closing { close(fd) }
            unlink(temporary)
            return Failure(step: step, code: code)
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw fail("cannot write \(temporary)") }
            written += n
        }
        guard fsync(fd) == 0 else { throw fail("cannot sync \(temporary)") }
        guard close(fd) == 0 else { throw fail("cannot close \(temporary)", closing: false) }
        beforeRename()
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(step: "cannot rename \(temporary) to \(path)", code: code)
        }
        // The rename is only durable once the folder is synced. The new file
        // is already in place, so a folder that cannot be synced is no error.
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Makes `folder` and its missing parents; on failure the folder that
    /// could not be made and the errno.
    func makeFolders(_ folder: String) -> (folder: String, code: Int32)? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { return nil }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder, let failure = makeFolders(parent) { return failure }
        if mkdir(folder, folderMode) != 0, errno != EEXIST { return (folder, errno) }
        return nil
    }
}
