import Decoding
import Foundation
import PhotoFile

/// Decodes photos off the main thread so that neither the first frame nor
/// scrolling waits for them. The main thread asks for (photo, use, target);
/// each loader thread drives one sandboxed decode worker process
/// (`DecoderProcess`), previews first (a camera JPEG's embedded thumbnail
/// takes well under a millisecond), then newest requests first (what is on
/// screen now), and
/// hands back pixels in shared memory; `wake`, called from a loader
/// thread after each decode, wakes a sleeping frame loop. A decoder that crashes or hangs costs its photo and
/// its process, never the app. Every method may be called from any
/// thread (its queues are guarded by one condition lock): the app asks for
/// a library's first photos from the thread that lists it.
public final class PhotoLoader: @unchecked Sendable {
    /// A photo at one of its uses (the key the textures are cached by too).
    public struct Job: Hashable, Sendable {
        public var photo: Int
        public var use: DecodePlan.Use
        public init(photo: Int, use: DecodePlan.Use) {
            self.photo = photo
            self.use = use
        }
    }

    public struct Finished {
        public var job: Job
        public var result: Result<DecoderProcess.Decoded, DecodeFailure>
    }

    /// The properties panel's fields of the photo at `path`, read by a worker.
    public struct FinishedProperties {
        public var path: String
        public var result: Result<PhotoProperties, DecodeFailure>
    }

    private struct Pending {
        var job: Job
        var path: String
        var target: (width: Int, height: Int)
        var region: DecodeRegion?
    }

    /// Called on a loader thread when something is ready to be taken.
    private let wake: @Sendable () -> Void
    private let condition = NSCondition()
    private var pending: [Pending] = []
    private var running: Set<Job> = []
    private var finished: [Finished] = []
    /// Properties asked for (paths), being read, and read: served before
    /// any decode, as the panel waits on them and they take a moment.
    private var propertiesPending: [String] = []
    private var propertiesRunning: Set<String> = []
    private var propertiesFinished: [FinishedProperties] = []
    /// Photos asked for on a guess before the trips are known (`guess`),
    /// by path: the (negative) number their jobs carry until `prefetch`
    /// names the real one.
    private var guessed: [String: Int] = [:]
    /// Guessed numbers `prefetch` named: the real number of each.
    private var named: [Int: Int] = [:]
    private var stopping = false
    /// Bumped by `forgetAll`: a decode under way from before it is dropped.
    private var generation = 0
    private var workers: [Thread] = []
    private var processes: [DecoderProcess] = []
    private var alive = 0
    private let deadlines: DecoderProcess.Deadlines
    /// What a moving picture's stream starts its own worker from (`frames`).
    private let zygote: DecoderZygote?
    private let executable: String
    /// Clockwise quarter turns Trips keeps for photos, by path (`keepTurns`),
    /// applied to every decode of them; guarded by `condition`.
    private var keptTurns: [String: Int] = [:]
    /// The desktop's shared thumbnail cache, read before and written after
    /// a strip thumbnail's decode; nil: not used.
    public let sharedThumbnails: SharedThumbnailCache?

    /// - Parameters:
    ///   - workers: decoding threads, each with its worker process (one per
    ///     core, at most 4, by default). The processes start now, while the
    ///     app opens its window.
    ///   - deadlines: how long a decode may take before its worker is stopped.
    ///   - zygote: forks the worker processes without exec, when there is one.
    ///   - executable: the trips binary whose decode mode a worker runs
    ///     without a zygote (tests name the built one).
    ///   - wake: called on a loader thread after each decode (the frame
    ///     loop's wake-up; nothing for a caller that polls).
    ///   - sharedThumbnails: the desktop's thumbnail cache to read and write strip thumbnails in.
    public init(workers: Int = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)),
         deadlines: DecoderProcess.Deadlines = .standard, zygote: DecoderZygote? = nil, executable: String = "/proc/self/exe",
         sharedThumbnails: SharedThumbnailCache? = nil, wake: @escaping @Sendable () -> Void = {}) {
        self.wake = wake
        self.sharedThumbnails = sharedThumbnails
        self.deadlines = deadlines
        self.zygote = zygote
        self.executable = executable
        for i in 0..<max(1, workers) {
            let process = DecoderProcess(executable: executable, zygote: zygote)
            processes.append(process)
            // The worker is started by its own thread: its parent-death
            // signal follows that thread, which lives as long as the loader.
            let thread = Thread { [weak self] in
                process.start()
                self?.work(with: process)
            }
            thread.name = "trips-decode-\(i)"
            thread.qualityOfService = .userInitiated
            self.workers.append(thread)
        }
        for thread in self.workers { thread.start() }
    }


    deinit { stop() }

    /// Ends the workers at once, whatever they are decoding (SIGTERM must
    /// end the app within a second), and drops what nobody took.
    public func stop() {
        condition.lock()
        stopping = true
        pending.removeAll()
        propertiesPending.removeAll()
        condition.broadcast()
        condition.unlock()
        for process in processes { process.terminate() }
        condition.lock()
        while alive > 0 { condition.wait() }
        finished.removeAll()
        condition.unlock()
    }

    /// The frames of the moving picture at `path`, covering `target`,
    /// decoded ahead on a worker of their own (`FrameStream`), which wakes
    /// the frame loop as the loader does. `range`: the picture is those
    /// bytes of the file (a Motion Photo's clip); `once`: it plays once
    /// whatever its length (a Live Photo's clip).
    public func frames(of path: String, range: (offset: Int, length: Int)? = nil, once: Bool = false, target: (width: Int, height: Int),
                       budgetBytes: Int) -> FrameStream {
        FrameStream(path: path, range: range, once: once, target: target, budgetBytes: budgetBytes, deadline: deadlines.full,
                    process: DecoderProcess(executable: executable, zygote: zygote), wake: wake)
    }

    /// The sound of the clip at `path` (`range`: those bytes of the file),
    /// from `start` seconds, decoded ahead on a worker of its own (`ClipSound`).
    public func sound(of path: String, range: (offset: Int, length: Int)? = nil, from start: Double) -> ClipSound {
        ClipSound(path: path, range: range, from: start, deadline: deadlines.full, process: DecoderProcess(executable: executable, zygote: zygote))
    }

    /// Starts decoding the first of `photos` (numbers in `photoPaths`, in
    /// the order the first frame draws them), one a worker,
    /// as thumbnails of `thumbnailTarget` pixels (JPEGs' previews first),
    /// before there is a window:
    /// the app calls it while SDL sets up its video, so the first photo is
    /// on screen sooner. The rest wait for the first frame, which asks for
    /// what it really shows (its window may have another size) and never
    /// waits for a decode.
    /// Returns the paths asked for (what `guess` may ask for next time).
    @discardableResult
    public func prefetch(_ photos: [Int], photoPaths: [String], thumbnailTarget: (width: Int, height: Int)) -> [String] {
        let first = photos.filter { photoPaths.indices.contains($0) }.prefix(processes.count)
        condition.lock()
        for number in first { adopt(photoPaths[number], as: number) }
        condition.unlock()
        // Newest first: the leftmost photo is asked for last.
        for number in first.reversed() {
            request(Job(photo: number, use: .thumbnail), path: photoPaths[number], target: thumbnailTarget)
        }
        // Their previews go before any of them, so one can be in the very first frame.
        for number in first.reversed() where Self.mayHavePreview(photoPaths[number]) {
            request(Job(photo: number, use: .preview), path: photoPaths[number], target: thumbnailTarget)
        }
        return first.map { photoPaths[$0] }
    }

    /// Starts decoding `paths` (what the first frame asked for last time,
    /// `FirstPhotosGuess`) before the trips are known. `prefetch` then takes
    /// over those it really wants, done, under way or queued; the rest are
    /// dropped unseen.
    public func guess(_ paths: [String], thumbnailTarget: (width: Int, height: Int)) {
        condition.lock()
        defer { condition.unlock() }
        for path in paths.prefix(processes.count).reversed() where guessed[path] == nil {
            let number = -(guessed.count + named.count + 1)
            guessed[path] = number
            pending.append(Pending(job: Job(photo: number, use: .thumbnail), path: path, target: thumbnailTarget))
            if Self.mayHavePreview(path) {
                pending.append(Pending(job: Job(photo: number, use: .preview), path: path, target: thumbnailTarget))
            }
        }
        condition.broadcast()
    }

    /// Gives a guessed photo its number in the trips (the lock is held).
    private func adopt(_ path: String, as number: Int) {
        guard let guess = guessed.removeValue(forKey: path) else { return }
        named[guess] = number
        for i in pending.indices where pending[i].job.photo == guess { pending[i].job.photo = number }
        for i in finished.indices where finished[i].job.photo == guess { finished[i].job.photo = number }
        for job in running where job.photo == guess {
            running.remove(job)
            running.insert(Job(photo: number, use: job.use))
        }
    }

    /// Whether a photo may carry an embedded EXIF thumbnail: a JPEG by its
    /// name (the main thread reads no file to ask; a JPEG without one, or
    /// misnamed, costs one quick refusal in a worker).
    public static func mayHavePreview(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") || name.hasSuffix(".jpe")
    }

    /// Asks for a decode (of `region` only, for a detail tile), unless it
    /// is queued or under way. Newest first.
    public func request(_ job: Job, path: String, target: (width: Int, height: Int), region: DecodeRegion? = nil) {
        condition.lock()
        defer { condition.unlock() }
        // Under way, or done and not yet taken: asking again would decode twice.
        guard !running.contains(job), !finished.contains(where: { $0.job == job }) else { return }
        if let i = pending.firstIndex(where: { $0.job == job }) { pending.remove(at: i) }
        pending.append(Pending(job: job, path: path, target: target, region: region))
        condition.signal()
    }

    /// Asks for the properties panel's fields of the photo at `path`, unless
    /// they are queued, under way or read and not yet taken.
    public func requestProperties(path: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !propertiesPending.contains(path), !propertiesRunning.contains(path), !propertiesFinished.contains(where: { $0.path == path }) else { return }
        propertiesPending.append(path)
        condition.signal()
    }

    /// The properties read since the last call.
    public func takeProperties() -> [FinishedProperties] {
        condition.lock()
        defer { condition.unlock() }
        let out = propertiesFinished
        propertiesFinished.removeAll()
        return out
    }

    /// The photo at `path` whole and upright at its own size, decoded on a
    /// worker process of its own, started for it and ended after, on the
    /// calling thread (it blocks): Ctrl+C's copy neither waits behind the
    /// screen's decodes nor holds them up.
    public func decodeAlone(_ path: String) -> Result<DecoderProcess.Decoded, DecodeFailure> {
        let process = DecoderProcess(executable: executable, zygote: zygote)
        defer { process.terminate() }
        return KeptTurnPixels.turned(process.decode(path: path, target: (1 << 15, 1 << 15), deadline: deadlines.full), quarters: keptTurn(of: path))
    }

    /// The turns Trips keeps for photos their files cannot hold without
    /// loss (TripsKit's `KeptTurns.table`): every later decode of them,
    /// a copy's too, is turned (`KeptTurnPixels`).
    public func keepTurns(_ turns: [String: Int]) {
        condition.lock()
        keptTurns = turns.filter { $0.value % 4 != 0 }
        condition.unlock()
    }

    /// One photo's kept turn changed (0: none).
    public func keepTurn(_ path: String, quarters: Int) {
        condition.lock()
        keptTurns[path] = quarters % 4 == 0 ? nil : quarters
        condition.unlock()
    }

    private func keptTurn(of path: String) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return keptTurns[path] ?? 0
    }

    /// Forgets queued requests that are no longer wanted (scrolled away).
    public func keepOnly(_ wanted: Set<Job>) {
        condition.lock()
        pending.removeAll { !wanted.contains($0.job) }
        condition.unlock()
    }

    /// Drops everything queued, finished or under way (the photo list
    /// changed, so the jobs' indices mean other photos now) without waiting
    /// for a decode under way, which may take until its deadline.
    public func forgetAll() {
        condition.lock()
        pending.removeAll()
        finished.removeAll()
        guessed.removeAll()
        generation += 1
        condition.unlock()
    }

    /// What is ready, for the main thread to turn into textures.
    public func takeFinished() -> [Finished] {
        condition.lock()
        defer { condition.unlock() }
        let out = finished.filter { $0.job.photo >= 0 } // a guess nobody took is dropped
        finished.removeAll(keepingCapacity: true)
        return out
    }

    /// Blocks until nothing is queued or under way (screenshots, replays).
    public func waitUntilIdle() {
        condition.lock()
        while !(pending.isEmpty && running.isEmpty && propertiesPending.isEmpty && propertiesRunning.isEmpty) && !stopping { condition.wait() }
        condition.unlock()
    }

    public var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !pending.isEmpty || !running.isEmpty || !propertiesPending.isEmpty || !propertiesRunning.isEmpty
    }

    /// A strip thumbnail: the shared cache's when it has a valid one (its
    /// PNG decoded on the worker instead of the photo); else the photo's,
    /// written back to the cache (or its failure noted there).
    private func thumbnail(_ path: String, target: (width: Int, height: Int), deadline: Double,
                           process: DecoderProcess) -> Result<DecoderProcess.Decoded, DecodeFailure> {
        guard let cache = sharedThumbnails else { return process.decode(path: path, target: target, deadline: deadline) }
        let lookup = cache.lookup(path, target: target)
        var source: SharedThumbnail.Source, size: SharedThumbnail.Size
        switch lookup {
        case .unused:
            return process.decode(path: path, target: target, deadline: deadline)
        case .failedBefore:
            return .failure(.refused("it failed before, as it is now (the shared thumbnail cache's failure entry); not tried again"))
        case .cached(let png, let s, let z, let image):
            if case .success(var decoded) = process.decode(path: png, target: target, deadline: deadline) {
                if let image { (decoded.fullWidth, decoded.fullHeight) = image }
                cache.noteFound()
                return .success(decoded)
            }
            (source, size) = (s, z) // corrupt pixels: decoded from the photo and replaced
        case .missing(let s, let z):
            (source, size) = (s, z)
        }
        let result = process.decode(path: path, target: target, deadline: deadline, thumbnailSide: size.rawValue)
        switch result {
        case .success(let decoded):
            if let png = decoded.thumbnailPNG { cache.store(png, of: source, size: size, image: (decoded.fullWidth, decoded.fullHeight)) }
        case .failure(.refused), .failure(.decode):
            cache.storeFailure(of: source)
        case .failure(.contained):
            break // a hang or a crash may be the machine's: tried again next start
        }
        return result
    }

    private func work(with process: DecoderProcess) {
        condition.lock()
        alive += 1
        condition.unlock()
        while true {
            condition.lock()
            while pending.isEmpty && propertiesPending.isEmpty && !stopping { condition.wait() }
            if stopping {
                alive -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            if !propertiesPending.isEmpty {
                let path = propertiesPending.removeFirst()
                propertiesRunning.insert(path)
                condition.unlock()
                let result = process.readProperties(path: path, deadline: deadlines.thumbnail)
                condition.lock()
                propertiesRunning.remove(path)
                propertiesFinished.append(FinishedProperties(path: path, result: result))
                condition.broadcast()
                condition.unlock()
                wake()
                continue
            }
            // A preview first, wherever it is queued: it is done in a moment
            // and shows something at once; else the newest request.
            let next = pending.remove(at: pending.lastIndex { $0.job.use == .preview } ?? pending.count - 1)
            let asked = generation
            running.insert(next.job)
            condition.unlock()

            let deadline = next.job.use == .thumbnail || next.job.use == .preview ? deadlines.thumbnail : deadlines.full
            let turn = keptTurn(of: next.path)
            let result: Result<DecoderProcess.Decoded, DecodeFailure>
            if turn != 0 {
                // A photo Trips keeps turned: its tiles are cut from the whole
                // picture (turned), and the shared thumbnail cache is left out.
                result = next.region != nil ? .failure(.decode("turned by Trips: its tiles come from the whole picture"))
                    : KeptTurnPixels.turned(process.decode(path: next.path, target: next.target, deadline: deadline,
                                                           preview: next.job.use == .preview), quarters: turn)
            } else {
                result = next.job.use == .thumbnail
                    ? thumbnail(next.path, target: next.target, deadline: deadline, process: process)
                    : process.decode(path: next.path, target: next.target, deadline: deadline, preview: next.job.use == .preview, region: next.region)
            }

            condition.lock()
            // A guess may have been given its number meanwhile.
            let job = named[next.job.photo].map { Job(photo: $0, use: next.job.use) } ?? next.job
            running.remove(job)
            if asked == generation { finished.append(Finished(job: job, result: result)) }
            condition.broadcast()
            condition.unlock()
            wake()
        }
    }
}
