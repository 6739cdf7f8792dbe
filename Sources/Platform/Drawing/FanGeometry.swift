import CSDL2
import TripsKit

/// A triangle fan (a rounded photo, a tile's corner, a polygon) as SDL
/// geometry in pixels: its vertices, and the indices of its triangles,
/// each cut smaller where a textured one is too large for SDL's software
/// renderer to map.
struct FanGeometry {
    private(set) var vertices: [SDL_Vertex] = []
    private(set) var indices: [Int32] = []

    /// SDL's software renderer maps a texture wrongly across very large
    /// triangles (seen on a full-window photo: wedges of other parts of the
    /// picture). A textured fan whose longest edge passes this many pixels
    /// has every triangle cut in four, as often as that takes, all alike, so
    /// neighbours share their new edges (no cracks) and the mapping stays
    /// exact (it is affine).
    static let longestTexturedEdge: Float = 768

    /// `fan` at `scale` pixels per point in `color`; `cut`: a textured
    /// fan's long-edged triangles are cut smaller (`longestTexturedEdge`).
    /// Nil for fewer than three vertices.
    init?(_ fan: [PhotoGeometry.Vertex], scale: Double, color: RGBA, cut: Bool) {
        guard fan.count >= 3 else { return nil }
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        for v in fan {
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(v.position.x * scale), y: Float(v.position.y * scale)),
                                       color: c, tex_coord: SDL_FPoint(x: Float(v.texture.x), y: Float(v.texture.y))))
        }
        var depth = 0
        if cut {
            var longest: Float = 0
            for i in 1..<(fan.count - 1) { longest = max(longest, length(0, Int32(i)), length(Int32(i), Int32(i + 1))) }
            while longest > Self.longestTexturedEdge { longest /= 2; depth += 1 }
        }
        for i in 1..<(fan.count - 1) { triangle(0, Int32(i), Int32(i + 1), depth: depth) }
    }

    /// The pixels its vertices span.
    var bounds: SDL_Rect {
        var box = (minX: Float.infinity, minY: Float.infinity, maxX: -Float.infinity, maxY: -Float.infinity)
        for v in vertices {
            box = (min(box.minX, v.position.x), min(box.minY, v.position.y), max(box.maxX, v.position.x), max(box.maxY, v.position.y))
        }
        return SDL_Rect(around: Double(box.minX), Double(box.minY), Double(box.maxX), Double(box.maxY))
    }

    private func length(_ i: Int32, _ j: Int32) -> Float {
        let p = vertices[Int(i)].position, q = vertices[Int(j)].position
        return max(abs(p.x - q.x), abs(p.y - q.y))
    }

    private mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32, depth: Int) {
        guard depth > 0 else {
            indices.append(a); indices.append(b); indices.append(c)
            return
        }
        let ab = mid(a, b), bc = mid(b, c), ca = mid(c, a)
        triangle(a, ab, ca, depth: depth - 1)
        triangle(ab, b, bc, depth: depth - 1)
        triangle(ca, bc, c, depth: depth - 1)
        triangle(ab, bc, ca, depth: depth - 1)
    }

    /// A new vertex halfway between two, its texture coordinate too.
    private mutating func mid(_ i: Int32, _ j: Int32) -> Int32 {
        let p = vertices[Int(i)], q = vertices[Int(j)]
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: (p.position.x + q.position.x) / 2, y: (p.position.y + q.position.y) / 2),
                                   color: p.color,
                                   tex_coord: SDL_FPoint(x: (p.tex_coord.x + q.tex_coord.x) / 2, y: (p.tex_coord.y + q.tex_coord.y) / 2)))
        return Int32(vertices.count - 1)
    }
}
