import CSDL2

/// What changed in a picture, as a few pixel rectangles inside its bounds:
/// the part a frame must copy and tell the compositor about. Past
/// `maximumRects` it becomes their bounding box (a copy of a few rows more
/// costs less than many small ones).
struct DamageRegion {
    private(set) var rects: [SDL_Rect] = []
    let bounds: SDL_Rect
    static let maximumRects = 8

    init(bounds: SDL_Rect) { self.bounds = bounds }
    init(whole bounds: SDL_Rect) { self.bounds = bounds; rects = [bounds] }

    var isEmpty: Bool { rects.isEmpty }
    var isWhole: Bool { rects.count == 1 && rects[0] == bounds }

    mutating func add(_ rect: SDL_Rect) {
        var clipped = SDL_Rect(), bounds = self.bounds, rect = rect
        guard SDL_IntersectRect(&rect, &bounds, &clipped) == SDL_TRUE else { return }
        // One that holds it, or that it holds, is enough.
        if rects.contains(where: { Self.contains($0, clipped) }) { return }
        rects.removeAll { Self.contains(clipped, $0) }
        rects.append(clipped)
        if rects.count > Self.maximumRects { rects = [boundingBox] }
    }

    mutating func add(_ other: DamageRegion) { for rect in other.rects { add(rect) } }
    mutating func addWhole() { rects = [bounds] }
    mutating func clear() { rects.removeAll() }

    var boundingBox: SDL_Rect {
        guard var box = rects.first else { return SDL_Rect() }
        for var rect in rects.dropFirst() { var joined = SDL_Rect(); SDL_UnionRect(&box, &rect, &joined); box = joined }
        return box
    }

    private static func contains(_ outer: SDL_Rect, _ inner: SDL_Rect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h
    }
}

extension SDL_Rect: @retroactive Equatable {
    public static func == (a: SDL_Rect, b: SDL_Rect) -> Bool { a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h }
}
