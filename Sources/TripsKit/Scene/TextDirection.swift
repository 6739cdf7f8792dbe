/// Which way a line of text reads, from its first strong letter (the
/// Unicode bidirectional algorithm's rule P2): a city in Arabic or Hebrew
/// reads right to left, so its row is laid out from the right edge.
public enum TextDirection: Equatable, Sendable {
    case leftToRight, rightToLeft

    /// The direction of the first letter of `text`; left to right when it has none.
    public static func of(_ text: String) -> TextDirection {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            return isRightToLeft(scalar) ? .rightToLeft : .leftToRight
        }
        return .leftToRight
    }

    /// The blocks of the right-to-left scripts: Hebrew, Arabic, Syriac,
    /// Thaana, NKo, Samaritan, Mandaic, and their presentation forms.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}
