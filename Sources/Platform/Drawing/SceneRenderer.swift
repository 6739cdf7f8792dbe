import CSDL2
import Foundation
import TripsKit

/// Turns a `Scene` (points) into SDL calls (pixels). Rounded photos and
/// tiles are triangle fans drawn with SDL_RenderGeometry; the vertex and
/// index buffers are reused from frame to frame. The calls are recorded
/// first (`DrawList`); with SDL's software renderer, whose picture stays
/// from frame to frame, only what changed since the last frame is redrawn.
public final class SceneRenderer {
    private let renderer: OpaquePointer
    private let photos: PhotoTextures
    private let text: TextRenderer
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    /// This frame's calls and the last frame's, as drawn.
    private var list = DrawList()
    private var shown = DrawList()
    /// The scene's clip while recording.
    private var clip: SDL_Rect?
    /// Textures destroyed when the last frame was drawn, and its size: a change means a whole new picture.
    private var shownDestroyed = -1
    private var shownSize = SDL_Rect(x: 0, y: 0, w: 0, h: 0)
    /// The next frame is drawn whole (the window was exposed, resized, shown again).
    private var wholeNext = true
    /// While a photo fades: the alpha its calls are recorded with, blended.
    private var fading: UInt8?

    /// SDL's software renderer, which blits far faster than it fills triangles.
    private let isSoftware: Bool
    /// On the software renderer, given the frame's pixel format: translucent
    /// fills as constant-alpha copies (`TranslucentFills`).
    private let translucentFills: TranslucentFills?

    /// `opaqueFormat`: the pixel format SDL's software renderer draws
    /// into (`Display.opaqueTextureFormat`); nil fills as SDL does.
    public init(renderer: OpaquePointer, photos: PhotoTextures, text: TextRenderer, opaqueFormat: UInt32? = nil) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        isSoftware = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        translucentFills = isSoftware ? opaqueFormat.map { TranslucentFills(renderer: renderer, format: $0) } : nil
        self.photos = photos
        self.text = text
    }

    private static func pixels(_ points: CGSize, _ scale: Double) -> (width: Int, height: Int) {
        (Int((points.width * scale).rounded(.up)), Int((points.height * scale).rounded(.up)))
    }

    /// Photos drawn as placeholder tiles in the last frame (not decoded yet, or broken).
    public private(set) var placeholdersDrawn = 0
    /// Photos drawn from their own decoded picture in the last frame.
    public private(set) var photosDrawn = 0
    /// Photos drawn from their blurred-up EXIF preview in the last frame.
    public private(set) var previewsDrawn = 0

    /// Makes the next frame draw everything: what is on screen is not what was drawn (a window exposed or resized).
    public func invalidate() { wholeNext = true }

    /// Draws `scene` at `scale` pixels per point into the back buffer (all
    /// of it when `everything`, else what changed, where the picture stays)
    /// and returns what changed, in pixels, for the present: nil for
    /// everything, empty for nothing. The scene says what its photos are
    /// decoded for (its window and strip photo sizes); what it draws this
    /// frame is what the textures keep asking for.
    @discardableResult
    public func draw(_ scene: Scene, scale: Double, everything: Bool = false) -> [SDL_Rect]? {
        photos.thumbnailTarget = Self.pixels(scene.thumbnailSize, scale)
        photos.fullTarget = Self.pixels(scene.photoSize, scale)
        photos.beginFrame()
        placeholdersDrawn = 0
        photosDrawn = 0
        previewsDrawn = 0
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let whole = SDL_Rect(x: 0, y: 0, w: w, h: h)
        list.removeAll()
        clip = nil
        list.add(.clear(scene.background), bounds: whole, clip: nil)
        record(scene, scale: scale)
        let destroyed = photos.texturesDestroyed + text.texturesDestroyed
        var damage: DamageRegion?
        if !(everything || wholeNext || !isSoftware || destroyed != shownDestroyed || whole != shownSize) {
            damage = list.damage(since: shown, whole: whole)
        }
        shownDestroyed = destroyed
        shownSize = whole
        wholeNext = false
        swap(&list, &shown)
        guard let damage, !damage.isWhole else {
            execute(shown.items, inside: nil)
            return nil
        }
        for rect in damage.rects { execute(shown.items, inside: rect) }
        return damage.rects
    }

    /// Makes the recorded calls, all of them, or those touching `damage`
    /// clipped to it (each damaged part is drawn afresh from the background up).
    private func execute(_ items: [DrawList.Item], inside damage: SDL_Rect?) {
        var clipSet: SDL_Rect?? = .none
        func setClip(_ rect: SDL_Rect?) {
            if let set = clipSet, set == rect { return }
            clipSet = .some(rect)
            if var r = rect { SDL_RenderSetClipRect(renderer, &r) } else { SDL_RenderSetClipRect(renderer, nil) }
        }
        for item in items {
            var itemClip = item.clip
            if let damage {
                guard !item.bounds.intersection(damage).isEmpty else { continue }
                itemClip = item.clip.map { $0.intersection(damage) } ?? damage
            }
            setClip(itemClip)
            switch item.operation {
            case .clear(let c):
                if let damage {
                    // Not under an opaque picture that covers part of it
                    // anyway: clearing pixels about to be copied over cost
                    // the moving big photo's frames a tenth of a millisecond,
                    // and left its copy writing to memory the clear had
                    // pushed out of the cache.
                    let covered = Self.largestOpaqueCopy(in: items, inside: damage)
                    fill(covered.map { damage.subtracting($0) } ?? [damage], c, blended: false)
                } else {
                    setClip(nil)
                    SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
                    SDL_RenderClear(renderer)
                }
            case let .fill(rows, c):
                if c.a < 255, let translucentFills, translucentFills.draw(rows, color: c) { break }
                // An opaque colour blended gives the colour itself, but SDL's
                // software renderer blends it pixel by pixel all the same.
                fill(rows, c, blended: !(isSoftware && c.a == 255))
            case let .geometry(texture, blend, vertices, indices):
                withTexture(texture, blend: blend, alpha: 255) {
                    SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
                }
            case let .copy(texture, from, to, alpha, blend):
                withTexture(texture, blend: blend, alpha: alpha) {
                    var t = to
                    if var f = from { SDL_RenderCopyF(renderer, texture, &f, &t) } else { SDL_RenderCopyF(renderer, texture, nil, &t) }
                }
            }
        }
    }

    /// Fills `rects` in `color`, blended with what is there or not (the
    /// renderer's blend mode is put back after).
    private func fill(_ rects: [SDL_Rect], _ color: RGBA, blended: Bool) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        if !blended { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        SDL_RenderFillRects(renderer, rects, Int32(rects.count))
        if !blended { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    /// The largest part of `damage` that one opaque copy, drawn whole
    /// pixel to whole pixel and unblended, covers: every pixel of it is
    /// written by that copy, whatever is drawn there before. A scaled copy
    /// counts only where no scene clip cuts it (the damage never does:
    /// `DrawList`), since SDL rounds the edges of a clipped stretch apart.
    private static func largestOpaqueCopy(in items: [DrawList.Item], inside damage: SDL_Rect) -> SDL_Rect? {
        var best: SDL_Rect?
        for item in items {
            guard case let .copy(_, _, to, alpha, blend) = item.operation, alpha == 255, blend == SDL_BLENDMODE_NONE.rawValue,
                  let target = to.wholePixels else { continue }
            if !item.drawsExactlyInParts, let clip = item.clip, !clip.holds(target) { continue }
            var covered = target.intersection(damage)
            if let clip = item.clip { covered = covered.intersection(clip) }
            if covered.area > (best?.area ?? 0) { best = covered }
        }
        return best
    }

    /// Runs `call` with `texture`'s blend mode and alpha modulation as
    /// recorded, then puts back its own (SDL takes them as the call is queued).
    private func withTexture(_ texture: OpaquePointer?, blend: UInt32, alpha: UInt8, _ call: () -> Void) {
        guard let texture else { call(); return }
        var ownBlend = SDL_BLENDMODE_BLEND, ownAlpha: UInt8 = 255
        SDL_GetTextureBlendMode(texture, &ownBlend)
        SDL_GetTextureAlphaMod(texture, &ownAlpha)
        let changes = ownBlend.rawValue != blend || ownAlpha != alpha
        if changes { SDL_SetTextureBlendMode(texture, SDL_BlendMode(rawValue: blend)); SDL_SetTextureAlphaMod(texture, alpha) }
        call()
        if changes { SDL_SetTextureBlendMode(texture, ownBlend); SDL_SetTextureAlphaMod(texture, ownAlpha) }
    }

    /// How a texture's calls blend: its own mode (an opaque photo's copies,
    /// `CachedTexture`), or blended while it fades.
    private func blend(_ texture: OpaquePointer) -> UInt32 {
        if fading != nil { return SDL_BLENDMODE_BLEND.rawValue }
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetTextureBlendMode(texture, &mode)
        return mode.rawValue
    }

    /// Records `scene`'s calls into `list`.
    private func record(_ scene: Scene, scale: Double) {
        for command in scene.commands {
            switch command {
            case let .fill(rect, color, radius):
                fill(rect, cornerRadius: radius, color: color, scale: scale)
            case let .photo(number, frame, source, radius, placeholder, opacity):
                // The size the whole picture has on screen: the frame over the part shown.
                let covering = (width: frame.width * scale / max(source.width, 1e-6), height: frame.height * scale / max(source.height, 1e-6))
                let photo = photos.texture(number, covering: covering) // asked for even when not drawn yet
                guard opacity > 0 else { break }
                if let photo {
                    if photo.isPreview { previewsDrawn += 1 } else { photosDrawn += 1 }
                    let alpha = UInt8((min(opacity, 1) * 255).rounded())
                    // The frame's outline as a fan: for a fade, a zoom's tiles, or where a blit cannot serve.
                    var shape: [PhotoGeometry.Vertex] { PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: radius, source: source) }
                    if alpha < 255 {
                        // Fading: the blits take the texture's alpha (a full-window cross-fade as textured
                        // triangles took most of a core, Benchmarks/attract.sh), a fan its vertices'.
                        fading = alpha
                        defer { fading = nil }
                        if !blit((photo.texture, photo.width, photo.height), frame: frame, source: source, cornerRadius: radius, scale: scale) {
                            fan(shape, scale: scale, color: RGBA(255, 255, 255, alpha), texture: photo.texture)
                        }
                        break
                    }
                    // Zoomed past the picture's own pixels: finer tiles over it, inside its corners.
                    let detail = photos.detail(number, covering: covering.width, source: source, decodedWidth: photo.width)
                    if !detail.coversView && !blit((photo.texture, photo.width, photo.height), frame: frame, source: source,
                                                    cornerRadius: radius, scale: scale, deeper: detail.awaited) {
                        fan(shape, scale: scale, color: RGBA(255, 255, 255), texture: photo.texture)
                    }
                    for tile in detail.tiles {
                        draw(tile, shape: shape, frame: frame, source: source, cornerRadius: radius, scale: scale)
                    }
                } else {
                    placeholdersDrawn += 1
                    fill(frame, cornerRadius: radius, color: placeholder.color, scale: scale)
                    let size = placeholder.textSize
                    line(placeholder.label, x: frame.minX * scale, y: (frame.midY - size * 0.6) * scale, maxWidth: frame.width * scale,
                         pixelSize: Int((size * scale).rounded()), bold: true, color: placeholder.textColor, alignment: .center)
                }
            case let .polygon(points, color):
                guard let first = points.first else { break }
                let centre = points.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.x / CGFloat(points.count), y: $0.y + $1.y / CGFloat(points.count)) }
                let outline = (points + [first]).map { PhotoGeometry.Vertex(position: $0, texture: .zero) }
                fan([PhotoGeometry.Vertex(position: centre, texture: .zero)] + outline, scale: scale, color: color, texture: nil)
            case .clip(let rect):
                clip = rect.map {
                    SDL_Rect(x: Int32(($0.minX * scale).rounded(.down)), y: Int32(($0.minY * scale).rounded(.down)),
                              w: Int32(($0.width * scale).rounded(.up)), h: Int32(($0.height * scale).rounded(.up)))
                }
            case let .text(string, origin, width, size, weight, color, alignment):
                line(string, x: origin.x * scale, y: origin.y * scale, maxWidth: width * scale,
                     pixelSize: Int((size * scale).rounded()), bold: weight == .bold, color: color, alignment: alignment)
            }
        }
    }

    /// Records a line of text (`TextRenderer.line`).
    private func line(_ string: String, x: Double, y: Double, maxWidth: Double, pixelSize: Int, bold: Bool, color: RGBA,
                      alignment: Scene.TextAlignment) {
        guard let line = text.line(string, x: x, y: y, maxWidth: maxWidth, pixelSize: pixelSize, bold: bold, color: color,
                                   alignment: alignment) else { return }
        let to = SDL_FRect(x: Float(line.rect.x), y: Float(line.rect.y), w: Float(line.rect.w), h: Float(line.rect.h))
        list.add(.copy(texture: line.texture, from: nil, to: to, alpha: 255, blend: blend(line.texture)),
                 bounds: to.around, clip: clip)
    }

    /// A rounded rectangle of `color`: with SDL's software renderer as the
    /// rows of pixels it covers (`PhotoGeometry.roundedRectRows`), which it
    /// fills several times faster than a fan's triangles (Benchmarks/session.sh,
    /// X11 software: the Overview's caption band, button and marked row
    /// took 1.6 ms of each frame as fans).
    private func fill(_ rect: CGRect, cornerRadius: CGFloat, color: RGBA, scale: Double) {
        guard isSoftware else {
            fan(PhotoGeometry.roundedRectFan(frame: rect, cornerRadius: cornerRadius, source: .init(x: 0, y: 0, width: 1, height: 1)),
                scale: scale, color: color, texture: nil)
            return
        }
        let pixels = CGRect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let rows = PhotoGeometry.roundedRectRows(frame: pixels, cornerRadius: cornerRadius * scale).map {
            SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height))
        }
        guard !rows.isEmpty else { return }
        list.add(.fill(rows, color), bounds: SDL_Rect(around: pixels.minX, pixels.minY, pixels.maxX, pixels.maxY), clip: clip)
    }

    /// SDL's software renderer maps a texture wrongly across very large
    /// triangles (seen on a full-window photo: wedges of other parts of the
    /// picture). A textured fan whose longest edge passes this many pixels
    /// has every triangle cut in four, as often as that takes, all alike, so
    /// neighbours share their new edges (no cracks) and the mapping stays
    /// exact (it is affine).
    static let longestTexturedEdge: Float = 768

    /// With SDL's software renderer, draws a photo as three rectangle blits
    /// and four quarter-disc corners rather than one triangle fan over the
    /// whole frame: it fills textured triangles pixel by pixel, several
    /// times slower than it blits (Benchmarks/session.sh, software on X11:
    /// frame CPU p50 3.1 -> 0.8 ms, p99 8.4 -> 2.5 ms). Up to 2x
    /// magnification: a blit's source is in whole texels, half a texel off
    /// at most, which is a pixel at 2x, as near as this renderer places
    /// anything (it rounds to whole pixels); a deeper zoom is left to the
    /// fan, so a slow pan does not move in steps. `deeper`: any zoom, for
    /// the moment a zoomed photo's detail tiles are on their way (the fan
    /// over the whole big photo took 11-13 ms a frame). False when left.
    private func blit(_ photo: (texture: OpaquePointer, width: Int, height: Int), frame: CGRect, source: CGRect,
                      cornerRadius: CGFloat, scale: Double, deeper: Bool = false) -> Bool {
        let f = CGRect(x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale, height: frame.height * scale)
        let texels = (width: source.width * Double(photo.width), height: source.height * Double(photo.height))
        guard isSoftware, f.width >= 1, f.height >= 1, deeper || texels.width * 2 >= f.width && texels.height * 2 >= f.height else { return false }
        let r = max(0, min(cornerRadius * scale, f.width / 2, f.height / 2))
        let per = (x: texels.width / f.width, y: texels.height / f.height)
        let origin = (x: source.minX * Double(photo.width), y: source.minY * Double(photo.height))
        // A picture decoded to cover the frame is within a pixel of its
        // size (rounding), and one settling into it at the end of a spring
        // within a few: copied texel for pixel, which the renderer does as
        // a plain copy, not a linear stretch by a fraction of a percent (a
        // strip photo: 0.3 -> 0.05 ms; the big photo 1.5-3 ms).
        func near(_ texels: Double, _ pixels: Double) -> Bool { abs(texels - pixels) < max(1, pixels * 0.005) }
        let exact = near(texels.width, f.width) && near(texels.height, f.height)
        func copy(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            guard x1 > x0, y1 > y0 else { return }
            // Edges on whole pixels, as the renderer would round the origin:
            // it truncates a rectangle's origin and size apart, which left a
            // pixel unfilled between neighbours (two detail tiles side by side).
            let left = x0.rounded(.down), right = x1.rounded(.down), top = y0.rounded(.down), bottom = y1.rounded(.down)
            guard right > left, bottom > top else { return }
            var from = SDL_Rect(x: Int32((origin.x + (x0 - f.minX) * per.x).rounded()), y: Int32((origin.y + (y0 - f.minY) * per.y).rounded()),
                                w: Int32(max(1, ((x1 - x0) * per.x).rounded())), h: Int32(max(1, ((y1 - y0) * per.y).rounded())))
            if exact {
                from.w = Int32(min(right - left, Double(photo.width)))
                from.h = Int32(min(bottom - top, Double(photo.height)))
                from.x = Int32(max(0, min((origin.x + left - f.minX.rounded(.down)).rounded(), Double(photo.width) - Double(from.w))))
                from.y = Int32(max(0, min((origin.y + top - f.minY.rounded(.down)).rounded(), Double(photo.height) - Double(from.h))))
            }
            let to = SDL_FRect(x: Float(left), y: Float(top), w: Float(right - left), h: Float(bottom - top))
            list.add(.copy(texture: photo.texture, from: from, to: to, alpha: fading ?? 255, blend: blend(photo.texture)),
                     bounds: to.around, clip: clip)
        }
        copy(f.minX + r, f.minY, f.maxX - r, f.maxY)
        guard r > 0 else { return true }
        // The side strips reach one pixel into the corners: the software
        // renderer leaves the row on a fan's straight edge unfilled, which
        // showed as a dark line across the bottom corners. That row lies
        // inside the quarter disc, so nothing pokes out of the rounding.
        copy(f.minX, f.minY + r - 1, f.minX + r, f.maxY - r + 1)
        copy(f.maxX - r, f.minY + r - 1, f.maxX, f.maxY - r + 1)
        // The corners, with the texture coordinates the whole fan would give them.
        for corner in PhotoGeometry.cornerFans(frame: frame, cornerRadius: cornerRadius, source: source) {
            fan(corner, scale: scale, color: RGBA(255, 255, 255, fading ?? 255), texture: photo.texture)
        }
        return true
    }

    /// A detail tile over a zoomed photo. Clear of the frame's rounded
    /// corners it is blitted, which the software renderer does exactly (its
    /// triangles sample less faithfully: 0.93 against 0.95 in detail.sh at
    /// 2x); where it reaches into a corner, only the corner's square is
    /// clipped to the rounding as a fan: the software renderer fills
    /// triangles pixel by pixel, and the two half-photo tiles of a 2.5x
    /// zoom drawn whole as fans took 5.5 ms a frame (Benchmarks/session.sh).
    /// Its fans are not cut smaller: SDL's software renderer takes pairs of
    /// the right triangles that would give for rectangles and left half a
    /// tile undrawn (seen at 4x in a corner).
    private func draw(_ tile: PhotoTiles.Drawn, shape: [PhotoGeometry.Vertex], frame: CGRect, source: CGRect, cornerRadius r: CGFloat,
                      scale: Double) {
        // The tile's rectangle on screen, in points, and the part of it inside the frame.
        let onScreen = CGRect(x: frame.minX + (tile.bounds.minX - source.minX) / source.width * frame.width,
                              y: frame.minY + (tile.bounds.minY - source.minY) / source.height * frame.height,
                              width: tile.bounds.width / source.width * frame.width,
                              height: tile.bounds.height / source.height * frame.height)
        let shown = onScreen.intersection(frame)
        guard !shown.isNull, shown.width > 0, shown.height > 0 else { return }
        let inCorner = (shown.minX < frame.minX + r || shown.maxX > frame.maxX - r) && (shown.minY < frame.minY + r || shown.maxY > frame.maxY - r)
        func blit(_ piece: CGRect) -> Bool {
            let piece = piece.intersection(shown)
            guard !piece.isNull, piece.width > 0, piece.height > 0 else { return true }
            let inTile = CGRect(x: (piece.minX - onScreen.minX) / onScreen.width, y: (piece.minY - onScreen.minY) / onScreen.height,
                                width: piece.width / onScreen.width, height: piece.height / onScreen.height)
            return self.blit((tile.texture, tile.width, tile.height), frame: piece, source: inTile, cornerRadius: 0, scale: scale)
        }
        guard inCorner else {
            if !blit(shown) { fan(PhotoGeometry.clip(shape, toTexture: tile.bounds), scale: scale, color: RGBA(255, 255, 255), texture: tile.texture, cut: false) }
            return
        }
        // The cross clear of the corners is blitted; its side bands reach a
        // pixel into the corners, whose fans leave their straight edges' row
        // unfilled (as `blit` does for a whole photo).
        let pixel = 1 / scale
        let cross = [CGRect(x: frame.minX + r, y: frame.minY, width: frame.width - 2 * r, height: frame.height),
                     CGRect(x: frame.minX, y: frame.minY + r - pixel, width: r, height: frame.height - 2 * r + 2 * pixel),
                     CGRect(x: frame.maxX - r, y: frame.minY + r - pixel, width: r, height: frame.height - 2 * r + 2 * pixel)]
        guard cross.allSatisfy(blit) else {
            fan(PhotoGeometry.clip(shape, toTexture: tile.bounds), scale: scale, color: RGBA(255, 255, 255), texture: tile.texture, cut: false)
            return
        }
        func inPicture(_ rect: CGRect) -> CGRect {
            CGRect(x: source.minX + (rect.minX - frame.minX) / frame.width * source.width,
                   y: source.minY + (rect.minY - frame.minY) / frame.height * source.height,
                   width: rect.width / frame.width * source.width, height: rect.height / frame.height * source.height)
        }
        for corner in [CGRect(x: frame.minX, y: frame.minY, width: r, height: r), CGRect(x: frame.maxX - r, y: frame.minY, width: r, height: r),
                       CGRect(x: frame.minX, y: frame.maxY - r, width: r, height: r), CGRect(x: frame.maxX - r, y: frame.maxY - r, width: r, height: r)] {
            let piece = corner.intersection(shown)
            guard !piece.isNull, piece.width > 0, piece.height > 0 else { continue }
            fan(PhotoGeometry.clip(shape, toTexture: inPicture(piece), countedIn: tile.bounds), scale: scale, color: RGBA(255, 255, 255),
                texture: tile.texture, cut: false)
        }
    }

    /// `cut`: whether triangles with long edges are cut smaller (see `longestTexturedEdge`).
    private func fan(_ fan: [PhotoGeometry.Vertex], scale: Double, color: RGBA, texture: OpaquePointer?, cut: Bool = true) {
        guard fan.count >= 3 else { return }
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        for v in fan {
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(v.position.x * scale), y: Float(v.position.y * scale)),
                                       color: c, tex_coord: SDL_FPoint(x: Float(v.texture.x), y: Float(v.texture.y))))
        }
        var depth = 0
        if texture != nil && cut {
            var longest: Float = 0
            for i in 1..<(fan.count - 1) { longest = max(longest, length(0, Int32(i)), length(Int32(i), Int32(i + 1))) }
            while longest > Self.longestTexturedEdge { longest /= 2; depth += 1 }
        }
        for i in 1..<(fan.count - 1) { triangle(0, Int32(i), Int32(i + 1), depth: depth) }
        var box = (minX: Float.infinity, minY: Float.infinity, maxX: -Float.infinity, maxY: -Float.infinity)
        for v in vertices {
            box = (min(box.minX, v.position.x), min(box.minY, v.position.y), max(box.maxX, v.position.x), max(box.maxY, v.position.y))
        }
        let mode = texture.map(blend) ?? SDL_BLENDMODE_BLEND.rawValue
        list.add(.geometry(texture: texture, blend: mode, vertices: vertices, indices: indices),
                 bounds: SDL_Rect(around: Double(box.minX), Double(box.minY), Double(box.maxX), Double(box.maxY)), clip: clip)
    }

    private func length(_ i: Int32, _ j: Int32) -> Float {
        let p = vertices[Int(i)].position, q = vertices[Int(j)].position
        return max(abs(p.x - q.x), abs(p.y - q.y))
    }

    private func triangle(_ a: Int32, _ b: Int32, _ c: Int32, depth: Int) {
        guard depth > 0 else {
            indices.append(a); indices.append(b); indices.append(c)
            return
        }
        func mid(_ i: Int32, _ j: Int32) -> Int32 {
            let p = vertices[Int(i)], q = vertices[Int(j)]
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: (p.position.x + q.position.x) / 2, y: (p.position.y + q.position.y) / 2),
                                       color: p.color,
                                       tex_coord: SDL_FPoint(x: (p.tex_coord.x + q.tex_coord.x) / 2, y: (p.tex_coord.y + q.tex_coord.y) / 2)))
            return Int32(vertices.count - 1)
        }
        let ab = mid(a, b), bc = mid(b, c), ca = mid(c, a)
        triangle(a, ab, ca, depth: depth - 1)
        triangle(ab, b, bc, depth: depth - 1)
        triangle(ca, bc, c, depth: depth - 1)
        triangle(ab, bc, ca, depth: depth - 1)
    }
}
