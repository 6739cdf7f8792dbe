import CSDL2
import Decoding
import Foundation
import PhotoFile
import PhotoLoading

/// Detail on demand for the zoomed big photo: where the window-sized
/// picture is coarser than the screen, the visible part is decoded again
/// at a finer level in tiles (`DetailTiles`) on the decode workers, the
/// tile nearest the view's centre first, and drawn over the picture as
/// each arrives (so nothing goes blank or jumps). Tiles count against the
/// textures' memory budget and leave when their photo is no longer drawn
/// zoomed (closed, or back at 1x). A photo whose tiles cannot be decoded
/// (not a JPEG, a tile failed) keeps its window-sized picture; that is
/// logged once.
final class PhotoTiles {
    private typealias Key = PhotoLoader.Job

    private typealias Entry = CachedTexture

    /// A tile to draw: its texture and the part of the picture it covers (0...1).
    struct Drawn {
        var texture: OpaquePointer
        var width: Int
        var height: Int
        var bounds: CGRect
    }

    /// The tiles to draw over a photo, coarse first, and whether those of
    /// the level the screen needs cover the whole view (then the picture
    /// underneath need not be drawn: a software renderer pays for every layer).
    struct Detail {
        var tiles: [Drawn] = []
        var coversView = false
    }

    private let renderer: OpaquePointer
    private let loader: PhotoLoader
    private let log: (String) -> Void
    private let maximumTextureSide: Int
    private let entries = TextureCache<Key>()
    /// Photos whose tiles cannot be had, by path.
    private var unavailable: Set<String> = []
    private var frame = 0
    private var drawnPhotos: Set<Int> = []
    private var drawnBefore: Set<Int> = []
    /// What this frame asked the loader for (the loader keeps only what a frame asks).
    private(set) var wanted: Set<PhotoLoader.Job> = []
    var bytesInUse: Int { entries.bytesInUse }
    /// When the tiles of the view being shown were first asked for, and how
    /// long the last of them took to arrive (for the log line).
    private var viewAskedAt: ContinuousClock.Instant?
    private var viewTiles: Set<Key> = []
    private(set) var lastViewSeconds: Double?
    private(set) var tilesDecoded = 0

    init(renderer: OpaquePointer, loader: PhotoLoader, log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.loader = loader
        self.log = log
        var info = SDL_RendererInfo()
        let known = SDL_GetRendererInfo(renderer, &info) == 0 && info.max_texture_width > 0 && info.max_texture_height > 0
        maximumTextureSide = known ? Int(min(info.max_texture_width, info.max_texture_height)) : 4096
    }

    deinit { forgetAll() }

    /// Starts a frame: the tiles of photos the last frame did not draw zoomed go.
    func beginFrame() {
        frame += 1
        wanted.removeAll(keepingCapacity: true)
        let gone = drawnBefore.subtracting(drawnPhotos)
        drawnBefore = drawnPhotos
        drawnPhotos.removeAll(keepingCapacity: true)
        if !gone.isEmpty { entries.drop { gone.contains($0.photo) } }
    }

    /// The tiles to draw over photo number `photo` (its file `path`, `full` its
    /// upright size) shown `covering` pixels wide over its `source` part,
    /// coarse levels first; asks for the missing ones of the level the
    /// screen needs. None when the picture under it (`decodedWidth`) is fine enough.
    func tiles(_ photo: Int, path: String, full: (width: Int, height: Int), decodedWidth: Int, covering: Double, source: CGRect) -> Detail {
        guard !unavailable.contains(path), DetailTiles.side <= maximumTextureSide,
              DetailTiles.needed(decodedWidth: decodedWidth, fullWidth: full.width, covering: covering) else { return Detail() }
        drawnPhotos.insert(photo)
        let visible = (x: Double(source.minX), y: Double(source.minY), width: Double(source.width), height: Double(source.height))
        let level = DetailTiles.level(full: full, covering: covering)
        let needed = DetailTiles.wanted(full: full, level: level, visible: visible).map { Key(photo: photo, use: .tile($0)) }
        if Set(needed) != viewTiles {
            viewTiles = Set(needed)
            viewAskedAt = needed.allSatisfy { entries[$0] != nil } ? nil : .now
        }
        // Farthest first: the loader takes the newest, the one nearest the centre.
        for key in needed.reversed() where entries[key] == nil {
            guard case .tile(let tile) = key.use else { continue }
            let r = tile.region(full: full)
            wanted.insert(key)
            loader.request(key, path: path, target: (r.width, r.height),
                           region: DecodeRegion(level: tile.level, x: r.x, y: r.y, width: r.width, height: r.height))
        }
        var drawn: [(level: Int, tile: Drawn)] = []
        for (key, entry) in entries.entries where key.photo == photo {
            guard case .tile(let tile) = key.use, tile.level >= level || needed.contains(key) else { continue }
            let b = tile.bounds(full: full)
            let bounds = CGRect(x: b.x, y: b.y, width: b.width, height: b.height)
            guard bounds.intersects(source) else { continue }
            _ = entries.use(key, in: frame)
            drawn.append((tile.level, Drawn(texture: entry.texture, width: entry.width, height: entry.height, bounds: bounds)))
        }
        let complete = !needed.isEmpty && needed.allSatisfy { entries[$0] != nil }
        // Complete: the needed level alone; coarser tiles under it would be hidden anyway.
        let shown = complete ? drawn.filter { $0.level == level } : drawn.sorted { $0.level > $1.level }
        return Detail(tiles: shown.map(\.tile), coversView: complete)
    }

    /// Takes a finished tile decode; false when the job is not a tile.
    func accept(_ finished: PhotoLoader.Finished, path: String) -> Bool {
        guard case .tile = finished.job.use else { return false }
        switch finished.result {
        case .failure(let failure):
            if unavailable.insert(path).inserted { log("trips: photo \(path): no detail when zoomed (\(failure)); the window-sized picture stays") }
        case .success(let decoded):
            guard let entry = Entry(renderer: renderer, pixels: decoded.pixels, lastUsed: frame) else { return true }
            entries.store(entry, as: finished.job)
            tilesDecoded += 1
            if let asked = viewAskedAt, viewTiles.allSatisfy({ entries[$0] != nil }) {
                let took = asked.duration(to: .now)
                lastViewSeconds = Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
                viewAskedAt = nil
            }
        }
        return true
    }

    /// Drops the least recently drawn tiles until they fit in `bytes`;
    /// what the current frame draws stays.
    func evict(toFit bytes: Int) { entries.evict(toFit: bytes, frame: frame) }

    /// Lets every tile go (the photo list changed: indices mean other photos).
    func forgetAll() {
        entries.drop { _ in true }
        drawnBefore.removeAll()
        drawnPhotos.removeAll()
    }
}
