import Foundation

/// The geometry of drawing a photo into a rounded frame: which part of the
/// picture fills the frame, and the triangles of a rounded rectangle.
/// SDL2's renderer has no clip shapes, but `SDL_RenderGeometry` draws
/// textured triangles, so a rounded photo is a triangle fan with texture
/// coordinates, exact at any size and over any background.
public enum PhotoGeometry {
    /// The part of an image of `imageSize` (unit coordinates) that fills a
    /// frame of `frameSize` without distortion (aspect fill, centred), then
    /// magnified `zoom` times around `focus` (unit coordinates of the shown
    /// part; 0.5, 0.5 is the middle). The result never leaves 0...1.
    public static func aspectFillSource(imageSize: CGSize, frameSize: CGSize, zoom: CGFloat = 1,
                                        focus: CGPoint = CGPoint(x: 0.5, y: 0.5)) -> CGRect {
        guard imageSize.width > 0, imageSize.height > 0, frameSize.width > 0, frameSize.height > 0 else {
            return CGRect(x: 0, y: 0, width: 1, height: 1)
        }
        let imageAspect = imageSize.width / imageSize.height
        let frameAspect = frameSize.width / frameSize.height
        var w: CGFloat = 1, h: CGFloat = 1
        if imageAspect > frameAspect { w = frameAspect / imageAspect } else { h = imageAspect / frameAspect }
        let z = zoom.isFinite ? max(1, zoom) : 1
        let fx = focus.x.isFinite ? focus.x : 0.5, fy = focus.y.isFinite ? focus.y : 0.5
        var x = (1 - w) / 2 + fx * w, y = (1 - h) / 2 + fy * h // focus in image units
        w /= z; h /= z
        x -= fx * w; y -= fy * h
        x = min(max(0, x), 1 - w); y = min(max(0, y), 1 - h)
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// The part of a picture of `imageSize` (unit coordinates) that covers a
    /// frame of `frameSize`, magnified `zoom` times, with `center` (unit
    /// coordinates of the whole picture, not of its crop as in
    /// `zoomedSource`) in its middle as far as the picture reaches: so a
    /// view can move across what the crop leaves out.
    public static func coverSource(imageSize: CGSize, frameSize: CGSize, zoom: CGFloat, center: CGPoint) -> CGRect {
        let crop = aspectFillSource(imageSize: imageSize, frameSize: frameSize)
        let z = zoom.isFinite ? max(1, zoom) : 1
        let w = crop.width / z, h = crop.height / z
        func start(_ c: CGFloat, _ length: CGFloat) -> CGFloat { c.isFinite ? min(max(c - length / 2, 0), 1 - length) : (1 - length) / 2 }
        return CGRect(x: start(center.x, w), y: start(center.y, h), width: w, height: h)
    }

    /// The part of the picture shown when the aspect-fill crop is magnified
    /// `zoom` times with its visible centre at `center` (unit coordinates of
    /// the crop, clamped so the view never leaves the picture). This is the
    /// big photo's pan-and-zoom state; `zoom` below 1 shows the whole crop.
    public static func zoomedSource(imageSize: CGSize, frameSize: CGSize, zoom: CGFloat, center: CGPoint) -> CGRect {
        let crop = aspectFillSource(imageSize: imageSize, frameSize: frameSize)
        let z = zoom.isFinite ? max(1, zoom) : 1
        let c = clampedCenter(center, zoom: z)
        let w = crop.width / z, h = crop.height / z
        return CGRect(x: crop.minX + c.x * crop.width - w / 2, y: crop.minY + c.y * crop.height - h / 2, width: w, height: h)
    }

    /// Where a picture of `imageSize` is drawn in `frame` and which part of
    /// it (unit coordinates), magnified `zoom` times from the whole picture
    /// fitted into the frame, its point `center` (unit coordinates of the
    /// picture) at the frame's middle as far as the picture reaches: along
    /// a side where the magnified picture is shorter than the frame it is
    /// centred and whole (letterboxed), along a longer side it fills the
    /// frame. The filled card is the zoom `fillZoom(...)`.
    public static func fittedView(imageSize: CGSize, frame: CGRect, zoom: CGFloat, center: CGPoint) -> (frame: CGRect, source: CGRect) {
        guard imageSize.width > 0, imageSize.height > 0, frame.width > 0, frame.height > 0, zoom.isFinite, zoom > 0 else {
            return (frame, CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        let fit = min(frame.width / imageSize.width, frame.height / imageSize.height) * zoom
        func axis(_ length: CGFloat, _ origin: CGFloat, _ picture: CGFloat, _ c: CGFloat) -> (drawn: ClosedRange<CGFloat>, source: ClosedRange<CGFloat>) {
            if picture <= length {
                let start = origin + (length - picture) / 2
                return (start...(start + picture), 0...1)
            }
            let part = length / picture
            let middle = c.isFinite ? min(max(c, part / 2), 1 - part / 2) : 0.5
            return (origin...(origin + length), (middle - part / 2)...(middle + part / 2))
        }
        let x = axis(frame.width, frame.minX, imageSize.width * fit, center.x)
        let y = axis(frame.height, frame.minY, imageSize.height * fit, center.y)
        return (CGRect(x: x.drawn.lowerBound, y: y.drawn.lowerBound, width: x.drawn.upperBound - x.drawn.lowerBound,
                       height: y.drawn.upperBound - y.drawn.lowerBound),
                CGRect(x: x.source.lowerBound, y: y.source.lowerBound, width: x.source.upperBound - x.source.lowerBound,
                       height: y.source.upperBound - y.source.lowerBound))
    }

    /// The zoom of `fittedView` at which the picture fills the frame (1 or more).
    public static func fillZoom(imageSize: CGSize, frameSize: CGSize) -> CGFloat {
        guard imageSize.width > 0, imageSize.height > 0, frameSize.width > 0, frameSize.height > 0 else { return 1 }
        let a = frameSize.width / imageSize.width, b = frameSize.height / imageSize.height
        return max(a, b) / min(a, b)
    }

    /// The nearest centre that keeps a view magnified `zoom` times inside the
    /// picture: within 1/(2 zoom) of each edge.
    public static func clampedCenter(_ center: CGPoint, zoom: CGFloat) -> CGPoint {
        let z = zoom.isFinite ? max(1, zoom) : 1
        let margin = 1 / (2 * z)
        func clamp(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, margin), 1 - margin) : 0.5 }
        return CGPoint(x: clamp(center.x), y: clamp(center.y))
    }

    /// The centre after zooming from `oldZoom` to `newZoom` so that the point
    /// at `fixed` (unit coordinates of the frame) stays under the finger:
    /// two taps zoom toward the point tapped, as a phone's photo app does.
    public static func center(zoomingFrom oldZoom: CGFloat, center: CGPoint, to newZoom: CGFloat, keeping fixed: CGPoint) -> CGPoint {
        // The picture point under `fixed` before: center + (fixed - 0.5) / oldZoom.
        let px = center.x + (fixed.x - 0.5) / oldZoom, py = center.y + (fixed.y - 0.5) / oldZoom
        return clampedCenter(CGPoint(x: px - (fixed.x - 0.5) / newZoom, y: py - (fixed.y - 0.5) / newZoom), zoom: newZoom)
    }

    /// One corner of the mesh: a position in points and a texture coordinate.
    public struct Vertex: Equatable, Sendable {
        public var position: CGPoint
        public var texture: CGPoint
        public init(position: CGPoint, texture: CGPoint) {
            self.position = position
            self.texture = texture
        }
    }

    /// A rounded rectangle as a triangle fan around its centre: the centre
    /// first, then the outline clockwise, closed (the first outline vertex
    /// repeated). Texture coordinates map `frame` onto `source`.
    public static func roundedRectFan(frame: CGRect, cornerRadius: CGFloat, source: CGRect,
                                      segmentsPerCorner: Int = 8) -> [Vertex] {
        let corners = roundedCorners(frame: frame, cornerRadius: cornerRadius, source: source, segmentsPerCorner: segmentsPerCorner)
        var out: [Vertex] = [texturePoint(CGPoint(x: frame.midX, y: frame.midY), frame: frame, source: source)]
        out.reserveCapacity(4 * (segmentsPerCorner + 1) + 2)
        for corner in corners { out += corner.arc }
        out.append(out[1])
        return out
    }

    /// The same rounded rectangle (in pixels) as the rows of whole pixels it
    /// covers, a pixel being in where its centre is: one rectangle for each
    /// row through the corners and one for the straight part between. Rows
    /// never overlap, so a translucent fill blends each pixel once: what
    /// the software renderer fills fast, where it fills a fan's triangles
    /// pixel by pixel (the hero's caption band: 0.6 ms a frame).
    public static func roundedRectRows(frame: CGRect, cornerRadius: CGFloat) -> [CGRect] {
        let r = max(0, min(cornerRadius, frame.width / 2, frame.height / 2))
        /// The whole pixels whose centres lie in [low, high).
        func pixels(_ low: CGFloat, _ high: CGFloat) -> (first: CGFloat, end: CGFloat) { ((low - 0.5).rounded(.up), (high - 0.5).rounded(.up)) }
        var out: [CGRect] = []
        func add(columns: (first: CGFloat, end: CGFloat), rows: (first: CGFloat, end: CGFloat)) {
            guard columns.end > columns.first, rows.end > rows.first else { return }
            out.append(CGRect(x: columns.first, y: rows.first, width: columns.end - columns.first, height: rows.end - rows.first))
        }
        let rows = pixels(frame.minY, frame.maxY), whole = pixels(frame.minX, frame.maxX)
        var straight: CGFloat? // where the straight part's rows began
        var y = rows.first
        while y < rows.end {
            // How far the row's centre is into a corner's square, from its circle's centre.
            let d = max(frame.minY + r - (y + 0.5), (y + 0.5) - (frame.maxY - r), 0)
            if d == 0 {
                if straight == nil { straight = y }
            } else {
                if let first = straight { add(columns: whole, rows: (first, y)); straight = nil }
                let inset = r - max(0, r * r - d * d).squareRoot()
                add(columns: pixels(frame.minX + inset, frame.maxX - inset), rows: (y, y + 1))
            }
            y += 1
        }
        if let first = straight { add(columns: whole, rows: (first, rows.end)) }
        return out
    }

    /// The same rounded rectangle's four quarter discs, each a fan (its
    /// corner's centre, then its arc), mapped as `roundedRectFan` maps them:
    /// where the software renderer draws triangles around blitted straight parts.
    public static func cornerFans(frame: CGRect, cornerRadius: CGFloat, source: CGRect, segmentsPerCorner: Int = 8) -> [[Vertex]] {
        roundedCorners(frame: frame, cornerRadius: cornerRadius, source: source, segmentsPerCorner: segmentsPerCorner)
            .map { [$0.centre] + $0.arc }
    }

    /// Each corner clockwise from top-left: its arc's centre and the arc.
    private static func roundedCorners(frame: CGRect, cornerRadius: CGFloat, source: CGRect,
                                       segmentsPerCorner: Int) -> [(centre: Vertex, arc: [Vertex])] {
        let r = max(0, min(cornerRadius, frame.width / 2, frame.height / 2))
        let segments = r > 0 ? max(1, segmentsPerCorner) : 0
        // Corner centres clockwise from top-left, with the angle each arc starts at.
        let corners: [(CGPoint, CGFloat)] = [
            (CGPoint(x: frame.minX + r, y: frame.minY + r), .pi),
            (CGPoint(x: frame.maxX - r, y: frame.minY + r), 1.5 * .pi),
            (CGPoint(x: frame.maxX - r, y: frame.maxY - r), 0),
            (CGPoint(x: frame.minX + r, y: frame.maxY - r), 0.5 * .pi),
        ]
        return corners.map { centre, start in
            let arc = (0...segments).map { i -> Vertex in
                let angle = start + (segments == 0 ? 0 : CGFloat(i) / CGFloat(segments) * .pi / 2)
                return texturePoint(CGPoint(x: centre.x + r * cos(angle), y: centre.y + r * sin(angle)), frame: frame, source: source)
            }
            return (texturePoint(centre, frame: frame, source: source), arc)
        }
    }

    /// `p` with the texture coordinate that maps `frame` onto `source`.
    private static func texturePoint(_ p: CGPoint, frame: CGRect, source: CGRect) -> Vertex {
        let u = frame.width > 0 ? (p.x - frame.minX) / frame.width : 0
        let v = frame.height > 0 ? (p.y - frame.minY) / frame.height : 0
        return Vertex(position: p, texture: CGPoint(x: source.minX + u * source.width, y: source.minY + v * source.height))
    }

    /// The part of a convex fan (`roundedRectFan`) whose texture
    /// coordinates fall in `part` of the picture, as a convex polygon to
    /// draw as a fan from its first vertex, its texture coordinates
    /// re-counted from `whole`'s corner (0...1 across it; `part` itself
    /// when nil): a detail tile (`whole`), or a piece of one, drawn over the
    /// photo, inside its rounded corners. Empty when they do not meet.
    /// Texture coordinates are linear in position across a fan, so cutting
    /// by them cuts the drawn shape exactly.
    public static func clip(_ fan: [Vertex], toTexture part: CGRect, countedIn whole: CGRect? = nil) -> [Vertex] {
        guard fan.count >= 3, part.width > 0, part.height > 0 else { return [] }
        var polygon = Array(fan.dropFirst()) // the outline, closed
        if polygon.first == polygon.last { polygon.removeLast() }
        // Sutherland-Hodgman against each side of `part`: inside(v) >= 0.
        let sides: [(Vertex) -> CGFloat] = [
            { $0.texture.x - part.minX }, { part.maxX - $0.texture.x },
            { $0.texture.y - part.minY }, { part.maxY - $0.texture.y },
        ]
        for inside in sides {
            guard !polygon.isEmpty else { return [] }
            var kept: [Vertex] = []
            for (i, current) in polygon.enumerated() {
                let previous = polygon[(i + polygon.count - 1) % polygon.count]
                let a = inside(previous), b = inside(current)
                if (a >= 0) != (b >= 0) {
                    let t = a / (a - b)
                    kept.append(Vertex(position: CGPoint(x: previous.position.x + (current.position.x - previous.position.x) * t,
                                                         y: previous.position.y + (current.position.y - previous.position.y) * t),
                                       texture: CGPoint(x: previous.texture.x + (current.texture.x - previous.texture.x) * t,
                                                        y: previous.texture.y + (current.texture.y - previous.texture.y) * t)))
                }
                if b >= 0 { kept.append(current) }
            }
            polygon = kept
        }
        guard polygon.count >= 3 else { return [] }
        let unit = whole ?? part
        return polygon.map { v in
            Vertex(position: v.position, texture: CGPoint(x: (v.texture.x - unit.minX) / unit.width, y: (v.texture.y - unit.minY) / unit.height))
        }
    }
}
