import Foundation

/// Which language the UI speaks: `--lang` first, then the environment as
/// gettext reads it (the first of LANGUAGE's list unless the locale is C;
/// else LC_ALL, LC_MESSAGES, LANG; "C" and "POSIX" are English), and the
/// catalogue names to look for, most specific first.
public struct LanguageChoice: Equatable, Sendable {
    /// The locale name as given ("fr_FR.UTF-8"), or "C".
    public var requested: String

    public init(option: String?, environment: [String: String]) {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let isC = ["C", "POSIX"].contains(locale.split(separator: ".").first.map(String.init) ?? "C")
        let preferred = environment["LANGUAGE"]?.split(separator: ":").first.map(String.init)
        requested = option ?? (isC ? nil : preferred) ?? locale
    }

    /// English without a catalogue: the C locale, or English itself.
    public var isEnglish: Bool { candidates.isEmpty || candidates.last == "en" }

    /// "fr_FR.UTF-8@euro" → ["fr_FR", "fr"]; "C" → [].
    public var candidates: [String] {
        var name = Substring(requested)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        let normalised = name.replacingOccurrences(of: "-", with: "_")
        guard !normalised.isEmpty, normalised != "C", normalised != "POSIX" else { return [] }
        let parts = normalised.split(separator: "_", maxSplits: 1)
        let language = parts[0].lowercased()
        return parts.count == 2 ? ["\(language)_\(parts[1].uppercased())", language] : [language]
    }
}
