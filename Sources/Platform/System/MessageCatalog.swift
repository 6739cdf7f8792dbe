import CGettext
import Foundation
import TripsKit

/// The UI's `Strings` from gettext's message catalogues
/// (`<folder>/<language>/LC_MESSAGES/trips.mo`, built from po/ by `make`).
/// The language is `LanguageChoice`'s; a language with no catalogue, or an
/// unknown locale, gives English and one line on the log.
public enum MessageCatalog {
    public static let domain = "trips"

    /// The catalogue folder: `TRIPS_LOCALE_DIR`, else `locale/` beside the
    /// executable (where `make` puts it), `share/locale` of its install
    /// prefix, else the system's (`InstalledFiles`).
    public static func folder(environment: [String: String]) -> String {
        if let dir = environment["TRIPS_LOCALE_DIR"] { return dir }
        return InstalledFiles.running().localeFolder(domain: domain)
    }

    /// Sets gettext up for `choice` and returns the strings it translates.
    /// Changes the process's LC_MESSAGES (and LANGUAGE), as gettext needs:
    /// call once at start, before any thread runs.
    public static func strings(for choice: LanguageChoice, folder: String, log: (String) -> Void) -> Strings {
        guard let language = choice.candidates.first(where: { FileManager.default.fileExists(atPath: "\(folder)/\($0)/LC_MESSAGES/\(domain).mo") }) else {
            if !choice.isEnglish {
                log("trips: no message catalogue for '\(choice.requested)' in \(folder); the UI is in English")
            }
            return .english
        }
        // gettext translates nothing in the C locale and reads LANGUAGE
        // before LC_MESSAGES otherwise: a locale the system has not
        // generated (a kiosk's --lang) still works through C.UTF-8.
        let messages = setlocale(LC_MESSAGES, "").map { String(cString: $0) }
        if messages == nil || messages == "C" || messages == "POSIX" { setlocale(LC_MESSAGES, "C.UTF-8") }
        setenv("LANGUAGE", language, 1)
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
        let decimal = Locale(identifier: language).decimalSeparator ?? "."
        return Strings(language: language, decimalSeparator: decimal,
                       translate: { String(cString: dgettext(domain, $0)) },
                       translatePlural: { one, many, n in String(cString: dngettext(domain, one, many, UInt(max(0, n)))) })
    }
}
