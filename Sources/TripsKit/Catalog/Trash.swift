import Foundation

/// The desktop's trash, as the freedesktop.org Trash specification 1.0
/// says and `gio trash` does: a photo on the home file system goes to
/// `$XDG_DATA_HOME/Trash` (`~/.local/share/Trash`), one on another mount to
/// `$topdir/.Trash-$uid`; each gets `files/NAME` and `info/NAME.trashinfo`
/// with its `Path` and `DeletionDate`. A move is a rename, so the bytes
/// and the mtime come back unchanged on undo.
public struct Trash: Sendable {
    /// A photo in the trash, and where it came from.
    public struct Trashed: Equatable, Sendable {
        public let original: String
        public let file: String
        public let info: String
    }

    /// Why a photo could not go to the trash or come back: the photo and the reason.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// `$XDG_DATA_HOME/Trash`.
    let homeTrash: String
    let uid: UInt32
    let now: @Sendable () -> Date

    public init(environment: [String: String], uid: UInt32 = getuid(), now: @escaping @Sendable () -> Date = { Date() }) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        homeTrash = data + "/Trash"
        self.uid = uid
        self.now = now
    }

    /// Shift+Delete, confirmed: `path` deleted for good (unlinked), not
    /// kept anywhere; a clear message when it cannot be.
    public func delete(_ path: String) throws {
        guard unlink(path) == 0 else { throw Failure(description: "\(path): cannot be deleted (\(Self.reason())); the photo stays where it is") }
    }

    /// Moves `path` into the trash of its file system.
    public func trash(_ path: String) throws -> Trashed {
        var st = stat()
        guard lstat(path, &st) == 0 else { throw Failure(description: "\(path): cannot be moved to the trash (\(Self.reason()))") }
        let (directory, infoPath) = try trashDirectory(for: path, device: st.st_dev)
        for sub in ["files", "info"] {
            let dir = directory + "/" + sub
            if mkdir(dir, 0o700) != 0 && errno != EEXIST {
                throw Failure(description: "\(path): the trash \(dir) cannot be made (\(Self.reason())); the photo stays where it is")
            }
        }
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        for n in 1...10_000 {
            let candidate = n == 1 ? name : stem + ".\(n)" + (ext.isEmpty ? "" : "." + ext)
            let info = directory + "/info/" + candidate + ".trashinfo", file = directory + "/files/" + candidate
            // The info file is made first, exclusively: it claims the name (the specification's order).
            let fd = open(info, O_CREAT | O_EXCL | O_WRONLY, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(description: "\(path): the trash \(directory) cannot be written (\(Self.reason())); the photo stays where it is")
            }
            if access(file, F_OK) == 0 { close(fd); unlink(info); continue }
            let text = "[Trash Info]\nPath=\(Self.encoded(infoPath))\nDeletionDate=\(Self.deletionDate(now()))\n"
            let written = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
            close(fd)
            guard written == text.utf8.count, rename(path, file) == 0 else {
                let why = Self.reason()
                unlink(info)
                throw Failure(description: "\(path): cannot be moved to the trash (\(why)); the photo stays where it is")
            }
            return Trashed(original: path, file: file, info: info)
        }
        throw Failure(description: "\(path): the trash \(directory) has no free name for it")
    }

    /// Puts `trashed` back where it was, unless something took its place.
    public func restore(_ trashed: Trashed) throws {
        guard access(trashed.original, F_OK) != 0 else {
            throw Failure(description: "\(trashed.original): a file of that name is there again; the photo stays in the trash")
        }
        guard rename(trashed.file, trashed.original) == 0 else {
            throw Failure(description: "\(trashed.original): cannot be put back from the trash (\(Self.reason()))")
        }
        unlink(trashed.info)
    }

    /// The trash for a file on `device`, and the path its info records:
    /// the home trash, with the absolute path, when the photo is on the
    /// home trash's file system; else `$topdir/.Trash-$uid`, with the path
    /// from the top of the mount.
    private func trashDirectory(for path: String, device: dev_t) throws -> (String, String) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if Self.device(ofNearestExisting: homeTrash) == device {
            if mkdirs(homeTrash) { return (homeTrash, absolute) }
            throw Failure(description: "\(path): the trash \(homeTrash) cannot be made (\(Self.reason())); the photo stays where it is")
        }
        // Up from the photo's folder while the device stays the same: the mount's top.
        var top = (absolute as NSString).deletingLastPathComponent
        while top != "/" {
            let parent = (top as NSString).deletingLastPathComponent
            var st = stat()
            guard stat(parent, &st) == 0, st.st_dev == device else { break }
            top = parent
        }
        let directory = (top == "/" ? "" : top) + "/.Trash-\(uid)"
        var st = stat()
        if lstat(directory, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR, st.st_uid == uid else {
                throw Failure(description: "\(path): \(directory) is not a trash folder of this user's; the photo stays where it is")
            }
        } else if mkdir(directory, 0o700) != 0 {
            throw Failure(description: "\(path): its mount has no trash and \(directory) cannot be made (\(Self.reason())); the photo stays where it is")
        }
        let relative = String(absolute.dropFirst(top == "/" ? 1 : top.count + 1))
        return (directory, relative)
    }

    private func mkdirs(_ path: String) -> Bool {
        (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
    }

    private static func device(ofNearestExisting path: String) -> dev_t? {
        var p = path, st = stat()
        while stat(p, &st) != 0 {
            if p == "/" || p.isEmpty { return nil }
            p = (p as NSString).deletingLastPathComponent
        }
        return st.st_dev
    }

    /// The path as the specification writes it: percent-encoded as in a URL.
    static func encoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// Local time, YYYY-MM-DDThh:mm:ss, as the specification asks.
    static func deletionDate(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970), parts = tm()
        localtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
