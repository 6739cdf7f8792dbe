import CSDL2
import Decoding
import Foundation
import PhotoFile
import PhotoLoading
import TripsKit

/// The photos (numbered as in the catalog's `allPhotoPaths`) as textures,
/// under a memory budget. Each photo can have a strip thumbnail (decoded no larger than a strip photo) and a full picture
/// (no larger than the window), both decoded off the main thread by
/// `PhotoLoader`; until one is ready a camera JPEG shows its embedded EXIF
/// thumbnail blurred up (`DecodePlan.Use.preview`, dropped once a real one
/// is there), anything else a placeholder tile.
/// Textures least recently drawn are dropped when the budget is exceeded, so
/// a folder of 10,000 photos costs what is on screen, not what is on disk.
/// A photo that cannot be shown (refused, unreadable, or its decoder
/// crashed or hung) is logged once (file and reason) and stays a
/// placeholder; it is not tried again until its size or modification time
/// changes, so a kiosk never loops on a bad file.
public final class PhotoTextures {
    /// A photo at one of its sizes: the loader's job names the same thing.
    typealias Key = PhotoLoader.Job

    typealias Entry = CachedTexture

    let renderer: OpaquePointer
    let opaqueFormat: UInt32?
    var paths: [String]
    let loader: PhotoLoader
    /// The zoomed big photo's detail tiles, decoded by the same workers.
    let tiles: PhotoTiles
    let entries = TextureCache<Key>()
    /// Photos that failed, by path, with the file as it was then.
    var failed: [String: FileIdentity] = [:]
    /// Photos (by path) whose preview could not be made: most files have
    /// no embedded thumbnail, which is normal, so it is neither logged nor
    /// asked for again.
    private var previewless: Set<String> = []
    /// Photos whose worker's note (an unusable colour profile) was logged.
    private var noted: Set<String> = []
    /// Each photo's full upright size once known (the crop's aspect), as
    /// the scene takes them (`AppModel.scene(imageSizes:)`): a value handed
    /// down each frame, so the model never reaches into the textures. The
    /// one store of them, added to one photo at a time (`fullSize`).
    public internal(set) var imageSizes: [Int: CGSize] = [:]

    /// Photo number `photo`'s full upright size in pixels, once known.
    func fullSize(_ photo: Int) -> (width: Int, height: Int)? {
        imageSizes[photo].map { (Int($0.width), Int($0.height)) }
    }
    var frame = 0
    private var wanted: Set<PhotoLoader.Job> = []
    /// By path, the pixel target each full picture was last asked for, and
    /// the one its texture was decoded for (`isShort`).
    private var fullAskedFor: [String: (width: Int, height: Int)] = [:]
    var fullDecodedFor: [String: (width: Int, height: Int)] = [:]
    let log: (String) -> Void
    public let budgetBytes: Int
    /// Pixel sizes to decode for (set by `SceneRenderer` from each frame's scene and scale).
    public var thumbnailTarget = (width: 720, height: 180)
    public var fullTarget = (width: 1280, height: 800)
    /// Whether a moving picture's frames follow the size it is drawn at
    /// (`MovingTexture`); not in a replay, whose shots print the same bytes
    /// every run: when the worker takes a new size up depends on how far
    /// ahead it had decoded.
    public var framesFollowDrawnSize = true
    /// The window's size in pixels: what the budget is measured in.
    public var windowTarget = (width: 1280, height: 800)
    /// Counts for the log and the benchmarks.
    public private(set) var decodedCount = 0
    /// Distinct (photo, size) decodes asked for, and those that failed.
    public var requestedCount: Int { everRequested.count }
    public private(set) var failedCount = 0
    private var everRequested: Set<Key> = []
    public private(set) var turboDecodedCount = 0
    /// Previews made from embedded EXIF thumbnails.
    public private(set) var previewCount = 0

    /// The SDL event type that says decoded photos are waiting: what the
    /// loader's wake-up pushes.
    public let readyEventType: UInt32

    /// Finished decodes taken from the loader and not turned into textures
    /// yet, oldest first: a frame uploads `uploadBudgetBytes` or one
    /// picture, whichever is more, and the rest waits for the next (a
    /// thumbnail's upload is about 1 ms on the software renderer, a detail
    /// tile's 3: two or three at once made a frame of 7 ms in
    /// Benchmarks/session.sh). A detail tile goes a band of rows at a time
    /// (`PhotoTiles.uploadBands`), half a MiB.
    var ready: [PhotoLoader.Finished] = []
    static let uploadBudgetBytes = 512 << 10

    /// - Parameters:
    ///   - loader: one started before the window, already decoding what the
    ///     first frame shows, its wake-up pushing `decodesReady`.
    ///   - opaqueFormat: what opaque pictures are uploaded in
    ///     (`Display.opaqueTextureFormat`); nil keeps them RGBA32.
    public init(renderer: OpaquePointer, photoPaths: [String], budgetBytes: Int = 256 << 20, opaqueFormat: UInt32? = nil,
                loader: PhotoLoader, decodesReady: RegisteredEvent, log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.opaqueFormat = opaqueFormat
        self.paths = photoPaths
        self.budgetBytes = max(16 << 20, budgetBytes)
        self.log = log
        self.loader = loader
        readyEventType = decodesReady.type
        tiles = PhotoTiles(renderer: renderer, loader: self.loader, budgetBytes: self.budgetBytes, opaqueFormat: opaqueFormat, log: log)
    }

    deinit {
        loader.stop()
        tiles.forgetAll()
    }

    /// The photo that may move this frame, and for how long it has been on
    /// screen (`Scene.moving`, set by `SceneRenderer` each frame).
    public var moving: Scene.MovingPhoto? {
        // Each time it comes back it plays from its start (a Live Photo held again, though no frame was drawn between).
        didSet { if moving?.photo != playing?.photo || moving?.live != playing?.live || moving?.since != playingSince { stopPlaying() }; followSound() }
    }
    /// The speakers for a clip's sound (`M`).
    lazy var audio = ClipAudio(log: log)
    /// The moving picture playing in the big photo, while it is on screen.
    var playing: MovingTexture?
    /// When what plays came on screen (`Scene.MovingPhoto.since`).
    var playingSince: Double?
    /// Photos (by path) that turned out still or whose frames failed: the
    /// photo path shows them (a failure was logged once, with its reason).
    var unmoving: Set<String> = []
    /// Bytes the frames decoded ahead may take.
    var framesBudget: Int { min(64 << 20, budgetBytes / 4) }

    /// Starts a frame: requests not repeated in it are dropped from the queue.
    public func beginFrame() {
        frame += 1
        loader.keepOnly(wanted.union(tiles.wanted))
        wanted.removeAll(keepingCapacity: true)
        tiles.beginFrame()
    }

    /// The best texture to draw photo number `photo` at `pixels` (the size the whole
    /// picture would have on screen), asking for a better one if needed;
    /// `isPreview` when it is only the blurred-up EXIF thumbnail.
    public func texture(_ photo: Int, covering pixels: (width: Double, height: Double))
        -> (texture: OpaquePointer, width: Int, height: Int, isPreview: Bool)? {
        if let frame = movingFrame(photo, waiting: waitsForFrames, covering: pixels) { return (frame.texture, frame.width, frame.height, false) }
        guard paths.indices.contains(photo), failed[paths[photo]] == nil else { return nil }
        // A thumbnail covers the strip photo; anything shown much larger (the
        // big photo, a zoom) needs the full picture.
        let thumb = fullSize(photo).map { DecodePlan.coverSize(image: $0, target: thumbnailTarget) } ?? thumbnailTarget
        let needsFull = pixels.width > Double(thumb.width) * 1.25 || pixels.height > Double(thumb.height) * 1.25
        let use: DecodePlan.Use = needsFull ? .full : .thumbnail
        let key = Key(photo: photo, use: use)
        let stale = entries[key].map { use == .full ? isOtherSize($0, photo: photo) : isTooSmall($0, photo: photo, for: thumb) }
        // None yet, or one for another size; unless its decode waits for its upload.
        if stale != false, !ready.contains(where: { $0.job == key }) { ask(key) }
        // Draw what is there meanwhile: the other size beats the preview,
        // which beats a placeholder.
        let preview = Key(photo: photo, use: .preview)
        for candidate in [key, Key(photo: photo, use: needsFull ? .thumbnail : .full), preview] {
            if let entry = entries.use(candidate, in: frame) {
                return (entry.texture, entry.width, entry.height, candidate == preview)
            }
        }
        // Nothing at all yet: the loader serves the preview before the real decode.
        if PhotoLoader.mayHavePreview(paths[photo]), !previewless.contains(paths[photo]) {
            wanted.insert(preview)
            loader.request(preview, path: paths[photo], target: use == .full ? fullTarget : thumbnailTarget)
        }
        return nil
    }

    func ask(_ key: Key, target: (width: Int, height: Int)? = nil) {
        everRequested.insert(key)
        wanted.insert(key)
        let target = target ?? (key.use == .full ? fullTarget : thumbnailTarget)
        if key.use == .full { fullAskedFor[paths[key.photo]] = target }
        loader.request(key, path: paths[key.photo], target: target)
    }

    /// The numbers of the photos in `failed`, kept with it.
    var failedNumbers: Set<Int> = []

    /// Detail tiles to draw over photo number `photo` where it is shown `covering`
    /// pixels wide (its `source` part visible) and its window-sized picture
    /// is coarser than that (`PhotoTiles`). That picture is the measure, not
    /// the one drawn (`decodedWidth` pixels wide): a strip thumbnail shown a
    /// little larger (as `texture` allows) while the big photo opens needs
    /// no tiles, and asking for them put tile uploads of 2-3 ms in the
    /// opening's frames (Benchmarks/session.sh, software on X11).
    func detail(_ photo: Int, covering: Double, source: CGRect, decodedWidth: Int) -> PhotoTiles.Detail {
        guard paths.indices.contains(photo), let picture = entries[Key(photo: photo, use: .full)], let full = fullSize(photo) else { return .init() }
        return tiles.tiles(photo, path: paths[photo], full: full, decodedWidth: max(decodedWidth, picture.width), covering: covering, source: source)
    }

    /// Turns finished decodes into textures, a frame's worth (`ready`);
    /// true when something new can be drawn. What is left waits for the
    /// next frame (`hasUploadsWaiting`).
    /// `deferringUploads`: none this frame (`UploadPacing`), only what
    /// finished is taken.
    @discardableResult
    public func pump(deferringUploads: Bool = false) -> Bool { pump(uploading: deferringUploads ? 0 : Self.uploadBudgetBytes) }

    @discardableResult
    private func pump(uploading budget: Int) -> Bool {
        var changed = false
        // Tiles and whole pictures are taken at once (their uploads are
        // paced by PhotoTiles, and one no longer needed is let go at once:
        // held, the attract loop's moving zoom left hundreds of MiB of them).
        // The rest one at a time, each let go (its shared pixels unmapped)
        // and the budget kept before the next.
        var queue: [PhotoLoader.Finished] = []
        for finished in ready + loader.takeFinished() {
            if tiles.accept(finished, path: paths[finished.job.photo]) { changed = true } else { queue.append(finished) }
        }
        queue.reverse()
        ready.removeAll()
        defer { ready = queue.reversed() }
        var uploaded = tiles.uploadBands(budget: budget)
        if uploaded > 0 { changed = true }
        if changed { evict() }
        while uploaded < budget, let finished = queue.popLast() {
            defer { if changed { evict() } }
            let photo = finished.job.photo
            if case .success(let decoded) = finished.result { uploaded += decoded.pixels.pitch * decoded.pixels.height }
            if finished.job.use == .preview {
                changed = accept(preview: finished) || changed
                continue
            }
            everRequested.insert(finished.job) // asked for before the window, perhaps (`PhotoLoader.prefetch`)
            switch finished.result {
            case .failure(let failure):
                failedCount += 1
                entries.drop(Key(photo: photo, use: .preview)) // a failed photo is a placeholder
                if markFailed(photo) {
                    log("trips: photo \(paths[photo]): \(failure); showing a placeholder")
                    changed = true
                }
            case .success(let decoded):
                decodedCount += 1
                if decoded.usedTurboJPEG { turboDecodedCount += 1 }
                imageSizes[photo] = CGSize(width: decoded.fullWidth, height: decoded.fullHeight)
                if let note = decoded.note, noted.insert(paths[photo]).inserted { log("trips: photo \(paths[photo]): \(note)") }
                evict(making: decoded.pixels.pitch * decoded.pixels.height, for: finished.job.use)
                guard store(decoded.pixels, as: finished.job) else {
                    log("trips: photo \(paths[photo]): no texture: \(String(cString: SDL_GetError())); showing a placeholder")
                    markFailed(photo)
                    continue
                }
                entries.drop(Key(photo: photo, use: .preview)) // the sharp picture replaces it
                if finished.job.use == .full { fullDecodedFor[paths[photo]] = fullAskedFor[paths[photo]] }
                changed = true
            }
        }
        return changed
    }

    /// Takes a finished preview: a texture while the photo has nothing
    /// better, else nothing. A failure (no thumbnail, a damaged one) is
    /// remembered quietly: the photo's own decode says what is wrong, if anything.
    private func accept(preview finished: PhotoLoader.Finished) -> Bool {
        let photo = finished.job.photo, path = paths[photo]
        guard case .success(let decoded) = finished.result else {
            previewless.insert(path)
            return false
        }
        guard failed[path] == nil, entries[Key(photo: photo, use: .thumbnail)] == nil, entries[Key(photo: photo, use: .full)] == nil else {
            return false
        }
        if imageSizes[photo] == nil { imageSizes[photo] = CGSize(width: decoded.fullWidth, height: decoded.fullHeight) }
        guard store(decoded.pixels, as: finished.job) else { return false }
        previewCount += 1
        return true
    }

    /// `pixels` as the texture of `key` (replacing the one there), counted in
    /// the budget; false when the renderer cannot make it.
    private func store(_ pixels: SharedPixels, as key: Key) -> Bool {
        guard let entry = Entry(renderer: renderer, pixels: pixels, opaqueFormat: opaqueFormat, lastUsed: frame) else { return false }
        entries.store(entry, as: key)
        return true
    }

    /// What the photos' textures (strip pictures and full pictures; the
    /// zoomed photo's detail tiles keep the whole budget) may hold: the
    /// budget, but on a large window no more than four and a half
    /// window-sized pictures (three 4:3 slides cover-decoded for a 16:9
    /// window, and room for the rest), at least 128 MiB. At 3840 x 2160 the 256 MiB budget held old slides of 44 MiB
    /// each and the Overview's strip pictures of 22 MiB, none drawn by the
    /// attract loop (the process's RSS: 346 MiB, docs/PRESENTING.md).
    private var heldBytes: Int { min(budgetBytes, max(128 << 20, 9 * windowTarget.width * windowTarget.height * 2)) }
    /// What full pictures may hold of that: four window-sized pictures (the
    /// slide shown, the next, and the one decoded ahead), at least 64 MiB.
    private var fullPictureBytes: Int { min(heldBytes, max(64 << 20, 4 * windowTarget.width * windowTarget.height * 4)) }

    /// Drops the least recently drawn textures until under budget (full
    /// pictures under theirs), with room for `incoming` bytes more (a
    /// picture about to be uploaded: made room for first, so the old and
    /// the new are not held at once); what the current frame draws is never dropped.
    private func evict(making incoming: Int = 0, for use: DecodePlan.Use? = nil) {
        entries.evict(toFit: fullPictureBytes - (use == .full ? incoming : 0), frame: frame) { $0.use == .full }
        entries.evict(toFit: min(heldBytes, budgetBytes - tiles.bytesInUse) - incoming, frame: frame)
        tiles.evict(toFit: budgetBytes - entries.bytesInUse)
    }

    /// Waits for every requested decode and makes its texture (before a
    /// screenshot, so it shows the photos rather than placeholders).
    public func finishPending() {
        loader.waitUntilIdle()
        pump(uploading: .max)
        waitingFrame = frame + 1
    }

    /// The frame after a `finishPending` (a screenshot's second pass)
    /// waits for the moving photo's frame due then.
    private var waitingFrame = -1
    private var waitsForFrames: Bool { waitingFrame == frame }

    /// Follows a new list of photos (the watched folder changed): what is
    /// decoded for a path that stays is kept under its new index, the rest
    /// is let go.
    public func update(photoPaths newPaths: [String]) {
        stopPlaying()
        let newIndex = Dictionary(newPaths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        loader.forgetAll()
        ready.removeAll() // numbered as before
        tiles.forgetAll()
        entries.rekey { key in newIndex[paths[key.photo]].map { Key(photo: $0, use: key.use) } }
        failed = failed.filter { newIndex[$0.key] != nil }
        failedNumbers = Set(failed.keys.compactMap { newIndex[$0] })
        previewless = previewless.filter { newIndex[$0] != nil }
        imageSizes = Dictionary(imageSizes.compactMap { old, size in newIndex[paths[old]].map { ($0, size) } }, uniquingKeysWith: { a, _ in a })
        everRequested = Set(everRequested.compactMap { key in newIndex[paths[key.photo]].map { Key(photo: $0, use: key.use) } })
        paths = newPaths
    }

    /// Lets go of all that was decoded of the photo at `path` (its file was
    /// turned), so it is decoded again, upright as it is now.
    public func forget(path: String) {
        guard let photo = paths.firstIndex(of: path) else { return }
        loader.forgetAll()
        ready.removeAll { $0.job.photo == photo }
        tiles.forgetAll()
        entries.drop { $0.photo == photo }
        failed[path] = nil
        previewless.remove(path)
        imageSizes[photo] = nil
        (fullAskedFor[path], fullDecodedFor[path]) = (nil, nil)
        everRequested = everRequested.filter { $0.photo != photo }
    }

    /// Forgets the failures of files whose size or modification time
    /// changed since (a photo copied over a bad one), so they are tried
    /// again; true when any was forgotten.
    @discardableResult
    public func forgetFailuresOfChangedFiles() -> Bool {
        let before = failed.count
        failed = failed.filter { FileIdentity(path: $0.key) == $0.value }
        guard failed.count != before else { return false }
        failedNumbers = Set(paths.indices.filter { failed[paths[$0]] != nil })
        return true
    }

    /// Remembers that photo number `photo` failed, as its file is now; true the first time.
    @discardableResult
    private func markFailed(_ photo: Int) -> Bool {
        guard failed[paths[photo]] == nil else { return false }
        failed[paths[photo]] = FileIdentity(path: paths[photo])
        failedNumbers.insert(photo)
        return true
    }

    /// Bytes the photo and tile textures take now.
    var bytesInUse: Int { entries.bytesInUse + tiles.bytesInUse }

    /// Photo and tile textures destroyed so far: a drawn frame that showed
    /// one must not be taken as still on screen (`DrawList`).
    public var texturesDestroyed: Int { entries.destroyed + tiles.texturesDestroyed }

    /// Whether finished decodes wait for a frame to upload them: the loop
    /// draws another (waking it with `decodesReady` would cut the attract
    /// loop's paced waits short, each deferred frame one more).
    public var hasUploadsWaiting: Bool { !ready.isEmpty || tiles.isUploading }

    /// True while decodes are queued, under way, or waiting for their upload.
    public var isLoading: Bool { loader.isBusy || hasUploadsWaiting }
}
