import CSDL2
import TripsKit

/// Draws text with SDL_ttf at the window's pixel scale, so it stays crisp on
/// HiDPI screens. Rendered lines are kept as textures: the Overview redraws
/// the same words every frame.
public final class TextRenderer {
    private struct Key: Hashable {
        var text: String
        var pixelSize: Int
        var bold: Bool
        var color: RGBA
        var maxWidth: Int
    }

    private let renderer: OpaquePointer
    private let fonts: FontLocator?
    private var openFonts: [Int: OpaquePointer] = [:] // key: pixelSize * 2 + bold
    private var cache: [Key: (texture: OpaquePointer, width: Int32, height: Int32)] = [:]
    private let log: (String) -> Void
    /// How many rendered lines to keep before starting afresh.
    private let cacheLimit = 512

    /// `fonts` nil means no font was found: text is skipped (the reason was
    /// logged once at start) and everything else still draws.
    public init(renderer: OpaquePointer, fonts: FontLocator?, log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.fonts = fonts
        self.log = log
        if TTF_WasInit() == 0 && TTF_Init() != 0 { log("trips: SDL_ttf cannot start: \(String(cString: SDL_GetError()))") }
    }

    deinit {
        clear()
        for font in openFonts.values { TTF_CloseFont(font) }
        TTF_Quit()
    }

    /// Forgets the rendered lines (on a change of scale they are the wrong size).
    public func clear() {
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache.removeAll(keepingCapacity: true)
    }

    private func font(pixelSize: Int, bold: Bool) -> OpaquePointer? {
        guard let fonts else { return nil }
        let key = pixelSize * 2 + (bold ? 1 : 0)
        if let font = openFonts[key] { return font }
        let path = bold ? fonts.bold : fonts.regular
        guard let font = TTF_OpenFont(path, Int32(pixelSize)) else {
            log("trips: font \(path): \(String(cString: SDL_GetError()))")
            return nil
        }
        openFonts[key] = font
        return font
    }

    /// Draws `text` with its top-left at `x, y` pixels, at most `maxWidth`
    /// pixels wide (cut with an ellipsis), aligned inside that width.
    public func draw(_ text: String, x: Double, y: Double, maxWidth: Double, pixelSize: Int, bold: Bool,
                     color: RGBA, alignment: Scene.TextAlignment) {
        guard !text.isEmpty, maxWidth > 1, let font = font(pixelSize: max(1, pixelSize), bold: bold) else { return }
        let key = Key(text: text, pixelSize: pixelSize, bold: bold, color: color, maxWidth: Int(maxWidth))
        let entry: (texture: OpaquePointer, width: Int32, height: Int32)
        if let cached = cache[key] {
            entry = cached
        } else {
            if cache.count >= cacheLimit { clear() }
            guard let made = render(fitting(text, font: font, maxWidth: Int(maxWidth)), font: font, color: color) else { return }
            cache[key] = made
            entry = made
        }
        var left = x
        switch alignment {
        case .leading: break
        case .center: left += (maxWidth - Double(entry.width)) / 2
        case .trailing: left += maxWidth - Double(entry.width)
        }
        var dst = SDL_Rect(x: Int32(left.rounded()), y: Int32(y.rounded()), w: entry.width, h: entry.height)
        SDL_RenderCopy(renderer, entry.texture, nil, &dst)
    }

    private func width(_ text: String, font: OpaquePointer) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return Int(w)
    }

    /// The text, shortened with "…" until it fits.
    private func fitting(_ text: String, font: OpaquePointer, maxWidth: Int) -> String {
        guard width(text, font: font) > maxWidth else { return text }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters).trimmingTrailingSpaces + "…"
            if width(candidate, font: font) <= maxWidth { return candidate }
        }
        return "…"
    }

    private func render(_ text: String, font: OpaquePointer, color: RGBA) -> (OpaquePointer, Int32, Int32)? {
        guard let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)) else {
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        return (texture, surface.pointee.w, surface.pointee.h)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
