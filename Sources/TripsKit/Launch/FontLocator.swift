import Foundation

/// Finds the DejaVu fonts at run time (Debian's fonts-dejavu-core puts them
/// in /usr/share/fonts/truetype/dejavu). TRIPS_FONT_DIR overrides the search,
/// which is also how tests make the font go missing.
public struct FontLocator: Equatable, Sendable {
    public var regular: String
    public var bold: String

    public static let searchFolders = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu",
        "/usr/local/share/fonts/dejavu",
    ]

    public struct Missing: Error, CustomStringConvertible, Equatable {
        public var looked: [String]
        public var description: String {
            "trips: font DejaVuSans.ttf not found (looked in \(looked.joined(separator: ", "))); install Debian's fonts-dejavu-core. Text will not be drawn."
        }
    }

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
