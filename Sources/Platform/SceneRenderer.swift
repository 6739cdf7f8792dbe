import CSDL2
import Foundation
import TripsKit

/// Turns a `Scene` (points) into SDL calls (pixels). Rounded photos and
/// tiles are triangle fans drawn with SDL_RenderGeometry; the vertex and
/// index buffers are reused from frame to frame.
public final class SceneRenderer {
    private let renderer: OpaquePointer
    private let photos: PhotoTextures
    private let text: TextRenderer
    private let theme: Theme
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []

    public init(renderer: OpaquePointer, photos: PhotoTextures, text: TextRenderer, theme: Theme) {
        self.renderer = renderer
        self.photos = photos
        self.text = text
        self.theme = theme
    }

    /// Photos drawn as placeholder tiles in the last frame (not decoded yet, or broken).
    public private(set) var placeholdersDrawn = 0

    /// Draws `scene` at `scale` pixels per point into the back buffer.
    public func draw(_ scene: Scene, scale: Double) {
        placeholdersDrawn = 0
        let bg = scene.background
        SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, bg.a)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_RenderClear(renderer)
        for command in scene.commands {
            switch command {
            case let .fill(rect, color, radius):
                fan(PhotoGeometry.roundedRectFan(frame: rect, cornerRadius: radius, source: .init(x: 0, y: 0, width: 1, height: 1)),
                    scale: scale, color: color, texture: nil)
            case let .photo(trip, frame, source, radius, label):
                // The size the whole picture has on screen: the frame over the part shown.
                let covering = (width: frame.width * scale / max(source.width, 1e-6), height: frame.height * scale / max(source.height, 1e-6))
                if let photo = photos.texture(trip, covering: covering) {
                    let shape = PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: radius, source: source)
                    // Zoomed past the picture's own pixels: finer tiles over it, inside its corners.
                    let detail = photos.detail(trip, covering: covering.width, source: source, decodedWidth: photo.width)
                    if !detail.coversView { fan(shape, scale: scale, color: RGBA(255, 255, 255), texture: photo.texture) }
                    for tile in detail.tiles {
                        fan(PhotoGeometry.clip(shape, toTexture: tile.bounds), scale: scale, color: RGBA(255, 255, 255), texture: tile.texture)
                    }
                } else {
                    placeholdersDrawn += 1
                    fan(PhotoGeometry.roundedRectFan(frame: frame, cornerRadius: radius, source: .init(x: 0, y: 0, width: 1, height: 1)),
                        scale: scale, color: theme.placeholder, texture: nil)
                    let size = theme.rowTextSize
                    text.draw(label, x: frame.minX * scale, y: (frame.midY - size * 0.6) * scale, maxWidth: frame.width * scale,
                              pixelSize: Int((size * scale).rounded()), bold: true, color: theme.primaryText, alignment: .center)
                }
            case let .polygon(points, color):
                guard let first = points.first else { break }
                let centre = points.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.x / CGFloat(points.count), y: $0.y + $1.y / CGFloat(points.count)) }
                let outline = (points + [first]).map { PhotoGeometry.Vertex(position: $0, texture: .zero) }
                fan([PhotoGeometry.Vertex(position: centre, texture: .zero)] + outline, scale: scale, color: color, texture: nil)
            case .clip(let rect):
                if let rect {
                    var r = SDL_Rect(x: Int32((rect.minX * scale).rounded(.down)), y: Int32((rect.minY * scale).rounded(.down)),
                                     w: Int32((rect.width * scale).rounded(.up)), h: Int32((rect.height * scale).rounded(.up)))
                    SDL_RenderSetClipRect(renderer, &r)
                } else {
                    SDL_RenderSetClipRect(renderer, nil)
                }
            case let .text(string, origin, width, size, weight, color, alignment):
                text.draw(string, x: origin.x * scale, y: origin.y * scale, maxWidth: width * scale,
                          pixelSize: Int((size * scale).rounded()), bold: weight == .bold, color: color, alignment: alignment)
            }
        }
    }

    private func fan(_ fan: [PhotoGeometry.Vertex], scale: Double, color: RGBA, texture: OpaquePointer?) {
        guard fan.count >= 3 else { return }
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        for v in fan {
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(v.position.x * scale), y: Float(v.position.y * scale)),
                                       color: c, tex_coord: SDL_FPoint(x: Float(v.texture.x), y: Float(v.texture.y))))
        }
        for i in 1..<(fan.count - 1) { indices.append(0); indices.append(Int32(i)); indices.append(Int32(i + 1)) }
        SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }
}
