import CSDL2
import Foundation
import TripsKit

/// The software renderer's shortcuts: it blits rectangles far faster than
/// it fills textured triangles pixel by pixel, so a photo, or a zoomed
/// photo's detail tile, is recorded as blits wherever a blit draws the
/// same, and as fans only in its rounded corners or where it cannot.
extension SceneRecording {
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
    mutating func blit(_ photo: (texture: OpaquePointer, width: Int, height: Int), frame: CGRect, source: CGRect,
                       cornerRadius: CGFloat, deeper: Bool = false) -> Bool {
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
            add(.copy(texture: photo.texture, from: from, to: to, alpha: fading ?? 255, blend: blend(photo.texture)), bounds: to.around)
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
            fan(corner, color: RGBA(255, 255, 255, fading ?? 255), texture: photo.texture)
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
    mutating func draw(_ tile: PhotoTiles.Drawn, shape: [PhotoGeometry.Vertex], frame: CGRect, source: CGRect, cornerRadius r: CGFloat) {
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
            return self.blit((tile.texture, tile.width, tile.height), frame: piece, source: inTile, cornerRadius: 0)
        }
        guard inCorner else {
            if !blit(shown) { fan(PhotoGeometry.clip(shape, toTexture: tile.bounds), color: RGBA(255, 255, 255), texture: tile.texture, cut: false) }
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
            fan(PhotoGeometry.clip(shape, toTexture: tile.bounds), color: RGBA(255, 255, 255), texture: tile.texture, cut: false)
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
            fan(PhotoGeometry.clip(shape, toTexture: inPicture(piece), countedIn: tile.bounds), color: RGBA(255, 255, 255),
                texture: tile.texture, cut: false)
        }
    }
}
