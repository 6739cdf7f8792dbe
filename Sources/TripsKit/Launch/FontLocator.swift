import Foundation

/// Which font draws the app's own words. By default fontconfig picks the UI
/// font by pattern and a fallback for each character it lacks (Platform's
/// `FontFaces`); `--font FILE` or `TRIPS_FONT_DIR` (a folder holding
/// DejaVuSans.ttf, also how tests make the font go missing) pin the UI font
/// instead. The DejaVu folders below are where Debian's fonts-dejavu-core
/// puts them.
public struct FontLocator: Equatable, Sendable {
    public var regular: String
    public var bold: String

    public static let searchFolders = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu",
        "/usr/local/share/fonts/dejavu",
    ]

    /// The fontconfig pattern of the UI font when nothing is pinned.
    public static let systemPattern = "sans-serif"

    /// What text is drawn with.
    public enum Choice: Equatable, Sendable {
        /// fontconfig's best font for `pattern`, then, character by
        /// character, the first font that has the glyph; `dejaVu` (when
        /// found) is used if fontconfig has no font at all.
        case system(pattern: String, dejaVu: FontLocator?)
        /// A pinned UI font; characters it lacks still fall back through fontconfig.
        case pinned(FontLocator)
    }

    public struct Missing: Error, CustomStringConvertible, Equatable {
        public var looked: [String]
        /// The file that was looked for.
        public var font = "DejaVuSans.ttf"
        public var description: String {
            let hint = font == "DejaVuSans.ttf" ? "install Debian's fonts-dejavu-core" : "give --font a TrueType or OpenType file"
            return "trips: font \(font) not found (looked in \(looked.joined(separator: ", "))); \(hint). Text will not be drawn."
        }
    }

    /// `--font FILE` first, then `TRIPS_FONT_DIR`, else fontconfig.
    public static func choose(fontFile: String?, environment: [String: String],
                              exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> Result<Choice, Missing> {
        if let fontFile {
            guard exists(fontFile) else { return .failure(Missing(looked: [fontFile], font: (fontFile as NSString).lastPathComponent)) }
            return .success(.pinned(FontLocator(regular: fontFile, bold: fontFile)))
        }
        if environment["TRIPS_FONT_DIR"] != nil { return locate(environment: environment, exists: exists).map(Choice.pinned) }
        return .success(.system(pattern: systemPattern, dejaVu: try? locate(environment: environment, exists: exists).get()))
    }

    /// DejaVu Sans in `TRIPS_FONT_DIR`, else in the usual folders.
    public static func locate(environment: [String: String],
                              exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> Result<FontLocator, Missing> {
        let folders = environment["TRIPS_FONT_DIR"].map { [$0] } ?? searchFolders
        for folder in folders {
            let regular = folder + "/DejaVuSans.ttf"
            guard exists(regular) else { continue }
            let bold = folder + "/DejaVuSans-Bold.ttf"
            return .success(FontLocator(regular: regular, bold: exists(bold) ? bold : regular))
        }
        return .failure(Missing(looked: folders))
    }
}
