import Foundation

/// What moves in one file of a library, as its header says, read once
/// with its date and kept in the capture-time cache: an animation (GIF,
/// WebP, APNG, JPEG XL), a clip (MP4, MOV, WebM, MKV), or a still with a
/// clip appended (a Motion Photo). A still that moves not at all has none.
public enum PhotoMotion: Equatable, Sendable {
    case animated(frames: Int?)
    case clip(seconds: Double?)
    /// A Motion Photo's MP4: where it starts in the file, how long it is, how long it plays.
    case embeddedClip(offset: Int, length: Int, seconds: Double?)

    /// How the cache writes it: "animated 12", "clip 7.0", "motion 1234 5678 3.0"
    /// ("-" for what is not known); the cache's "-" is no motion.
    var cacheText: String {
        func known<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "-" }
        switch self {
        case .animated(let frames): return "animated \(known(frames))"
        case .clip(let seconds): return "clip \(known(seconds))"
        case let .embeddedClip(offset, length, seconds): return "motion \(offset) \(length) \(known(seconds))"
        }
    }

    /// Read back from `cacheText`; nil for anything else.
    init?(cacheText: Substring) {
        let parts = cacheText.split(separator: " ", omittingEmptySubsequences: false)
        func seconds(_ text: Substring) -> Double?? {
            if text == "-" { return .some(nil) }
            guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
            return value
        }
        switch (parts.first, parts.count) {
        case ("animated", 2):
            if parts[1] == "-" { self = .animated(frames: nil); return }
            guard let frames = Int(parts[1]), frames > 0 else { return nil }
            self = .animated(frames: frames)
        case ("clip", 2):
            guard let s = seconds(parts[1]) else { return nil }
            self = .clip(seconds: s)
        case ("motion", 4):
            guard let offset = Int(parts[1]), let length = Int(parts[2]), offset > 0, length > 0, let s = seconds(parts[3]) else { return nil }
            self = .embeddedClip(offset: offset, length: length, seconds: s)
        default: return nil
        }
    }
}
