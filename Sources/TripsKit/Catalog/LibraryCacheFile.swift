import Foundation

/// Where what is kept of a library goes: `$XDG_CACHE_HOME/trips/KIND/`
/// (else under `~/.cache`) for what can be read again, `$XDG_STATE_HOME`
/// (else `~/.local/state`) for what a person made; a file a library,
/// named after its folder, to be recognised, and a hash of its whole path
/// (FNV-1a), to be told apart.
enum LibraryCacheFile {
    /// The XDG base folder a kind of file lives under (a relative one is ignored, as the spec says).
    enum Base {
        case cache, state
        func folder(environment: [String: String]) -> String {
            let (variable, fallback) = self == .cache ? ("XDG_CACHE_HOME", "/.cache") : ("XDG_STATE_HOME", "/.local/state")
            return environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + fallback
        }
    }

    static func path(_ kind: String, library folder: String, fileExtension: String, environment: [String: String], base: Base = .cache) -> String {
        let base = base.folder(environment: environment)
        let root = PhotoLibrary.absolute(folder)
        let hash = root.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let name = String(root.split(separator: "/").last ?? "root").map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        let hex = String(hash, radix: 16)
        return base + "/trips/" + kind + "/" + String(name.prefix(64)) + "-" + String(repeating: "0", count: 16 - hex.count) + hex + "." + fileExtension
    }
}
