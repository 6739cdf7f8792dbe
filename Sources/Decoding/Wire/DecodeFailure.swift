/// Why a photo did not decode, in one sentence the app logs and shows
/// under its placeholder: the worker's own answer (refused, or the codec
/// could not read it) or what the app saw of the worker (it crashed, hung,
/// ran out of memory or broke its sandbox).
public enum DecodeFailure: Error, CustomStringConvertible, Equatable, Sendable {
    /// Refused from its header or name before decoding.
    case refused(String)
    /// The decoder said it cannot read the picture.
    case decode(String)
    /// The decoder crashed, hung, ran out of memory or broke its
    /// sandbox; its worker was replaced.
    case contained(String)
    public var description: String {
        switch self {
        case .refused(let why), .decode(let why), .contained(let why): return why
        }
    }
}
