import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file the app keeps for itself (its state, its caches, a trips
/// file, a replay script) so that no file can stall or swamp it: opened
/// without blocking, taken only if it is a regular file, and read only up
/// to a bound. A FIFO would otherwise wait for a writer before the first
/// frame, and `/dev/zero` or a file grown huge would be read whole.
public struct RegularFile: Sendable {
    /// Why a file was not read, in words for a log line.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not a regular file: a folder, a FIFO, a device or a socket.
        case notRegular(kind: String)
        case tooLarge(bytes: Int, limit: Int)
        /// The system said no (`errno`).
        case system(code: Int32)

        public var description: String {
            switch self {
            case .notRegular(let kind): return "it is \(kind), not a regular file"
            case let .tooLarge(bytes, limit):
                return "it is \(bytes) bytes, more than the \(RegularFile.describe(bytes: limit)) allowed"
            case .system(let code): return String(cString: strerror(code))
            }
        }
    }

    public var path: String
    /// The most bytes read; a longer file is refused whole.
    public var limit: Int

    public init(path: String, limit: Int) {
        self.path = path
        self.limit = limit
    }

    /// The whole file, or nil when there is none.
    public func read() throws(Refusal) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .system(code: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(code: errno) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { throw .notRegular(kind: Self.describe(kind: kind)) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(bytes: Int(info.st_size), limit: limit) }
        // The size said is only a hint: a file that grows while it is read
        // is still stopped at the limit.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw .tooLarge(bytes: count, limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(64 * 1024, limit + 1 - count)))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .system(code: errno) }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw .tooLarge(bytes: count, limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    static func describe(kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
