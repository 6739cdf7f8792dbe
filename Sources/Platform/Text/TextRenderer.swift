import CFribidi
import CSDL2
import TripsKit

/// Draws text with SDL_ttf at the window's pixel scale, so it stays crisp on
/// HiDPI screens. A line is cut into runs, each drawn with one font (the
/// first of `FontFaces` that has its characters) in one direction: FriBidi
/// resolves the Unicode bidirectional algorithm, HarfBuzz (inside SDL_ttf)
/// shapes each run, so Arabic letters join and right-to-left runs read from
/// the right. Rendered lines are kept as textures: the Overview redraws the
/// same words every frame.
public final class TextRenderer {
    private struct Key: Hashable {
        var text: String
        var pixelSize: Int
        var bold: Bool
        var color: RGBA
        /// The width the text was cut to, or nil for a line drawn whole:
        /// that one serves every width it fits in (a caption on a photo
        /// that grows or shrinks is not drawn again each frame).
        var cutTo: Int?
    }

    private struct Line {
        var texture: OpaquePointer
        var width: Int32
        var height: Int32
        /// From the line's top (the UI font's ascent above the baseline) to the texture's top.
        var top: Int32
        /// The whole text's width as `fitting` measures it: it fits a width at least this.
        var measured = 0
    }

    /// Characters drawn with one font in one direction.
    private struct Run {
        var scalars: String.UnicodeScalarView
        var face: Int
        var rightToLeft: Bool
        var script: String
    }

    private struct FontKey: Hashable {
        var face: Int
        var pixelSize: Int
        var bold: Bool
    }

    private let renderer: OpaquePointer
    private let started: Bool
    private let loading: FontFaces.Loading?
    /// Waited for at the first line drawn, not before.
    private lazy var faces: FontFaces? = loading?.faces
    private var openFonts: [FontKey: OpaquePointer] = [:]
    private var failedFonts: Set<FontKey> = []
    private var cache: [Key: Line] = [:]
    private var reportedMissing: Set<UInt32> = []
    private let log: (String) -> Void
    /// How many rendered lines to keep before starting afresh.
    private let cacheLimit = 512

    /// `fonts` nil means no font was found: text is skipped (the reason was
    /// logged once at start) and everything else still draws.
    public convenience init(renderer: OpaquePointer, fonts: FontLocator.Choice?, log: @escaping @Sendable (String) -> Void) {
        self.init(renderer: renderer, faces: fonts.map { FontFaces.Loading(choice: $0, log: log) }, log: log)
    }

    /// With `faces` already being loaded (`Session` starts that before the window opens).
    init(renderer: OpaquePointer, faces: FontFaces.Loading?, log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.log = log
        // Counted: each renderer's TTF_Quit undoes its own TTF_Init only.
        started = TTF_Init() == 0
        if !started { log("trips: SDL_ttf cannot start: \(String(cString: SDL_GetError()))") }
        loading = faces
    }

    deinit {
        clear()
        for font in openFonts.values { TTF_CloseFont(font) }
        if started { TTF_Quit() }
    }

    /// Forgets the rendered lines (on a change of scale they are the wrong size).
    public func clear() {
        texturesDestroyed += cache.count
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache.removeAll(keepingCapacity: true)
    }

    private func font(_ face: Int, pixelSize: Int, bold: Bool) -> OpaquePointer? {
        guard let faces else { return nil }
        let key = FontKey(face: face, pixelSize: pixelSize, bold: bold)
        if let font = openFonts[key] { return font }
        guard !failedFonts.contains(key), faces.faces(bold: bold).indices.contains(face) else { return nil }
        let file = faces.faces(bold: bold)[face]
        guard let font = TTF_OpenFontIndex(file.path, Int32(pixelSize), file.index) else {
            log("trips: font \(file.path): \(String(cString: SDL_GetError()))")
            failedFonts.insert(key)
            return nil
        }
        if bold && !faces.isBold(face) { TTF_SetFontStyle(font, TTF_STYLE_BOLD) }
        openFonts[key] = font
        return font
    }

    /// How many line textures were let go so far: a drawn frame that showed
    /// one must not be taken as still on screen (`DrawList`).
    public private(set) var texturesDestroyed = 0

    /// Draws `text` with its top-left at `x, y` pixels, at most `maxWidth`
    /// pixels wide (cut with an ellipsis), aligned inside that width.
    public func draw(_ text: String, x: Double, y: Double, maxWidth: Double, pixelSize: Int, bold: Bool,
                     color: RGBA, alignment: Scene.TextAlignment) {
        guard let line = line(text, x: x, y: y, maxWidth: maxWidth, pixelSize: pixelSize, bold: bold, color: color, alignment: alignment)
        else { return }
        var dst = line.rect
        SDL_RenderCopy(renderer, line.texture, nil, &dst)
    }

    /// `draw`'s line, rendered (or taken from the cache) and placed, without
    /// drawing it: its texture and where it goes.
    func line(_ text: String, x: Double, y: Double, maxWidth: Double, pixelSize: Int, bold: Bool,
              color: RGBA, alignment: Scene.TextAlignment) -> (texture: OpaquePointer, rect: SDL_Rect)? {
        let pixelSize = max(1, pixelSize)
        guard !text.isEmpty, maxWidth > 1, font(0, pixelSize: pixelSize, bold: bold) != nil else { return nil }
        let whole = Key(text: text, pixelSize: pixelSize, bold: bold, color: color, cutTo: nil)
        let cut = Key(text: text, pixelSize: pixelSize, bold: bold, color: color, cutTo: Int(maxWidth))
        let entry: Line
        if let cached = cache[whole], cached.measured <= Int(maxWidth) {
            entry = cached
        } else if let cached = cache[cut] {
            entry = cached
        } else {
            if cache.count >= cacheLimit { clear() }
            let measured = width(text, pixelSize: pixelSize, bold: bold)
            let fits = measured <= Int(maxWidth)
            let fitted = fits ? text : fitting(text, pixelSize: pixelSize, bold: bold, maxWidth: Int(maxWidth))
            guard var made = render(fitted, pixelSize: pixelSize, bold: bold, color: color) else { return nil }
            made.measured = measured
            cache[fits ? whole : cut] = made
            entry = made
        }
        var left = x
        switch alignment {
        case .leading: break
        case .center: left += (maxWidth - Double(entry.width)) / 2
        case .trailing: left += maxWidth - Double(entry.width)
        }
        return (entry.texture, SDL_Rect(x: Int32(left.rounded()), y: Int32(y.rounded()) + entry.top, w: entry.width, h: entry.height))
    }

    // MARK: Runs

    /// `text` cut into runs of one font and one direction, in the order they
    /// are drawn from left to right.
    private func runs(_ text: String, bold: Bool) -> [Run] {
        guard let faces else { return [] }
        var scalars: [Unicode.Scalar] = []
        var faceOf: [Int] = []
        for original in text.unicodeScalars {
            var scalar = original
            let previous = faceOf.last
            // Marks and spaces stay with the font of the letter before them
            // when it has them, so a word is not split between fonts.
            let joinsPrevious = !scalar.properties.isAlphabetic || scalar.properties.generalCategory.isMark
            var face: Int?
            if joinsPrevious, let previous, faces.face(previous, bold: bold, has: scalar) {
                face = previous
            } else {
                face = faces.face(for: scalar, bold: bold)
            }
            if face == nil {
                if reportedMissing.insert(scalar.value).inserted {
                    let code = String(scalar.value, radix: 16, uppercase: true)
                    log("trips: no font on this system has U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) (in \"\(text)\"); it is drawn as \(FontFaces.replacement)")
                }
                scalar = FontFaces.replacement
                face = faces.face(for: scalar, bold: bold)
                if face == nil { scalar = "?"; face = 0 }
            }
            scalars.append(scalar)
            faceOf.append(face ?? 0)
        }
        let levels = bidiLevels(scalars)
        var logical: [(run: Run, level: Int8)] = []
        for (i, scalar) in scalars.enumerated() {
            let level = levels[i]
            if let last = logical.last, last.run.face == faceOf[i], last.level == level {
                logical[logical.count - 1].run.scalars.append(scalar)
                if logical[logical.count - 1].run.script == "Zyyy" { logical[logical.count - 1].run.script = Self.script(of: scalar) }
            } else {
                var run = Run(scalars: String.UnicodeScalarView(), face: faceOf[i], rightToLeft: level % 2 == 1, script: Self.script(of: scalar))
                run.scalars.append(scalar)
                logical.append((run, level))
            }
        }
        return Self.visualOrder(logical)
    }

    /// The embedding level of each character (odd: right to left), the
    /// paragraph's direction taken from its first strong character.
    private func bidiLevels(_ scalars: [Unicode.Scalar]) -> [Int8] {
        let n = scalars.count
        guard n > 0 else { return [] }
        let chars = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var base = trips_fribidi_par_on()
        fribidi_get_bidi_types(chars, FriBidiStrIndex(n), &types)
        fribidi_get_bracket_types(chars, FriBidiStrIndex(n), types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &levels) > 0 else {
            return [Int8](repeating: 0, count: n)
        }
        return levels.map { Int8($0) }
    }

    /// Rule L2 of the bidirectional algorithm on whole runs: from the
    /// highest level down to the lowest odd one, reverse every stretch of
    /// runs at that level or higher.
    private static func visualOrder(_ logical: [(run: Run, level: Int8)]) -> [Run] {
        var order = logical
        guard let highest = order.map(\.level).max(), let lowestOdd = order.map(\.level).filter({ $0 % 2 == 1 }).min() else {
            return order.map(\.run)
        }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var end = i
                while end < order.count && order[end].level >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order.map(\.run)
    }

    /// The ISO 15924 code HarfBuzz shapes a run as.
    private static func script(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0041...0x005A, 0x0061...0x007A, 0x00C0...0x024F, 0x1E00...0x1EFF: return "Latn"
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return "Grek"
        case 0x0400...0x052F: return "Cyrl"
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebr"
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arab"
        case 0x0900...0x097F: return "Deva"
        case 0x0E00...0x0E7F: return "Thai"
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return "Hang"
        case 0x3040...0x309F: return "Hira"
        case 0x30A0...0x30FF: return "Kana"
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return "Hani"
        default: return "Zyyy"
        }
    }

    private func prepare(_ run: Run, pixelSize: Int, bold: Bool) -> OpaquePointer? {
        guard let font = font(run.face, pixelSize: pixelSize, bold: bold) else { return nil }
        TTF_SetFontDirection(font, run.rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        TTF_SetFontScriptName(font, run.script == "Zyyy" ? "Latn" : run.script)
        return font
    }

    private func width(_ text: String, pixelSize: Int, bold: Bool) -> Int {
        var total = 0
        for run in runs(text, bold: bold) {
            guard let font = prepare(run, pixelSize: pixelSize, bold: bold) else { continue }
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(font, String(run.scalars), &w, &h)
            total += Int(w)
        }
        return total
    }

    /// The text (wider than `maxWidth`), shortened at its logical end with "…" until it fits.
    private func fitting(_ text: String, pixelSize: Int, bold: Bool, maxWidth: Int) -> String {
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters).trimmingTrailingSpaces + "…"
            if width(candidate, pixelSize: pixelSize, bold: bold) <= maxWidth { return candidate }
        }
        return "…"
    }

    /// The runs drawn side by side on one baseline (the UI font's), as one texture.
    private func render(_ text: String, pixelSize: Int, bold: Bool, color: RGBA) -> Line? {
        guard let primary = font(0, pixelSize: pixelSize, bold: bold) else { return nil }
        let ascent = TTF_FontAscent(primary)
        var pieces: [(surface: UnsafeMutablePointer<SDL_Surface>, x: Int32, y: Int32)] = []
        defer { for piece in pieces { SDL_FreeSurface(piece.surface) } }
        var x: Int32 = 0
        for run in runs(text, bold: bold) {
            guard let font = prepare(run, pixelSize: pixelSize, bold: bold),
                  let surface = TTF_RenderUTF8_Blended(font, String(run.scalars), SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a))
            else { continue }
            pieces.append((surface, x, ascent - TTF_FontAscent(font)))
            x += surface.pointee.w
        }
        guard !pieces.isEmpty else { return nil }
        let top = pieces.map(\.y).min()!, bottom = pieces.map { $0.y + $0.surface.pointee.h }.max()!
        let line: UnsafeMutablePointer<SDL_Surface>
        if pieces.count == 1 {
            line = pieces[0].surface
        } else {
            guard let made = SDL_CreateRGBSurfaceWithFormat(0, x, bottom - top, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
            for piece in pieces {
                // Runs do not overlap: copy each one's pixels, alpha and all.
                SDL_SetSurfaceBlendMode(piece.surface, SDL_BLENDMODE_NONE)
                var dst = SDL_Rect(x: piece.x, y: piece.y - top, w: piece.surface.pointee.w, h: piece.surface.pointee.h)
                SDL_UpperBlit(piece.surface, nil, made, &dst)
            }
            line = made
        }
        defer { if pieces.count > 1 { SDL_FreeSurface(line) } }
        guard let texture = SDL_CreateTextureFromSurface(renderer, line) else { return nil }
        return Line(texture: texture, width: line.pointee.w, height: line.pointee.h, top: top)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

private extension Unicode.GeneralCategory {
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
