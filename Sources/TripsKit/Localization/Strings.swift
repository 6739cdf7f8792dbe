import Foundation

/// The app's words and numbers in the visitor's language: a value handed to
/// whatever shows text, so the model and the scene stay free of where the
/// translations come from. The running app makes one from gettext's
/// catalogues (Platform's `MessageCatalog`); tests and the default use `english`.
public struct Strings: Sendable {
    /// The language the words are in, as the catalogue is named ("fr", "de_CH").
    public let language: String
    /// Between the whole and the fractional part of a number: "." or ",".
    public let decimalSeparator: String
    private let translate: @Sendable (String) -> String
    private let translatePlural: @Sendable (String, String, Int) -> String
    private let monthNames: MonthNames

    /// `translate(msgid)` is gettext; `translatePlural(msgid, msgid_plural, n)` ngettext.
    public init(language: String, decimalSeparator: String,
                translate: @escaping @Sendable (String) -> String,
                translatePlural: @escaping @Sendable (String, String, Int) -> String) {
        self.language = language
        self.decimalSeparator = decimalSeparator
        self.translate = translate
        self.translatePlural = translatePlural
        monthNames = MonthNames(language: language)
    }

    /// The messages as written, English plural rule.
    public static let english = Strings(language: "en", decimalSeparator: ".", translate: { $0 },
                                        translatePlural: { one, many, n in n == 1 ? one : many })

    /// `message` in the language.
    public func callAsFunction(_ message: Message) -> String { translate(message.id) }

    /// `message` with its placeholders filled by `arguments` in order (a
    /// city, a number): `%s` or `%d` one after the other, or `%1$s`,
    /// `%2$s` where a translation puts them in another order.
    public func callAsFunction(_ message: Message, _ arguments: String...) -> String {
        Self.fill(translate(message.id), arguments)
    }

    /// A counted message in the plural form the language uses for `n`: its
    /// first placeholder is `n`, the others `arguments`.
    public func count(_ message: Message, _ n: Int, _ arguments: String...) -> String {
        Self.fill(translatePlural(message.id, message.plural ?? message.id, n), [String(n)] + arguments)
    }

    /// `value` with `fractionDigits` decimals and the language's separator: "2,5" in French.
    public func decimal(_ value: Double, fractionDigits: Int) -> String {
        let scale = (0..<fractionDigits).reduce(1.0) { r, _ in r * 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale), fraction = Int(scaled.truncatingRemainder(dividingBy: scale))
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard fractionDigits > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + decimalSeparator + String(repeating: "0", count: fractionDigits - digits.count) + digits
    }

    /// The name of `month` (1 for January) as the language writes it alone
    /// ("mars", "März", "3月"), from the Unicode CLDR data Foundation carries.
    public func monthName(_ month: Int) -> String {
        let names = monthNames.all
        return names.indices.contains(month - 1) ? names[month - 1] : String(month)
    }

    private static func fill(_ template: String, _ arguments: [String]) -> String {
        var text = template
        for (i, value) in arguments.enumerated() {
            let positional = ["%\(i + 1)$s", "%\(i + 1)$d"].filter { text.contains($0) }
            if !positional.isEmpty {
                for p in positional { text = text.replacingOccurrences(of: p, with: value) }
            } else if let range = [text.range(of: "%s"), text.range(of: "%d")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
                text.replaceSubrange(range, with: value)
            }
        }
        return text
    }
}

/// A language's twelve month names, looked up the first time one is asked
/// for and kept: a DateFormatter costs some 30 µs, and the Overview names a
/// month on every row of every frame it draws. Shared by copies of its
/// `Strings`, which the scene reads from one thread and tests from others.
private final class MonthNames: @unchecked Sendable {
    private let language: String
    private let lock = NSLock()
    private var names: [String]?

    init(language: String) { self.language = language }

    var all: [String] {
        lock.withLock {
            if let names { return names }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: language)
            let found: [String] = formatter.standaloneMonthSymbols
            names = found
            return found
        }
    }
}
