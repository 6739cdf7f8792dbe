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
/// zoomed (closed, or back at 1x). A JPEG's tiles are decoded one by one
/// (libjpeg decodes just the tile's blocks, at the level's DCT scale); any
/// other photo (HEIC, AVIF, PNG, WebP...), whose codec has no such scaled
/// region decoding, is decoded whole at its own size once (`Use.whole`) and
/// its tiles are cut from that picture here, from the worker's shared
/// memory, with no decode per tile: the worker stays stateless (any of them
/// serves any request, a crash costs one request) and the picture is
/// counted in the budget where the tiles are. It goes with the tiles. A
/// JPEG whose tiles fail is tried that way too. A photo too large to hold
/// whole within the budget, or whose whole decode fails, keeps its
/// window-sized picture; that is logged once.
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
        /// Tiles of the level the screen needs are on their way.
        var awaited = false
    }

    private let renderer: OpaquePointer
    /// What opaque tiles are uploaded in (`CachedTexture`).
    private let opaqueFormat: UInt32?
    private let loader: PhotoLoader
    private let log: (String) -> Void
    private let maximumTextureSide: Int
    private let entries = TextureCache<Key>()
    private let budgetBytes: Int
    /// Photos decoded whole to cut their tiles from, by number.
    private var wholes: [Int: SharedPixels] = [:]
    /// Photos (by path) whose tiles are cut from the whole picture: not
    /// JPEGs, or JPEGs whose own tiles failed.
    private var cutFromWhole: Set<String> = []
    /// Photos whose tiles cannot be had, by path.
    private var unavailable: Set<String> = []
    private var frame = 0
    private var drawnPhotos: Set<Int> = []
    private var drawnBefore: Set<Int> = []
    /// What this frame asked the loader for (the loader keeps only what a frame asks).
    private(set) var wanted: Set<PhotoLoader.Job> = []
    var bytesInUse: Int { entries.bytesInUse + wholeBytes }
    /// Tile textures destroyed so far (`TextureCache.destroyed`).
    var texturesDestroyed: Int { entries.destroyed }
    private var wholeBytes: Int { wholes.values.reduce(0) { $0 + $1.pitch * $1.height } }
    /// When the tiles of the view being shown were first asked for, and how
    /// long the last of them took to arrive (for the log line).
    private var viewAskedAt: ContinuousClock.Instant?
    private var viewTiles: Set<Key> = []
    private(set) var lastViewSeconds: Double?
    /// When the photo shown was first drawn zoomed past its picture, and
    /// how long after that its view's tiles were first all there (a whole
    /// decode included): the time a person waits for detail.
    private var zoomStartedAt: ContinuousClock.Instant?
    private(set) var lastZoomSeconds: Double?
    private(set) var tilesDecoded = 0

    init(renderer: OpaquePointer, loader: PhotoLoader, budgetBytes: Int, opaqueFormat: UInt32?, log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.opaqueFormat = opaqueFormat
        self.budgetBytes = budgetBytes
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
        if drawnBefore.isEmpty { zoomStartedAt = nil } // the last frame drew nothing zoomed
        if !gone.isEmpty {
            entries.drop { gone.contains($0.photo) }
            for photo in gone { wholes[photo] = nil }
        }
    }

    /// The tiles to draw over photo number `photo` (its file `path`, `full` its
    /// upright size) shown `covering` pixels wide over its `source` part,
    /// coarse levels first; asks for the missing ones of the level the
    /// screen needs. None when the picture under it (`decodedWidth`) is fine enough.
    func tiles(_ photo: Int, path: String, full: (width: Int, height: Int), decodedWidth: Int, covering: Double, source: CGRect) -> Detail {
        guard !unavailable.contains(path), DetailTiles.side <= maximumTextureSide,
              DetailTiles.needed(decodedWidth: decodedWidth, fullWidth: full.width, covering: covering) else { return Detail() }
        drawnPhotos.insert(photo)
        if !drawnBefore.contains(photo), zoomStartedAt == nil { zoomStartedAt = .now }
        let visible = (x: Double(source.minX), y: Double(source.minY), width: Double(source.width), height: Double(source.height))
        let level = DetailTiles.level(full: full, covering: covering)
        let needed = DetailTiles.wanted(full: full, level: level, visible: visible).map { Key(photo: photo, use: .tile($0)) }
        if Set(needed) != viewTiles {
            viewTiles = Set(needed)
            viewAskedAt = needed.allSatisfy { entries[$0] != nil } ? nil : .now
        }
        if cutFromWhole.contains(path) || !PhotoLoader.mayHavePreview(path) { // not a JPEG, by its name
            cutFromWhole.insert(path)
            guard cut(needed, of: photo, path: path, full: full) else { return Detail() }
        } else {
            // Farthest first: the loader takes the newest, the one nearest the centre.
            for key in needed.reversed() where entries[key] == nil {
                guard case .tile(let tile) = key.use else { continue }
                let r = tile.region(full: full)
                wanted.insert(key)
                loader.request(key, path: path, target: (r.width, r.height),
                               region: DecodeRegion(level: tile.level, x: r.x, y: r.y, width: r.width, height: r.height))
            }
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
        return Detail(tiles: shown.map(\.tile), coversView: complete, awaited: !complete)
    }

    /// Cuts the `needed` tiles of photo number `photo` that are missing from
    /// its whole picture, asking for that first; false when it cannot be
    /// had (too large for the budget: said once).
    private func cut(_ needed: [Key], of photo: Int, path: String, full: (width: Int, height: Int)) -> Bool {
        guard DetailTiles.canHoldWhole(full: full, budgetBytes: budgetBytes) else {
            unavailable.insert(path)
            log("trips: photo \(path): no detail when zoomed: its \(full.width) x \(full.height) pixels (\(full.width * full.height * 4 >> 20) MiB) "
                + "do not fit three quarters of --memory-budget \(budgetBytes >> 20) MiB; the window-sized picture stays")
            return false
        }
        guard let whole = wholes[photo] else {
            let key = Key(photo: photo, use: .whole)
            wanted.insert(key)
            loader.request(key, path: path, target: full)
            return true
        }
        for key in needed where entries[key] == nil {
            guard case .tile(let tile) = key.use else { continue }
            let s = tile.sourceRegion(full: full), r = tile.region(full: full)
            guard s.width > 0, s.height > 0, r.width > 0, r.height > 0 else { continue }
            let entry: Entry?
            if tile.level == 1 { // the whole picture's own pixels, uploaded in place
                entry = Entry(renderer: renderer, rgba: whole.base + s.y * whole.pitch + s.x * 4, width: r.width, height: r.height,
                              pitch: whole.pitch, opaqueFormat: opaqueFormat, lastUsed: frame)
            } else {
                entry = shrunk(whole, part: s, to: (r.width, r.height))
            }
            guard let entry else { continue }
            entries.store(entry, as: key)
            tilesDecoded += 1
            noteIfViewComplete()
        }
        return true
    }

    /// The `part` of `whole` shrunk (linear filtering) to `size`, as a texture.
    private func shrunk(_ whole: SharedPixels, part: (x: Int, y: Int, width: Int, height: Int), to size: (width: Int, height: Int)) -> Entry? {
        guard let source = whole.surface(),
              let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        defer { SDL_FreeSurface(source); SDL_FreeSurface(out) }
        var from = SDL_Rect(x: Int32(part.x), y: Int32(part.y), w: Int32(part.width), h: Int32(part.height))
        var to = SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))
        guard SDL_SoftStretchLinear(source, &from, out, &to) == 0 else { return nil }
        return Entry(renderer: renderer, rgba: out.pointee.pixels, width: size.width, height: size.height, pitch: Int(out.pointee.pitch),
                     opaqueFormat: opaqueFormat, lastUsed: frame)
    }

    /// Notes how long the view's tiles took, once the last of them is there.
    private func noteIfViewComplete() {
        guard let asked = viewAskedAt, viewTiles.allSatisfy({ entries[$0] != nil }) else { return }
        func seconds(since start: ContinuousClock.Instant) -> Double {
            let took = start.duration(to: .now)
            return Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
        }
        lastViewSeconds = seconds(since: asked)
        viewAskedAt = nil
        if let started = zoomStartedAt { lastZoomSeconds = seconds(since: started) }
        zoomStartedAt = nil
    }

    /// Takes a finished tile or whole decode; false when the job is neither.
    func accept(_ finished: PhotoLoader.Finished, path: String) -> Bool {
        switch (finished.job.use, finished.result) {
        case (.tile, .failure) where !cutFromWhole.contains(path):
            cutFromWhole.insert(path) // its tiles come from the whole picture, then
            entries.drop { $0.photo == finished.job.photo }
        case (.tile, .failure(let failure)), (.whole, .failure(let failure)):
            if unavailable.insert(path).inserted { log("trips: photo \(path): no detail when zoomed (\(failure)); the window-sized picture stays") }
        case (.tile, .success(let decoded)):
            guard let entry = Entry(renderer: renderer, pixels: decoded.pixels, opaqueFormat: opaqueFormat, lastUsed: frame) else { return true }
            entries.store(entry, as: finished.job)
            tilesDecoded += 1
            noteIfViewComplete()
        case (.whole, .success(let decoded)):
            // Kept only while the photo is drawn zoomed (the last frame asked for it).
            guard drawnBefore.contains(finished.job.photo) || drawnPhotos.contains(finished.job.photo) else { return true }
            wholes[finished.job.photo] = decoded.pixels
        default:
            return false
        }
        return true
    }

    /// Drops the least recently drawn tiles until they fit in `bytes`;
    /// what the current frame draws stays.
    func evict(toFit bytes: Int) { entries.evict(toFit: bytes - wholeBytes, frame: frame) }

    /// Lets every tile go (the photo list changed: indices mean other photos).
    func forgetAll() {
        entries.drop { _ in true }
        wholes.removeAll()
        drawnBefore.removeAll()
        drawnPhotos.removeAll()
    }
}
