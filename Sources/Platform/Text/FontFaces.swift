import CFontconfig
import Foundation
import TripsKit

/// The fonts text may be drawn with, best first: the UI font, then the fonts
/// fontconfig sorts after it for the same pattern, each with the characters
/// it has. A character is drawn with the first face that has it, as desktop
/// toolkits do, so a city in any script a font on the system covers shows
/// its letters instead of empty boxes.
final class FontFaces {
    struct Face: Hashable {
        var path: String
        var index: Int
    }

    /// The faces for regular and for bold text, best first.
    private(set) var regular: [Face] = []
    private(set) var bold: [Face] = []
    private var charsets: [Face: OpaquePointer] = [:]
    /// Faces whose outlines are bold (weight semibold or more).
    private var boldFaces: Set<Face> = []
    private var chosen: [UInt64: Int] = [:] // key: scalar << 1 | bold; value: face index, -1 for none

    /// What stands in for a character no face has.
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// From fontconfig's default configuration, the one the process shares:
    /// on Wayland libdecor draws a window's title through pango, which loads
    /// that one too, so it is parsed once (some 10-25 ms here), not twice.
    init(choice: FontLocator.Choice, log: (String) -> Void) {
        let config = FcInit() != 0 ? FcConfigGetCurrent() : nil
        var pattern = FontLocator.systemPattern
        switch choice {
        case .pinned(let fonts):
            add(file: fonts.regular, to: &regular)
            add(file: fonts.bold, to: &bold)
        case .system(let name, _):
            pattern = name
        }
        if let config {
            addSorted(config: config, pattern: pattern, bold: false, to: &regular)
            addSorted(config: config, pattern: pattern, bold: true, to: &bold)
        }
        if regular.isEmpty, case .system(_, let dejaVu?) = choice {
            add(file: dejaVu.regular, to: &regular)
            add(file: dejaVu.bold, to: &bold)
        }
        if regular.isEmpty { log("trips: fontconfig found no font for '\(pattern)'; text will not be drawn") }
        if bold.isEmpty { bold = regular }
    }

    deinit {
        for set in charsets.values { FcCharSetDestroy(set) }
    }

    /// The faces for `bold` or regular text.
    func faces(bold: Bool) -> [Face] { bold ? self.bold : regular }

    /// The index (in `faces(bold:)`) of the first face that has `scalar`, or nil.
    func face(for scalar: Unicode.Scalar, bold: Bool) -> Int? {
        let key = UInt64(scalar.value) << 1 | (bold ? 1 : 0)
        if let known = chosen[key] { return known < 0 ? nil : known }
        let found = faces(bold: bold).firstIndex { has(scalar, $0) }
        chosen[key] = found ?? -1
        return found
    }

    /// Whether face `index` (in `faces(bold:)`) has `scalar`.
    func face(_ index: Int, bold: Bool, has scalar: Unicode.Scalar) -> Bool {
        let list = faces(bold: bold)
        return list.indices.contains(index) && has(scalar, list[index])
    }

    /// Whether face `index` of the bold list really is bold; a fallback
    /// that has no bold (many CJK fonts) is emboldened by SDL_ttf instead.
    func isBold(_ index: Int) -> Bool {
        bold.indices.contains(index) && boldFaces.contains(bold[index])
    }

    private func has(_ scalar: Unicode.Scalar, _ face: Face) -> Bool {
        guard let set = charsets[face] else { return false }
        return FcCharSetHasChar(set, scalar.value) != 0
    }

    /// fontconfig's fonts for `pattern` in its order of preference, only
    /// those that add characters (FcFontSort's trim).
    private func addSorted(config: OpaquePointer, pattern name: String, bold: Bool, to list: inout [Face]) {
        guard let pattern = FcNameParse(name) else { return }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddInteger(pattern, "weight", bold ? 200 : 80) // FC_WEIGHT_BOLD, FC_WEIGHT_REGULAR
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            var charset: OpaquePointer?
            guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset else { continue }
            _ = FcPatternGetInteger(font, "index", 0, &index)
            let face = Face(path: String(cString: file), index: Int(index))
            guard !list.contains(face) else { continue }
            // SDL_ttf draws TrueType and OpenType outlines; skip bitmap-only formats.
            var format: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(font, "fontformat", 0, &format) == FcResultMatch, let format,
               !["TrueType", "CFF"].contains(String(cString: format)) { continue }
            append(face, described: font, charset: charset, to: &list)
        }
    }

    /// `face` at the end of `list`, with its characters and whether it is
    /// bold, as fontconfig's `pattern` of it says.
    private func append(_ face: Face, described pattern: OpaquePointer, charset: OpaquePointer, to list: inout [Face]) {
        var weight: Int32 = 80
        _ = FcPatternGetInteger(pattern, "weight", 0, &weight)
        if weight >= 180 { boldFaces.insert(face) } // FC_WEIGHT_DEMIBOLD
        list.append(face)
        if charsets[face] == nil { charsets[face] = FcCharSetCopy(charset) }
    }

    /// A font file given by path: its characters read by fontconfig.
    private func add(file: String, to list: inout [Face]) {
        let face = Face(path: file, index: 0)
        guard !list.contains(face) else { return }
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(file, 0, nil, &count) else { return }
        defer { FcPatternDestroy(pattern) }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset else { return }
        append(face, described: pattern, charset: charset, to: &list)
    }
}

extension FontFaces {
    /// The faces made on a thread of their own, started before the window
    /// opens: fontconfig's parse of its configuration and font caches then
    /// runs while SDL loads EGL and libdecor, not after, on the way to the
    /// first frame; and pango (libdecor's title) finds it done.
    final class Loading: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        /// Written once on the loading thread before `done` is signalled.
        private var made: FontFaces?

        init(choice: FontLocator.Choice, log: @escaping @Sendable (String) -> Void) {
            Thread.detachNewThread { [self] in
                made = FontFaces(choice: choice, log: log)
                done.signal()
            }
        }

        /// The faces, once made (waits for the thread until then).
        var faces: FontFaces {
            done.wait()
            done.signal()
            return made!
        }
    }
}
