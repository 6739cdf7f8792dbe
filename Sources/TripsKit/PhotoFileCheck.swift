import Foundation

/// Problems SDL_image does not report by itself. Its JPEG loader silences
/// libjpeg's warnings and shows a cut-off file as if it were whole (grey or
/// smeared at the bottom), so a truncated photo is found here by its missing
/// end marker and shown as a placeholder with a reason instead.
public enum PhotoFileCheck {
    /// A reason the file at `path` is not a whole photo, or nil when nothing
    /// is known to be wrong (SDL_image may still refuse it).
    public static func problem(atPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? "cannot be read (permission denied?)" : "does not exist"
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        guard !head.isEmpty else { return "is empty (0 bytes)" }
        let size = (try? handle.seekToEnd()) ?? 0
        let tailLength = min(size, 4096)
        try? handle.seek(toOffset: size - tailLength)
        let tail = (try? handle.read(upToCount: Int(tailLength))) ?? Data()
        return problem(head: [UInt8](head), tail: [UInt8](tail))
    }

    /// The check itself, on the first bytes and the last few KiB of a file.
    public static func problem(head: [UInt8], tail: [UInt8]) -> String? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            // Some cameras pad after the end-of-image marker; look in the tail.
            let hasEnd = tail.count >= 2 && zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
            return hasEnd ? nil : "truncated JPEG (no end-of-image marker)"
        }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44]
            let hasEnd = tail.count >= 4 && (0...(tail.count - 4)).contains { Array(tail[$0..<$0 + 4]) == iend }
            return hasEnd ? nil : "truncated PNG (no IEND chunk)"
        }
        return nil
    }
}
