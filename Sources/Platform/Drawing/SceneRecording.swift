import CSDL2
import Foundation
import TripsKit

/// One frame's scene recorded as the renderer's calls in pixels
/// (`DrawList`), back to front, and how each of its photos was shown
/// (`DrawnFrame`). Nothing is drawn yet: `SceneRenderer` makes the calls,
/// all of them or only what changed. Photos are asked of `PhotoTextures`
/// as they are recorded, at the size each is drawn.
struct SceneRecording {
    let photos: PhotoTextures
    let text: TextRenderer
    /// SDL's software renderer: rounded fills as rows of pixels, photos
    /// blitted where a blit serves (`SoftwareBlits`).
    let isSoftware: Bool
    /// Pixels per point.
    let scale: Double
    private(set) var list: DrawList
    /// The photos' counts; the damage is the renderer's to say.
    private(set) var drawn = DrawnFrame()
    /// The scene's clip while recording.
    private(set) var clip: SDL_Rect?
    /// While a photo fades: the alpha its calls are recorded with, blended.
    private(set) var fading: UInt8?

    /// A recording into `list` (emptied; its storage is reused), which
    /// starts with the whole picture cleared to `scene`'s background.
    init(_ scene: Scene, into list: DrawList, whole: SDL_Rect, photos: PhotoTextures, text: TextRenderer, isSoftware: Bool, scale: Double) {
        self.photos = photos
        self.text = text
        self.isSoftware = isSoftware
        self.scale = scale
        self.list = list
        self.list.removeAll()
        self.list.add(.clear(scene.background), bounds: whole, clip: nil)
        record(scene)
    }

    /// Adds a call touching `bounds`, inside the scene's clip.
    mutating func add(_ operation: DrawList.Item.Operation, bounds: SDL_Rect) {
        list.add(operation, bounds: bounds, clip: clip)
    }

    /// How a texture's calls blend: its own mode (an opaque photo's copies,
    /// `CachedTexture`), or blended while it fades.
    func blend(_ texture: OpaquePointer) -> UInt32 {
        if fading != nil { return SDL_BLENDMODE_BLEND.rawValue }
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetTextureBlendMode(texture, &mode)
        return mode.rawValue
    }

    private mutating func record(_ scene: Scene) {
        for command in scene.commands {
            switch command {
            case let .fill(rect, color, radius):
                fill(rect, cornerRadius: radius, color: color)
            case let .photo(number, frame, source, radius, placeholder, opacity):
                photo(number, frame: frame, source: source, cornerRadius: radius, placeholder: placeholder, opacity: opacity)
            case let .polygon(points, color):
                guard let first = points.first else { break }
                let centre = points.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.x / CGFloat(points.count), y: $0.y + $1.y / CGFloat(points.count)) }
                let outline = (points + [first]).map { PhotoGeometry.Vertex(position: $0, texture: .zero) }
                fan([PhotoGeometry.Vertex(position: centre, texture: .zero)] + outline, color: color, texture: nil)
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

    /// A photo: its best texture at the size it is drawn, its detail tiles
    /// when zoomed past its pixels, or its placeholder until it is decoded.
    private mutating func photo(_ number: Int, frame: CGRect, source: CGRect, cornerRadius radius: CGFloat, placeholder: Scene.Placeholder,
                                opacity: Double) {
        // The size the whole picture has on screen: the frame over the part shown.
        let covering = (width: frame.width * scale / max(source.width, 1e-6), height: frame.height * scale / max(source.height, 1e-6))
        let photo = photos.texture(number, covering: covering) // asked for even when not drawn yet
        guard opacity > 0 else { return }
        guard let photo else {
            drawn.placeholders += 1
            fill(frame, cornerRadius: radius, color: placeholder.color)
            let size = placeholder.textSize, detailSize = (size * 0.75).rounded()
            let top = placeholder.detail == nil ? frame.midY - size * 0.6 : frame.midY - size * 1.2
            line(placeholder.label, x: frame.minX * scale, y: top * scale, maxWidth: frame.width * scale,
                 pixelSize: Int((size * scale).rounded()), bold: true, color: placeholder.textColor, alignment: .center)
            if let detail = placeholder.detail {
                line(detail, x: frame.minX * scale, y: (top + size * 1.5) * scale, maxWidth: frame.width * scale,
                     pixelSize: Int((detailSize * scale).rounded()), bold: false, color: placeholder.textColor, alignment: .center)
            }
            return
        }
        if photo.isPreview { drawn.previews += 1 } else { drawn.photos += 1 }
        let alpha = UInt8((min(opacity, 1) * 255).rounded())
        // The frame's outline as a fan: for a fade, a zoom's tiles, or where a blit cannot serve.
        var shape: [PhotoGeometry.Vertex] { PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: radius, source: source) }
        if alpha < 255 {
            // Fading: the blits take the texture's alpha (a full-window cross-fade as textured
            // triangles took most of a core, Benchmarks/attract.sh), a fan its vertices'.
            fading = alpha
            defer { fading = nil }
            if !blit((photo.texture, photo.width, photo.height), frame: frame, source: source, cornerRadius: radius) {
                fan(shape, color: RGBA(255, 255, 255, alpha), texture: photo.texture)
            }
            return
        }
        // Zoomed past the picture's own pixels: finer tiles over it, inside its corners.
        let detail = photos.detail(number, covering: covering.width, source: source, decodedWidth: photo.width)
        if !detail.coversView && !blit((photo.texture, photo.width, photo.height), frame: frame, source: source,
                                        cornerRadius: radius, deeper: detail.awaited) {
            fan(shape, color: RGBA(255, 255, 255), texture: photo.texture)
        }
        for tile in detail.tiles {
            draw(tile, shape: shape, frame: frame, source: source, cornerRadius: radius)
        }
    }

    /// Records a line of text (`TextRenderer.line`).
    private mutating func line(_ string: String, x: Double, y: Double, maxWidth: Double, pixelSize: Int, bold: Bool, color: RGBA,
                               alignment: Scene.TextAlignment) {
        guard let line = text.line(string, x: x, y: y, maxWidth: maxWidth, pixelSize: pixelSize, bold: bold, color: color,
                                   alignment: alignment) else { return }
        let to = SDL_FRect(x: Float(line.rect.x), y: Float(line.rect.y), w: Float(line.rect.w), h: Float(line.rect.h))
        add(.copy(texture: line.texture, from: nil, to: to, alpha: 255, blend: blend(line.texture)), bounds: to.around)
    }

    /// A rounded rectangle of `color`: with SDL's software renderer as the
    /// rows of pixels it covers (`PhotoGeometry.roundedRectRows`), which it
    /// fills several times faster than a fan's triangles (Benchmarks/session.sh,
    /// X11 software: the Overview's caption band, button and marked row
    /// took 1.6 ms of each frame as fans).
    private mutating func fill(_ rect: CGRect, cornerRadius: CGFloat, color: RGBA) {
        guard isSoftware else {
            fan(PhotoGeometry.roundedRectFan(frame: rect, cornerRadius: cornerRadius, source: .init(x: 0, y: 0, width: 1, height: 1)),
                color: color, texture: nil)
            return
        }
        let pixels = CGRect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let rows = PhotoGeometry.roundedRectRows(frame: pixels, cornerRadius: cornerRadius * scale).map {
            SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height))
        }
        guard !rows.isEmpty else { return }
        add(.fill(rows, color), bounds: SDL_Rect(around: pixels.minX, pixels.minY, pixels.maxX, pixels.maxY))
    }

    /// A fan of `color`, textured or not; `cut`: a textured fan's large
    /// triangles are cut smaller (`FanGeometry.longestTexturedEdge`).
    mutating func fan(_ fan: [PhotoGeometry.Vertex], color: RGBA, texture: OpaquePointer?, cut: Bool = true) {
        guard let geometry = FanGeometry(fan, scale: scale, color: color, cut: texture != nil && cut) else { return }
        let mode = texture.map(blend) ?? SDL_BLENDMODE_BLEND.rawValue
        add(.geometry(texture: texture, blend: mode, vertices: geometry.vertices, indices: geometry.indices), bounds: geometry.bounds)
    }
}
