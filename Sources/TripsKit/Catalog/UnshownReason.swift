/// Why a file of a library is no photo to show, as its placeholder tile
/// says it to a visitor (in their language) and the log and the capture-time
/// cache write it (in English, from which it is read back).
public enum UnshownReason: Equatable, Sendable, CustomStringConvertible {
    /// A file of 0 bytes.
    case empty
    /// Bytes that are no image of the format its ending names ("JPG").
    case notItsFormat(ending: String)
    /// Any other reason, as written.
    case other(String)

    private static let notItsFormatPrefix = "is not a photo (its bytes are not ", notItsFormatSuffix = " data)"

    /// Read back from `description`, as the cache keeps it.
    public init(describing text: String) {
        if text == Self.empty.description {
            self = .empty
        } else if text.hasPrefix(Self.notItsFormatPrefix), text.hasSuffix(Self.notItsFormatSuffix),
                  text.count > Self.notItsFormatPrefix.count + Self.notItsFormatSuffix.count {
            self = .notItsFormat(ending: String(text.dropFirst(Self.notItsFormatPrefix.count).dropLast(Self.notItsFormatSuffix.count)))
        } else {
            self = .other(text)
        }
    }

    /// English, after the file's name in a log line: "is empty (0 bytes)".
    public var description: String {
        switch self {
        case .empty: return "is empty (0 bytes)"
        case .notItsFormat(let ending): return Self.notItsFormatPrefix + ending + Self.notItsFormatSuffix
        case .other(let text): return text
        }
    }

    /// What the placeholder says under the file's name, in the visitor's language.
    public func text(in strings: Strings) -> String {
        switch self {
        case .empty: return strings(.emptyFile)
        case .notItsFormat(let ending): return strings(.notAPhoto, ending)
        case .other(let text): return text
        }
    }
}
