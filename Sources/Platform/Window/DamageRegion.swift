import CSDL2

/// What changed in a picture, as a few pixel rectangles inside its bounds:
/// the part a frame must draw, copy and tell the compositor about.
/// Rectangles that nearly fill the box around them (one inside or over
/// most of another) become that box, so what they share is not drawn or
/// copied twice (a photo moved by a spring
/// damages where it was and where it is: the big photo's closing stretch,
/// drawn once for each, took 5 ms a frame in Benchmarks/session.sh). Past
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
        var joined = rect.intersection(bounds)
        guard !joined.isEmpty else { return }
        // One that holds it is enough; any it joins with goes into the box.
        if rects.contains(where: { $0.holds(joined) }) { return }
        while let i = rects.firstIndex(where: { Self.nearlyFill([$0, joined]) }) {
            joined = joined.union(rects.remove(at: i))
        }
        rects.append(joined)
        if rects.count > Self.maximumRects || rects.count > 1 && Self.nearlyFill(rects) { rects = [boundingBox] }
    }

    /// Whether rectangles are better drawn as the box around them: it is
    /// at most a quarter larger than they are together (overlapping ones
    /// count their shared part twice, so one inside another always is).
    private static func nearlyFill(_ rects: [SDL_Rect]) -> Bool {
        box(rects).area * 4 <= rects.reduce(0) { $0 + $1.area } * 5
    }

    mutating func add(_ other: DamageRegion) { for rect in other.rects { add(rect) } }
    mutating func addWhole() { rects = [bounds] }
    mutating func clear() { rects.removeAll() }

    var boundingBox: SDL_Rect { Self.box(rects) }

    private static func box(_ rects: [SDL_Rect]) -> SDL_Rect {
        guard let first = rects.first else { return SDL_Rect() }
        return rects.dropFirst().reduce(first) { $0.union($1) }
    }
}
