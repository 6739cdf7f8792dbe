import Foundation

/// Problems SDL_image does not report by itself. Its JPEG loader silences
/// libjpeg's warnings and shows a cut-off file as if it were whole (grey or
/// smeared at the bottom), so a truncated photo is found here by its missing
/// end marker and shown as a placeholder with a reason instead. And it
/// decodes before it tells the size, so a header claiming a huge picture is
/// refused here from `PhotoHeader`, before any decode.
public enum PhotoFileCheck {
    /// Why a file is not shown, in words for the log line.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// A reason the file at `path` is not a whole photo, or nil when nothing
    /// is known to be wrong (SDL_image may still refuse it).
    public static func problem(atPath path: String) -> String? {
        if case .failure(let refusal) = inspect(atPath: path) { return refusal.description }
        return nil
    }

    /// The photo's header when nothing is known to be wrong with the file,
    /// else the reason: one opening of the file for both, so a decoder
    /// learns the size and orientation from the same read that vetted it.
    /// Reads the first 4 KiB (64 KiB at most for a JPEG with large metadata)
    /// and the last 4 KiB.
    public static func inspect(atPath path: String) -> Result<PhotoHeader, Refusal> {
        let checked = PhotoFileReader.withFile(atPath: path) { file -> Result<(PhotoHeader, String?), PhotoProblem> in
            PhotoHeader.read(from: file, limits: .standard).flatMap { header in
                let tailLength = min(file.length, 4096)
                guard let head = file.read(from: 0, count: 16),
                      let tail = file.read(from: file.length - tailLength, count: tailLength) else {
                    return .failure(.unreadable("read error"))
                }
                return .success((header, problem(head: head, tail: tail)))
            }
        }
        switch checked {
        case .success((_, let problem?)): return .failure(Refusal(description: problem))
        case .success((let header, nil)): return .success(header)
        case .failure(let problem): return .failure(Refusal(description: problem.description))
        }
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
