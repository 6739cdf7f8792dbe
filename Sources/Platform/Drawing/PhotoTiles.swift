import CSDL2
import Decoding
import Foundation
import PhotoFile
import PhotoLoading

/// Detail on demand for the zoomed big photo: where the window-sized
/// picture is coarser than the screen, the visible part is decoded again
/// at a finer level in tiles (`DetailTiles`) on the decode workers, the
/// tile nearest the view's centre first, and drawn over the picture as
/// each arrives (so nothing goes blank or jumps), uploaded a band of rows
/// a frame (`DetailTiles.bandRows`, one texture each: a new texture's
/// memory is what costs, and a whole tile's took a frame's 3-5 ms) and
/// shown when all its bands are there. Tiles count against the
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

    /// What is kept as a texture: a band of a tile's rows.
    private struct Band: Hashable {
        var tile: Key
        var index: Int
    }

    /// A decoded tile whose bands are not all uploaded yet: the next to upload.
    private struct Upload {
        var tile: Key
        var pixels: SharedPixels
        var next = 0
    }

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
    private let entries = TextureCache<Band>()
    /// Decoded tiles on their way to the screen, oldest first (`uploadBands`).
    private var uploads: [Upload] = []
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
    var bytesInUse: Int { entries.bytesInUse + wholeBytes + uploads.reduce(0) { $0 + $1.pixels.pitch * $1.pixels.height } }
    /// Whether decoded tiles still wait for bands to be uploaded.
    var isUploading: Bool { !uploads.isEmpty }
    /// Tile textures destroyed so far (`TextureCache.destroyed`).
    var texturesDestroyed: Int { entries.destroyed }
    private var wholeBytes: Int { wholes.values.reduce(0) { $0 + $1.pitch * $1.height } }
    /// When the tiles of the view being shown were first asked for, and how
    /// long the last of them took to arrive (for the log line).
    private var viewAskedAt: ContinuousClock.Instant?
    private var viewTiles: Set<Key> = []
    /// The upright size of the photo whose view that is.
    private var viewFull = (width: 0, height: 0)
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
            entries.drop { gone.contains($0.tile.photo) }
            dropUploads { gone.contains($0.photo) }
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
            viewFull = full
            viewAskedAt = needed.allSatisfy { isComplete($0, full: full) } ? nil : .now
            // Uploads go to the view's tiles only: a moving view (the attract
            // loop's pan and zoom) leaves tiles behind faster than they upload.
            dropUploads { $0.photo == photo && !viewTiles.contains($0) }
        }
        if cutFromWhole.contains(path) || !PhotoLoader.mayHavePreview(path) { // not a JPEG, by its name
            cutFromWhole.insert(path)
            guard cut(needed, of: photo, path: path, full: full) else { return Detail() }
        } else {
            // Farthest first: the loader takes the newest, the one nearest the centre.
            for key in needed.reversed() where !isComplete(key, full: full) && !uploads.contains(where: { $0.tile == key }) {
                guard case .tile(let tile) = key.use else { continue }
                let r = tile.region(full: full)
                wanted.insert(key)
                loader.request(key, path: path, target: (r.width, r.height),
                               region: DecodeRegion(level: tile.level, x: r.x, y: r.y, width: r.width, height: r.height))
            }
        }
        // A tile shows once all its bands are there: each new call over
        // the zoomed picture redraws all of it (a scaled copy cannot be
        // redrawn in parts, `DrawList`), so once a tile, not once a band.
        var drawn: [(order: [Int], tile: Drawn)] = []
        for (band, entry) in entries.entries where band.tile.photo == photo {
            guard case .tile(let tile) = band.tile.use, tile.level >= level || needed.contains(band.tile) else { continue }
            let b = tile.bounds(full: full, band: band.index)
            let bounds = CGRect(x: b.x, y: b.y, width: b.width, height: b.height)
            guard bounds.intersects(source) else { continue }
            _ = entries.use(band, in: frame)
            guard isComplete(band.tile, full: full) else { continue }
            drawn.append(([-tile.level, tile.row, tile.column, band.index],
                          Drawn(texture: entry.texture, width: entry.width, height: entry.height, bounds: bounds)))
        }
        let complete = !needed.isEmpty && needed.allSatisfy { isComplete($0, full: full) }
        // Coarse first, and always in the same order: another order would
        // be another frame to the damage tracking. Complete: the needed
        // level alone; coarser tiles under it would be hidden anyway.
        let shown = drawn.sorted { $0.order.lexicographicallyPrecedes($1.order) }.filter { !complete || $0.order[0] == -level }
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
        for key in needed where !isComplete(key, full: full) {
            guard case .tile(let tile) = key.use else { continue }
            let s = tile.sourceRegion(full: full), r = tile.region(full: full)
            guard s.width > 0, s.height > 0, r.width > 0, r.height > 0 else { continue }
            // All its bands at once, as they are cut.
            let uploaded: Bool
            if tile.level == 1 { // the whole picture's own pixels, uploaded in place
                uploaded = upload(key, rgba: whole.base + s.y * whole.pitch + s.x * 4, width: r.width, height: r.height, pitch: whole.pitch)
            } else {
                uploaded = shrunk(whole, part: s, to: (r.width, r.height)) { self.upload(key, rgba: $0, width: r.width, height: r.height, pitch: $1) }
            }
            guard uploaded else { continue }
            tilesDecoded += 1
            noteIfViewComplete()
        }
        return true
    }

    /// Uploads every band of tile `key` from its picture at `rgba`
    /// (`height` rows `pitch` bytes apart); false when the renderer cannot.
    private func upload(_ key: Key, rgba: UnsafeRawPointer, width: Int, height: Int, pitch: Int) -> Bool {
        (0..<DetailTiles.bandCount(height: height)).allSatisfy { upload(key, band: $0, rgba: rgba, width: width, height: height, pitch: pitch) > 0 }
    }

    /// Uploads band `band` of tile `key` from its picture at `rgba`; the
    /// bytes uploaded, 0 when the renderer cannot.
    private func upload(_ key: Key, band: Int, rgba: UnsafeRawPointer, width: Int, height: Int, pitch: Int) -> Int {
        let rows = DetailTiles.rows(ofBand: band, height: height)
        guard !rows.isEmpty, let entry = Entry(renderer: renderer, rgba: rgba + rows.lowerBound * pitch, width: width, height: rows.count,
                                               pitch: pitch, opaqueFormat: opaqueFormat, lastUsed: frame) else { return 0 }
        entries.store(entry, as: Band(tile: key, index: band))
        return entry.bytes
    }

    /// Uploads bands of the decoded tiles waiting, oldest first, until
    /// `budget` bytes are spent (a band at least, when one waits); the bytes spent.
    func uploadBands(budget: Int) -> Int {
        var spent = 0
        while spent < budget, var next = uploads.first {
            let pixels = next.pixels
            let bytes = upload(next.tile, band: next.next, rgba: pixels.base, width: pixels.width, height: pixels.height, pitch: pixels.pitch)
            spent += bytes
            next.next += 1
            if bytes == 0 || next.next >= DetailTiles.bandCount(height: pixels.height) {
                uploads.removeFirst()
                noteIfViewComplete()
            } else {
                uploads[0] = next
            }
        }
        return spent
    }

    /// Lets go of the uploads of the tiles `matches` picks, and of the bands
    /// they uploaded so far (a tile is drawn only whole).
    private func dropUploads(_ matches: (Key) -> Bool) {
        let dropped = Set(uploads.map(\.tile).filter(matches))
        guard !dropped.isEmpty else { return }
        uploads.removeAll { dropped.contains($0.tile) }
        entries.drop { dropped.contains($0.tile) }
    }

    /// Whether every band of tile `key` of a photo of `full` pixels is a texture.
    private func isComplete(_ key: Key, full: (width: Int, height: Int)) -> Bool {
        guard case .tile(let tile) = key.use else { return false }
        let count = tile.bandCount(full: full)
        return count > 0 && (0..<count).allSatisfy { entries[Band(tile: key, index: $0)] != nil }
    }

    /// The `part` of `whole` shrunk (linear filtering) to `size`, handed to
    /// `take` (its pixels and pitch) while it lasts; what `take` says, false when it cannot be made.
    private func shrunk(_ whole: SharedPixels, part: (x: Int, y: Int, width: Int, height: Int), to size: (width: Int, height: Int),
                        take: (UnsafeRawPointer, Int) -> Bool) -> Bool {
        guard let source = whole.surface(),
              let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return false }
        defer { SDL_FreeSurface(source); SDL_FreeSurface(out) }
        var from = SDL_Rect(x: Int32(part.x), y: Int32(part.y), w: Int32(part.width), h: Int32(part.height))
        var to = SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))
        guard SDL_SoftStretchLinear(source, &from, out, &to) == 0, let pixels = out.pointee.pixels else { return false }
        return take(pixels, Int(out.pointee.pitch))
    }

    /// Notes how long the view's tiles took, once the last of them is there.
    private func noteIfViewComplete() {
        guard let asked = viewAskedAt, viewTiles.allSatisfy({ isComplete($0, full: viewFull) }) else { return }
        func seconds(since start: ContinuousClock.Instant) -> Double {
            let took = start.duration(to: .now)
            return Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
        }
        lastViewSeconds = seconds(since: asked)
        viewAskedAt = nil
        if let started = zoomStartedAt { lastZoomSeconds = seconds(since: started) }
        zoomStartedAt = nil
    }

    /// Takes a finished tile or whole decode (a decoded tile then waits for
    /// `uploadBands`); false when the job is neither.
    func accept(_ finished: PhotoLoader.Finished, path: String) -> Bool {
        switch (finished.job.use, finished.result) {
        case (.tile, .failure) where !cutFromWhole.contains(path):
            cutFromWhole.insert(path) // its tiles come from the whole picture, then
            dropUploads { $0.photo == finished.job.photo }
            entries.drop { $0.tile.photo == finished.job.photo }
        case (.tile, .failure(let failure)), (.whole, .failure(let failure)):
            if unavailable.insert(path).inserted { log("trips: photo \(path): no detail when zoomed (\(failure)); the window-sized picture stays") }
        case (.tile, .success(let decoded)):
            tilesDecoded += 1
            // Uploaded a band a frame from here (`uploadBands`), if the view still needs it.
            dropUploads { $0 == finished.job }
            guard viewTiles.contains(finished.job) else { return true }
            uploads.append(Upload(tile: finished.job, pixels: decoded.pixels))
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
        uploads.removeAll()
        wholes.removeAll()
        drawnBefore.removeAll()
        drawnPhotos.removeAll()
    }
}
