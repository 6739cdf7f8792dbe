import CSDL2
import TripsKit

/// A frame as the renderer's calls, recorded before any is made: what each
/// draws, where (pixels) and inside which clip. Compared with the last
/// frame's list it says what changed, so SDL's software renderer, whose
/// picture stays from frame to frame, redraws and presents only that
/// (`damage(since:)`); an unchanged frame costs no drawing at all.
struct DrawList {
    /// One call. Textures are compared by pointer: the caller starts afresh
    /// (`DrawList.damage`'s `everything`) whenever one may have been
    /// destroyed, since SDL may hand its pointer to a new one.
    struct Item: Hashable {
        enum Operation: Hashable {
            /// The whole picture in one colour.
            case clear(RGBA)
            /// Rectangles of one colour (a rounded one as its rows of pixels).
            case fill([PixelRect], RGBA)
            /// Triangles (SDL_RenderGeometry), textured or not.
            case geometry(texture: OpaquePointer?, blend: UInt32, vertices: [SDL_Vertex], indices: [Int32])
            /// A texture's `from` texels (nil: all of it) onto `to`, with
            /// its alpha modulation and blend mode at the time.
            case copy(texture: OpaquePointer, from: PixelRect?, to: PixelRect.Float, alpha: UInt8, blend: UInt32, scaled: Bool)
        }
        var operation: Operation
        /// The scene's clip rectangle around it; nil: none.
        var clip: PixelRect?
        /// The pixels it may touch, clip included: a pixel wider than the
        /// rasteriser's rounding on every side.
        var bounds: PixelRect

        /// Whether drawing only a part of it (clipped to a damaged rectangle)
        /// may differ from that part of the whole: a scaled copy's clipped
        /// source is rounded to whole texels, which would show as a seam.
        var drawsExactlyInParts: Bool {
            switch operation {
            case .clear, .fill: return true
            case .geometry(let texture, _, _, _): return texture == nil
            case .copy(_, _, _, _, _, let scaled): return !scaled
            }
        }
    }

    private(set) var items: [Item] = []

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    /// Adds `operation`, touching `bounds` (clipped to `clip`).
    mutating func add(_ operation: Item.Operation, bounds: PixelRect, clip: PixelRect?) {
        let touched = clip.map { bounds.intersection($0) } ?? bounds
        guard !touched.isEmpty else { return }
        items.append(Item(operation: operation, clip: clip, bounds: touched))
    }

    /// What must be redrawn for this list to show where `previous` is
    /// shown, inside `whole`: the bounds of every call that is new, gone or
    /// drawn in another order, grown to hold whole any call that cannot be
    /// drawn in parts. Empty when the two draw the same.
    func damage(since previous: DrawList, whole: PixelRect) -> DamageRegion {
        var region = DamageRegion(bounds: whole.sdl)
        if items == previous.items { return region }
        // Calls in both lists, matched as a multiset; the rest changed.
        var unmatched: [Item: Int] = [:]
        for item in previous.items { unmatched[item, default: 0] += 1 }
        var kept: [Item] = []
        for item in items {
            if let n = unmatched[item], n > 0 {
                unmatched[item] = n - 1
                kept.append(item)
            } else {
                region.add(item.bounds.sdl)
            }
        }
        var keptBefore: [Item] = []
        var left: [Item: Int] = [:]
        for item in kept { left[item, default: 0] += 1 }
        for item in previous.items {
            if let n = left[item], n > 0 {
                left[item] = n - 1
                keptBefore.append(item)
            } else {
                region.add(item.bounds.sdl)
            }
        }
        // The same calls in another order (one tile now over another).
        for (now, before) in zip(kept, keptBefore) where now != before {
            region.add(now.bounds.sdl)
            region.add(before.bounds.sdl)
        }
        // A call partly redrawn is redrawn whole where parts could show seams.
        var grown = true
        while grown && !region.isWhole {
            grown = false
            for item in items where !item.drawsExactlyInParts {
                let box = item.bounds.intersection(whole).sdl // as the region holds it, or it never would
                if box.w > 0, box.h > 0, region.rects.contains(where: { $0.overlaps(box) }) && !region.rects.contains(where: { $0.holds(box) }) {
                    region.add(box)
                    grown = true
                }
            }
        }
        return region
    }
}

/// A rectangle of whole pixels that can be hashed (SDL_Rect cannot).
struct PixelRect: Hashable {
    var x: Int32, y: Int32, w: Int32, h: Int32

    init(x: Int32, y: Int32, w: Int32, h: Int32) { self.x = x; self.y = y; self.w = max(0, w); self.h = max(0, h) }
    init(_ r: SDL_Rect) { self.init(x: r.x, y: r.y, w: r.w, h: r.h) }

    /// The whole pixels around a rectangle in fractional pixels, and one more on each side.
    init(around minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        let x0 = Int32(max(-1e6, min(1e6, minX.rounded(.down)))) - 1, y0 = Int32(max(-1e6, min(1e6, minY.rounded(.down)))) - 1
        let x1 = Int32(max(-1e6, min(1e6, maxX.rounded(.up)))) + 1, y1 = Int32(max(-1e6, min(1e6, maxY.rounded(.up)))) + 1
        self.init(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    var sdl: SDL_Rect { SDL_Rect(x: x, y: y, w: w, h: h) }
    var isEmpty: Bool { w <= 0 || h <= 0 }

    func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(x + w, o.x + o.w), y1 = min(y + h, o.y + o.h)
        return PixelRect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    /// A rectangle in fractional pixels, as SDL's float calls take it.
    struct Float: Hashable {
        var x: Swift.Float, y: Swift.Float, w: Swift.Float, h: Swift.Float
        var sdl: SDL_FRect { SDL_FRect(x: x, y: y, w: w, h: h) }
        var around: PixelRect { PixelRect(around: Double(x), Double(y), Double(x + w), Double(y + h)) }
    }
}

extension SDL_Rect {
    func overlaps(_ o: SDL_Rect) -> Bool { x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h }
    func holds(_ o: SDL_Rect) -> Bool { o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h }
}

extension SDL_Vertex: @retroactive Hashable {
    public static func == (a: SDL_Vertex, b: SDL_Vertex) -> Bool {
        a.position.x == b.position.x && a.position.y == b.position.y && a.tex_coord.x == b.tex_coord.x && a.tex_coord.y == b.tex_coord.y
            && a.color.r == b.color.r && a.color.g == b.color.g && a.color.b == b.color.b && a.color.a == b.color.a
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(position.x); hasher.combine(position.y); hasher.combine(tex_coord.x); hasher.combine(tex_coord.y)
        hasher.combine(color.r); hasher.combine(color.g); hasher.combine(color.b); hasher.combine(color.a)
    }
}
