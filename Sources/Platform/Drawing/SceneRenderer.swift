import CSDL2
import Foundation
import TripsKit

/// Turns a `Scene` (points) into SDL calls (pixels). Rounded photos and
/// tiles are triangle fans drawn with SDL_RenderGeometry. The calls are
/// recorded first (`SceneRecording`); with SDL's software renderer, whose
/// picture stays from frame to frame, only what changed since the last
/// frame is redrawn (`ShownPicture`).
public final class SceneRenderer {
    private let renderer: OpaquePointer
    private let photos: PhotoTextures
    private let text: TextRenderer
    /// The window's picture as last drawn; and the list the next frame is
    /// recorded into (the one before's, its storage reused).
    private var shown = ShownPicture()
    private var spare = DrawList()

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

    /// Makes the next frame draw everything: what is on screen is not what was drawn (a window exposed or resized).
    public func invalidate() { shown.invalidate() }

    /// Draws `scene` at `scale` pixels per point into the back buffer (all
    /// of it when `everything`, else what changed, where the picture stays)
    /// and returns what it drew: its photos' counts, and what changed, in
    /// pixels, for the present. The scene says what its photos are decoded
    /// for (its window and strip photo sizes); what it draws this frame is
    /// what the textures keep asking for.
    @discardableResult
    public func draw(_ scene: Scene, scale: Double, everything: Bool = false) -> DrawnFrame {
        photos.thumbnailTarget = Self.pixels(scene.thumbnailSize, scale)
        photos.fullTarget = Self.pixels(scene.photoSize, scale)
        photos.moving = scene.moving
        photos.windowTarget = Self.pixels(scene.size, scale)
        photos.beginFrame()
        for photo in scene.decodeAhead { photos.decodeAhead(photo, for: Self.pixels(scene.size, scale)) }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let whole = SDL_Rect(x: 0, y: 0, w: w, h: h)
        let recording = SceneRecording(scene, into: spare, whole: whole, photos: photos, text: text, isSoftware: isSoftware, scale: scale)
        var drawn = recording.drawn
        spare = recording.list
        let damage = shown.show(&spare, whole: whole, destroyed: photos.texturesDestroyed + text.texturesDestroyed,
                                everything: everything, keepsPicture: isSoftware)
        guard let damage, !damage.isWhole else {
            execute(shown.list.items, inside: nil)
            return drawn
        }
        for rect in damage.rects { execute(shown.list.items, inside: rect) }
        drawn.damage = damage.rects
        return drawn
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
                    // Nor under the side strips of a rounded photo's blits: SDL
                    // fills a strip a few pixels wide with a non-temporal store
                    // a row, which took a sixth of a playing clip's drawing.
                    let open = Self.opaqueCopies(in: items, inside: damage).reduce([damage]) { parts, covered in
                        parts.flatMap { $0.subtracting(covered) }
                    }
                    fill(open, c, blended: false)
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

    /// The parts of `damage` that opaque copies, drawn whole pixel to
    /// whole pixel and unblended, cover (the largest first, `opaqueCopiesKept`
    /// at most): every pixel of them is written by a copy, whatever is drawn
    /// there before. A scaled copy counts only where no scene clip cuts it
    /// (the damage never does: `DrawList`), since SDL rounds the edges of a
    /// clipped stretch apart.
    private static func opaqueCopies(in items: [DrawList.Item], inside damage: SDL_Rect) -> [SDL_Rect] {
        var found: [SDL_Rect] = []
        for item in items {
            guard case let .copy(_, _, to, alpha, blend) = item.operation, alpha == 255, blend == SDL_BLENDMODE_NONE.rawValue,
                  let target = to.wholePixels else { continue }
            if !item.drawsExactlyInParts, let clip = item.clip, !clip.holds(target) { continue }
            var covered = target.intersection(damage)
            if let clip = item.clip { covered = covered.intersection(clip) }
            if !covered.isEmpty { found.append(covered) }
        }
        return Array(found.sorted { $0.area > $1.area }.prefix(opaqueCopiesKept))
    }

    /// Enough for a photo's middle and its two side strips, and a few more.
    private static let opaqueCopiesKept = 6

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
}
