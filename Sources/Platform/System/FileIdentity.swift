import Foundation

/// A file as it is now: its size and modification time (nil fields when
/// it cannot be looked at). Two differ when the file was replaced or written.
struct FileIdentity: Equatable {
    var size: Int?
    var modified: timespec?

    init(path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            size = Int(info.st_size)
            modified = info.st_mtim
        }
    }

    static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.size == b.size && a.modified?.tv_sec == b.modified?.tv_sec && a.modified?.tv_nsec == b.modified?.tv_nsec
    }
}
