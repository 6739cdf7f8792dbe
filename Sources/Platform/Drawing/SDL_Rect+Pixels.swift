import CSDL2

/// SDL's rectangles as values: compared and hashed (a `DrawList`'s calls
/// are matched frame to frame), and the few sums the damage needs.
extension SDL_Rect: @retroactive Hashable {
    public static func == (a: SDL_Rect, b: SDL_Rect) -> Bool { a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x); hasher.combine(y); hasher.combine(w); hasher.combine(h)
    }

    /// The whole pixels around a rectangle in fractional pixels, and one more on each side.
    init(around minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        func pixel(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int32 { Int32(max(-1e6, min(1e6, v.rounded(rule)))) }
        let x0 = pixel(minX, .down) - 1, y0 = pixel(minY, .down) - 1, x1 = pixel(maxX, .up) + 1, y1 = pixel(maxY, .up) + 1
        self.init(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    var isEmpty: Bool { w <= 0 || h <= 0 }
    var area: Int { isEmpty ? 0 : Int(w) * Int(h) }

    /// The part both hold (empty, at no size, when none).
    func intersection(_ o: SDL_Rect) -> SDL_Rect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(x + w, o.x + o.w), y1 = min(y + h, o.y + o.h)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    /// The smallest rectangle holding both.
    func union(_ o: SDL_Rect) -> SDL_Rect {
        let x0 = min(x, o.x), y0 = min(y, o.y), x1 = max(x + w, o.x + o.w), y1 = max(y + h, o.y + o.h)
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    /// What is left of it without `o`: at most four rectangles (the bands
    /// above and below `o`, and beside it), none overlapping.
    func subtracting(_ o: SDL_Rect) -> [SDL_Rect] {
        let cut = intersection(o)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        let parts = [SDL_Rect(x: x, y: y, w: w, h: cut.y - y),
                     SDL_Rect(x: x, y: cut.y + cut.h, w: w, h: y + h - (cut.y + cut.h)),
                     SDL_Rect(x: x, y: cut.y, w: cut.x - x, h: cut.h),
                     SDL_Rect(x: cut.x + cut.w, y: cut.y, w: x + w - (cut.x + cut.w), h: cut.h)]
        return parts.filter { !$0.isEmpty }
    }

    func overlaps(_ o: SDL_Rect) -> Bool { !intersection(o).isEmpty }
    func holds(_ o: SDL_Rect) -> Bool { o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h }
}

extension SDL_FRect: @retroactive Hashable {
    public static func == (a: SDL_FRect, b: SDL_FRect) -> Bool { a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x); hasher.combine(y); hasher.combine(w); hasher.combine(h)
    }

    /// The whole pixels it may touch (`SDL_Rect(around:)`).
    var around: SDL_Rect { SDL_Rect(around: Double(x), Double(y), Double(x + w), Double(y + h)) }

    /// The same rectangle when its edges are on whole pixels (it covers
    /// every pixel inside, no more), else nil.
    var wholePixels: SDL_Rect? {
        guard [x, y, w, h].allSatisfy({ $0.rounded() == $0 }) else { return nil }
        return SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
    }
}
