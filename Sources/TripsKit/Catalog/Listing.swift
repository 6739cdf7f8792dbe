import Glibc

/// One folder's entries, read with `readdir` and looked at with `fstatat`
/// relative to the open folder. A library of 10,000 photos is listed on the
/// way to the first photo: Foundation's listing and a `stat` of each full
/// path (the kernel walking the folder's path again each time) made that
/// about 30 ms.
struct Listing: ~Copyable {
    struct Entry {
        var name: String
        /// What `readdir` says the entry is (DT_DIR, DT_REG, DT_LNK...;
        /// DT_UNKNOWN where the file system does not say).
        var kind: UInt8
    }

    private let folder: OpaquePointer
    /// Every entry but "." and "..", in the order the folder gives them.
    let entries: [Entry]
    var names: [String] { entries.map(\.name) }

    /// Nil when the folder cannot be opened.
    init?(_ path: String) {
        guard let folder = opendir(path) else { return nil }
        self.folder = folder
        var entries: [Entry] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { entries.append(Entry(name: name, kind: entry.pointee.d_type)) }
        }
        self.entries = entries
    }

    deinit { closedir(folder) }

    /// The open folder's device and inode: the same folder reached again
    /// through a symbolic link has the same.
    var identity: FolderIdentity? {
        var info = Glibc.stat()
        guard fstat(dirfd(folder), &info) == 0 else { return nil }
        return FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// What `stat` says of entry `name` (following a symbolic link), or nil.
    func stat(_ name: String) -> Glibc.stat? {
        var info = Glibc.stat()
        return fstatat(dirfd(folder), name, &info, 0) == 0 ? info : nil
    }

    /// Whether entry `entry` is a folder: from `readdir` when it says,
    /// else (a link, or a file system that does not say) from `stat`.
    func isFolder(_ entry: Entry) -> Bool {
        switch Int32(entry.kind) {
        case Int32(DT_DIR): return true
        case Int32(DT_REG): return false
        default: return stat(entry.name).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
        }
    }
}

/// A folder as the file system knows it, whatever path led to it.
struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
