import Foundation

/// An open photo file, read with pread: only the bytes asked for. Opened
/// non-blocking so that a FIFO named like a photo cannot hang the app, and
/// checked to be a regular file on the descriptor itself (no race).
struct PhotoFileReader {
    let descriptor: Int32
    let length: Int

    static func withFile<T>(atPath path: String, _ body: (PhotoFileReader) -> Result<T, PhotoProblem>) -> Result<T, PhotoProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .failure(.missing)
            case EACCES, EPERM: return .failure(.unreadable("permission denied?"))
            case ELOOP: return .failure(.unreadable("symlink loop"))
            case let e: return .failure(.unreadable(String(cString: strerror(e))))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        guard info.st_size > 0 else { return .failure(.empty) }
        return body(PhotoFileReader(descriptor: fd, length: Int(info.st_size)))
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file), or
    /// nil when the system refuses to read.
    func read(from offset: Int, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer.prefix(filled))
    }
}
