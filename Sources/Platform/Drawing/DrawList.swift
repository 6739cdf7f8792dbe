import CSDL2
import TripsKit

/// A frame as the renderer's calls, recorded before any is made: what each
/// draws, where (pixels) and inside which clip. Compared with the last
/// frame's list it says what changed, so SDL's software renderer, whose
/// picture stays from frame to frame, redraws and presents only that
/// (`damage(since:)`); an unchanged frame costs no drawing at all.
struct DrawList {
    /// One call. Textures are compared by pointer: the caller starts afresh
    /// (`SceneRenderer.draw` draws everything) whenever one may have been
    /// destroyed, since SDL may hand its pointer to a new one.
    struct Item: Hashable {
        enum Operation: Hashable {
            /// The whole picture in one colour.
            case clear(RGBA)
            /// Rectangles of one colour (a rounded one as its rows of pixels).
            case fill([SDL_Rect], RGBA)
            /// Triangles (SDL_RenderGeometry), textured or not.
            case geometry(texture: OpaquePointer?, blend: UInt32, vertices: [SDL_Vertex], indices: [Int32])
            /// A texture's `from` texels (nil: all of it) onto `to`, with
            /// its alpha modulation and blend mode at the time.
            case copy(texture: OpaquePointer, from: SDL_Rect?, to: SDL_FRect, alpha: UInt8, blend: UInt32)
        }
        var operation: Operation
        /// The scene's clip rectangle around it; nil: none.
        var clip: SDL_Rect?
        /// The pixels it may touch, clip included: a pixel wider than the
        /// rasteriser's rounding on every side.
        var bounds: SDL_Rect

        /// Whether drawing only a part of it (clipped to a damaged rectangle)
        /// may differ from that part of the whole: a scaled copy's clipped
        /// source is rounded to whole texels, which would show as a seam.
        var drawsExactlyInParts: Bool {
            switch operation {
            case .clear, .fill: return true
            case .geometry(let texture, _, _, _): return texture == nil
            case .copy(_, let from, let to, _, _):
                return from.map { Float($0.w) == to.w && Float($0.h) == to.h } ?? true // all of a texture: a line of text, 1:1
            }
        }
    }

    private(set) var items: [Item] = []

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    /// Adds `operation`, touching `bounds` (clipped to `clip`).
    mutating func add(_ operation: Item.Operation, bounds: SDL_Rect, clip: SDL_Rect?) {
        let touched = clip.map { bounds.intersection($0) } ?? bounds
        guard !touched.isEmpty else { return }
        items.append(Item(operation: operation, clip: clip, bounds: touched))
    }

    /// What must be redrawn for this list to show where `previous` is
    /// shown, inside `whole`: the bounds of every call that is new, gone or
    /// drawn in another order, grown to hold whole any call that cannot be
    /// drawn in parts. Empty when the two draw the same.
    func damage(since previous: DrawList, whole: SDL_Rect) -> DamageRegion {
        var region = DamageRegion(bounds: whole)
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
                region.add(item.bounds)
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
                region.add(item.bounds)
            }
        }
        // The same calls in another order (one tile now over another).
        for (now, before) in zip(kept, keptBefore) where now != before {
            region.add(now.bounds)
            region.add(before.bounds)
        }
        // A call partly redrawn is redrawn whole where parts could show
        // seams, and by no rectangle that holds only a part of it: each
        // rectangle is drawn clipped to itself, so one that held half of a
        // scaled photo drew that half with a seam over what the rectangle
        // holding it all had drawn (SceneRendererDamageTests: a growing big
        // photo and a strip photo, each held by one rectangle and crossing
        // the other). Such a rectangle goes into one with the call.
        var grown = true
        while grown && !region.isWhole {
            grown = false
            for item in items where !item.drawsExactlyInParts {
                let box = item.bounds.intersection(whole) // as the region holds it, or it never would
                guard !box.isEmpty else { continue }
                if let part = region.rects.first(where: { $0.overlaps(box) && !$0.holds(box) }) {
                    region.add(part.union(box))
                    grown = true
                }
            }
        }
        return region
    }
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
