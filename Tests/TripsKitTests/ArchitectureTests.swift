import Foundation
import XCTest

/// docs/ARCHITECTURE.md's table of what each module may import, checked on
/// the sources: SDL stays out of the modules tested without a display, and
/// data keeps flowing one way.
final class ArchitectureTests: XCTestCase {
    static let system: Set<String> = ["Foundation", "Glibc"]
    static let allowed: [String: Set<String>] = [
        "Motion": [],
        "Gestures": ["Motion"],
        "PhotoFile": [],
        "JSON": [],
        "Geography": [],
        // libgeonames' table through its C module, into Geography's cities.
        "Gazetteer": ["CGeonames", "Geography"],
        "TripsKit": ["Motion", "Gestures", "JSON", "PhotoFile", "Geography"],
        // The worker side of decoding: the codecs' C libraries (SDL_image, libjpeg-turbo, libjpeg for detail
        // tiles, libheif, libjxl, Little CMS and zlib for colour) and libseccomp; never TripsKit or Platform.
        "Decoding": ["CSDL2", "CTurboJPEG", "CSeccomp", "CJPEG", "CHeif", "CJXL", "CLCMS", "PhotoFile", "CZlib"],
        // The app side of decoding: no SDL (it wakes the frame loop through a callback), no TripsKit.
        "PhotoLoading": ["CSeccomp", "Decoding", "PhotoFile"],
        // SDL, Xlib, fontconfig, FriBidi, gettext, libwayland-client for wl_shm frames and, with the
        // pointer-gestures protocol, the touchpad; the photos through PhotoLoading.
        "Platform": ["CSDL2", "CX11", "CFontconfig", "CFribidi", "CGettext", "CWayland", "CPointerGestures", "CSystemd", "Decoding", "PhotoLoading", "Motion",
                     "Gestures", "PhotoFile", "JSON", "TripsKit", "AccessibilityBridge"],
        // libdbus behind one seam (BusConnection); the tree comes from TripsKit's accessibility elements.
        "AccessibilityBridge": ["CDBus", "TripsKit"],
        "trips": ["Decoding", "PhotoLoading", "Platform", "TripsKit", "Gazetteer"],
    ]

    /// A newcomer finds a module's concerns from its folder list: no
    /// module keeps more than 15 Swift files at its top level.
    func testNoModuleFolderHoldsMoreThanFifteenSwiftFilesAtItsTopLevel() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module).path
            let top = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
            XCTAssertLessThanOrEqual(top.count, 15, "Sources/\(module) holds \(top.count) Swift files at its top level; put them in folders by concern")
        }
    }

    func testEveryModuleImportsOnlyWhatItsRowAllows() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
        for (module, allowed) in Self.allowed {
            let folder = sources.appendingPathComponent(module)
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path), module)
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            XCTAssertFalse(files.isEmpty, "no sources in \(folder.path)")
            for file in files {
                let text = try String(contentsOfFile: folder.appendingPathComponent(file).path, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let i = words.firstIndex(of: "import"), i == words.startIndex || words[i - 1].hasPrefix("@"),
                          i + 1 < words.endIndex else { continue }
                    let imported = String(words[i + 1])
                    XCTAssertTrue(Self.system.contains(imported) || allowed.contains(imported),
                                  "\(module)/\(file) imports \(imported); docs/ARCHITECTURE.md allows \(allowed.sorted())")
                }
            }
        }
    }
}
