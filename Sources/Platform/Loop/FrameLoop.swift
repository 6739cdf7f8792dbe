import CSDL2
import Foundation
import TripsKit

/// The game-style loop: pump events into the model's one door (`AppDriver`),
/// let the app's time pass (its animator steps at a fixed rate with
/// Fiedler's accumulator, clamped against the spiral of death), render once
/// per frame with the interpolation fraction, present. When nothing moves it
/// sleeps in SDL_WaitEventTimeout until the next event or the model's next
/// deadline (a gesture's, the idle timeout), so an idle window costs next to
/// no CPU. A replay runs in its window too (`WindowReplay`).
public final class FrameLoop {
    let display: Display
    let scene: SceneRenderer
    private let text: TextRenderer
    let photos: PhotoTextures
    let translator = EventTranslator()
    /// The properties panel's fields, read by the workers; nil: the panel
    /// shows file names only.
    var properties: PropertiesFeed?
    /// Asked once per turn of the live loop whether something outside the
    /// app changed what it shows (the watched folder); true redraws.
    private let externalChanges: (() -> Bool)?
    /// Screen readers' view of the app (AT-SPI), live runs only; nil: none.
    private let accessibility: AccessibilityLink?
    /// Runs once, after the first frame is presented: start-up work that
    /// must not delay it (naming trips by their places).
    private var afterFirstFrame: (() -> Void)?
    /// The longest sleep while idle, in milliseconds: everything that can
    /// happen meanwhile wakes the loop with an event of its own (a decode,
    /// the library's watch, the bus, the touchpad), so this is only a net.
    private let idleWaitMilliseconds = 60_000.0
    /// Whether a frame uploads what was decoded, or leaves it to a quieter
    /// one; nil (upload at once) but on the software renderer.
    private var uploadPacing: UploadPacing?
    /// What the last frame's drawing and present cost, in CPU seconds.
    var lastDrawSeconds = 0.0
    /// What the last frame drew (its photos' counts).
    var drawn = DrawnFrame()
    /// Told once whether the compositor's touchpad gestures were bound
    /// (`TRIPS_VERBOSE`); nil says nothing.
    private let verboseLog: ((String) -> Void)?
    /// systemd's notify socket, under a kiosk unit (`ServiceNotifier`); nil: none.
    private let service: ServiceNotifier?
    /// SIGUSR1 and SIGUSR2, handed to the model as `.power` (live runs only).
    private let signals: PowerSignals?

    /// What a run did, for logs and benchmarks.
    public struct Report {
        public var frames = 0
        public var firstFrameSeconds: Double?
        /// Photos shown as placeholders in the first frame (on Wayland it waits
        /// a moment for them, `FirstFrameHold`; elsewhere not at all).
        public var firstFramePlaceholders = 0
        /// From the start to the end of the first present that showed a
        /// decoded photo (not a placeholder, nor a preview): what a person waits for.
        public var firstPhotoSeconds: Double?
        /// The same for the first present that showed a photo's blurred-up
        /// EXIF thumbnail (`DecodePlan.Use.preview`), if one came first.
        public var firstPreviewSeconds: Double?
        /// The first present with every photo on screen decoded (no
        /// placeholder, no preview), and its frame's number from 1: how soon
        /// a strip is sharp (the shared thumbnail cache's second start).
        public var allPhotosSeconds: Double?
        public var allPhotosFrame: Int?
        /// Process CPU time spent on each frame (drawing and presenting), in seconds.
        public var frameTimes: [Double] = []
        /// From taking an input event off SDL's queue to the end of the
        /// present that first shows its effect, in seconds (replay in a window).
        public var inputLatencies: [Double] = []
    }

    /// `accessibility`, `externalChanges`, `afterFirstFrame` and `service`
    /// are for a live run (a replay has none of them).
    public init(display: Display, photos: PhotoTextures, text: TextRenderer, accessibility: AccessibilityLink? = nil,
                externalChanges: (() -> Bool)? = nil, afterFirstFrame: (() -> Void)? = nil, verboseLog: ((String) -> Void)? = nil,
                service: ServiceNotifier? = nil, signals: PowerSignals? = nil) {
        self.signals = signals
        self.accessibility = accessibility
        self.externalChanges = externalChanges
        self.afterFirstFrame = afterFirstFrame
        // Before the first texture: the loop's textures reuse freed memory.
        if display.isSoftware {
            TextureMemory.keepFreedMemory()
            uploadPacing = UploadPacing()
        }
        warmed = !display.isSoftware
        self.display = display
        self.verboseLog = verboseLog
        self.service = service
        self.photos = photos
        self.text = text
        self.scene = SceneRenderer(renderer: display.renderer, photos: photos, text: text, opaqueFormat: display.opaqueTextureFormat)
    }

    /// Whether a window event may leave the window's picture other than
    /// drawn: not focus, the pointer's coming and going, or a move (on
    /// weston the activation right after the first frame redrew all of it).
    static func mayLosePicture(_ event: UInt8) -> Bool {
        let keeps: [SDL_WindowEventID] = [SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_TAKE_FOCUS,
                                          SDL_WINDOWEVENT_ENTER, SDL_WINDOWEVENT_LEAVE, SDL_WINDOWEVENT_MOVED, SDL_WINDOWEVENT_CLOSE]
        return !keeps.contains { UInt8($0.rawValue) == event }
    }

    /// Seconds on SDL's clock, the one its events are stamped with.
    static func now() -> Double { Double(SDL_GetTicks64()) / 1000 }
    /// Seconds on SDL's precise clock (it needs no SDL_Init): what the
    /// start-up figures are measured on.
    public static func clock() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }
    /// CPU time of the whole process (a GL driver's threads included), so a
    /// present that sleeps for vsync does not count as work.
    static func cpu() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private var lastScale = 0.0
    private var chrome = WindowChrome()

    /// The last frames' CPU times, at most `recentFrameCount`: the remote
    /// state's frame-time p99.
    private var recentFrameTimes: [Double] = []
    private let recentFrameCount = 240
    /// The last present: how many frames so far, and when it ended (`clock()`).
    public private(set) var lastPresent = (frame: 0, at: 0.0)

    /// The p99 of the last frames' CPU times, in ms; nil before a frame.
    public var frameP99Milliseconds: Double? {
        guard !recentFrameTimes.isEmpty else { return nil }
        let sorted = recentFrameTimes.sorted()
        return (sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))] * 10_000).rounded() / 10
    }

    private func noteFrame(_ seconds: Double, number: Int) {
        if recentFrameTimes.count == recentFrameCount { recentFrameTimes.removeFirst() }
        recentFrameTimes.append(seconds)
        lastPresent = (number, Self.clock())
    }

    /// The app drawn whole (every photo it asks for decoded) as a JPEG, for
    /// a remote `screenshot`; the next frame draws the window again.
    public func screenJPEG(_ app: AppModel) throws -> [UInt8] {
        drawComplete(app, scale: display.scale)
        defer { scene.invalidate() }
        return try Screenshot.jpeg(renderer: display.renderer)
    }

    /// After the frame that first drew a photo (before, its 12 ms held
    /// that photo back by 30), once, on the software renderer: memory for
    /// the textures to come, faulted in now rather than in their frames.
    func warmTextureMemoryOnce() {
        guard !warmed, drawn.photos > 0 else { return }
        warmed = true
        TextureMemory.warm()
    }
    /// Nothing to warm but SDL's software textures.
    private var warmed: Bool

    /// Turns what was decoded into textures at a frame's start, unless the
    /// last frame was busy (`UploadPacing`). The drawing's CPU clock starts after it.
    func pumpPhotos() -> Double {
        let waiting = drawn.placeholders + drawn.previews
        photos.pump(deferringUploads: uploadPacing?.mayUpload(lastFrameSeconds: lastDrawSeconds, photosWaiting: waiting) == false)
        return Self.cpu()
    }

    /// Draws the app into the back buffer at `scale` pixels per point (all
    /// of it when `everything`); what changed, for `Display.present`.
    @discardableResult
    func draw(_ app: AppModel, scale: Double, everything: Bool = false) -> [SDL_Rect]? {
        chrome.follow(app, window: display.window)
        display.beginFrame()
        if scale != lastScale { lastScale = scale; text.clear() }
        drawn = scene.draw(app.scene(imageSizes: photos.imageSizes), scale: scale, everything: everything)
        return drawn.damage
    }

    /// Draws with every photo the frame asks for decoded: what a screenshot
    /// should show. (A first pass finds what is needed, the second draws it.)
    /// Whole, so a shot never depends on the frames before it.
    func drawComplete(_ app: AppModel, scale: Double) {
        draw(app, scale: scale, everything: true)
        photos.finishPending()
        draw(app, scale: scale, everything: true)
        if photos.isLoading { photos.finishPending(); draw(app, scale: scale, everything: true) }
    }

    /// Tells the model which photos its attract loop waits for are decoded
    /// at the window's size, and which failed (`PhotoReadiness`), so no
    /// slide starts on a placeholder; true when that is news.
    func learnReadiness(_ driver: AppDriver) -> Bool {
        guard driver.app.attract != nil else { return false }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(display.renderer, &w, &h)
        return driver.learn(photos.readiness(of: driver.app.photosAwaited, for: (Int(w), Int(h))))
    }

    private func sizeInPoints() -> CGSize {
        let s = display.sizeInPoints
        return CGSize(width: s.width, height: s.height)
    }

    // MARK: Live

    /// Runs until the app asks to quit, or for `frames` frames when given
    /// (writing the last one to `screenshot` as PNG). Every input goes in
    /// by `driver`, stamped with its time since the start.
    public func run(_ driver: AppDriver, frames: Int? = nil, screenshot: String? = nil, started: Double) throws -> Report {
        let app = driver.app
        var report = Report()
        var event = SDL_Event()
        var needsFrame = true
        let paceInterval = display.hasVSync ? 0 : display.refreshInterval
        let origin = Self.now()
        translator.windowUnitsPerPoint = display.windowUnitsPerPoint
        // The compositor has had its say by now (a kiosk's output size):
        // the recording's header takes this size, not the one asked for.
        let size = sizeInPoints()
        driver.handle(.resized(size), at: 0)
        let hold = FirstFrameHold(holds: display.videoDriver == "wayland" && screenshot == nil, start: Self.clock())
        // Pinch, rotate, hold and the fingers' scroll, where the compositor
        // offers them (SDL 2.26 reports none of them).
        let touchpad = WaylandTouchpad(display: display.connection.waylandDisplay, log: verboseLog)
        translator.wheelFromCompositor = touchpad?.readsTheWheel == true
        touchpad?.windowUnitsPerPoint = display.windowUnitsPerPoint

        /// The bus watcher's event came: the turn's pump, below, follows it
        /// with a publish.
        var busWoke = false
        /// Asleep, one black frame is drawn, then none until it wakes.
        var asleepShown = false
        func dispatch(_ event: SDL_Event) {
            // The frame's own pump takes them, when the pacing lets it.
            if event.type == photos.readyEventType { needsFrame = true; return }
            if let touchpad, event.type == touchpad.wakeEventType { return } // taken after SDL's queue, below
            // Exposed, resized, shown again: the window's picture may be lost.
            if event.type == SDL_WINDOWEVENT.rawValue, Self.mayLosePicture(event.window.event) { scene.invalidate() }
            if let accessibility, event.type == accessibility.wakeEventType { busWoke = true; return } // pumped below
            if let signals, event.type == signals.eventType {
                let now = Self.now() - origin
                driver.advance(to: now)
                driver.handle(.power(signals.request(event)), at: now)
                needsFrame = true
                return
            }
            // When SDL took the input from the system, not when this loop
            // takes it off the queue (perhaps a frame later): a velocity
            // fit needs the moves' own times.
            let stamp = translator.stamp(of: event, origin: origin)
            driver.advance(to: stamp.time)
            let input = translator.translate(event, size: app.size, stamp: stamp)
            // A key goes to the screen reader first; it acts (and is
            // recorded) when the reader has let it pass.
            if accessibility?.offer(event, input: input, at: stamp.time) == true { return }
            if let input { driver.handle(input, at: stamp.time) }
            needsFrame = true
        }

        // A reader's calls are answered while the loop sleeps, not after:
        // Orca asks dozens of questions, one at a time, before its verdict
        // on a key, and each would otherwise wait for the sleep to end.
        func answerReaders() {
            if accessibility?.pump(driver, now: Self.now() - origin) == true { needsFrame = true }
        }
        /// Waits out what is left of a paced frame's interval (a quarter of a
        /// second in the attract loop's slow tail) in steps of at most a 30th:
        /// a touch, a click or a key cuts it short, so ending the loop is as quick as ever.
        func pace(_ seconds: Double) {
            let end = Self.clock() + seconds
            while true {
                let left = end - Self.clock()
                guard left > 0.001 else { return }
                pause(min(left, 1.0 / 30))
                if SDL_PollEvent(&event) != 0 {
                    dispatch(event)
                    return
                }
            }
        }
        /// Sleeps `seconds`, answering readers meanwhile.
        func pause(_ seconds: Double) {
            guard let fd = accessibility?.fileDescriptor else { SDL_Delay(UInt32(seconds * 1000)); return }
            let end = Self.clock() + seconds
            var left = seconds
            while left > 0.001 {
                var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&watch, 1, Int32(left * 1000)) > 0 { answerReaders() }
                left = end - Self.clock()
            }
        }

        while !app.quitRequested {
            service?.loopTurned()
            // A frame's uploads (or failures) may be what a held slide waits for: told before any sleep.
            if learnReadiness(driver) { needsFrame = true }
            if properties?.learn(driver) == true { needsFrame = true }
            let busy = needsFrame || app.isAnimating || frames != nil
            if !busy {
                // A key waiting for the reader's verdict is looked at again within a millisecond.
                var wait = accessibility?.needsPump == true ? 1 : idleWaitMilliseconds
                if let deadline = app.nextDeadline { wait = min(wait, max(1, (deadline - (Self.now() - origin)) * 1000)) }
                // A moving photo's next frame, on the model's clock.
                if let due = photos.nextFrameDue { wait = min(wait, max(1, (due - (Self.now() - origin)) * 1000)) }
                // A kiosk unit's watchdog is pinged from the loop's turns, so it turns in time.
                if let ping = service?.secondsToNextPing { wait = min(wait, max(1, ping * 1000)) }
                // The touchpad's queue wakes it through its watcher's event.
                if SDL_WaitEventTimeout(&event, Int32(wait.rounded(.up))) != 0 {
                    dispatch(event)
                }
            }
            while SDL_PollEvent(&event) != 0 { dispatch(event) }
            // After SDL pumped: the touchpad's queue, on the same road.
            if let touchpad { translator.wheelFromCompositor = touchpad.readsTheWheel } // a pointer may come later
            for (input, time) in touchpad?.take(now: Self.now() - origin) ?? [] {
                // Recorded with the compositor's time, what the fingers did:
                // a loop that fell behind handles it late, but its velocity
                // fit has the real intervals, and so has the replay.
                driver.advance(to: time)
                driver.handle(input, at: time)
                needsFrame = true
            }
            if app.quitRequested { break }
            if externalChanges?() == true { needsFrame = true }
            answerReaders()
            if busWoke {
                // Woken while idle: what settled since the last frame goes out.
                busWoke = false
                accessibility?.publish(app, display: display)
            }
            // SDL turns a dead Wayland connection into SDL_QUIT; should it
            // not, the loop still ends (the caller tells the two apart).
            if display.connection.lostReason() != nil { break }
            if learnReadiness(driver) { needsFrame = true }
            if properties?.learn(driver) == true { needsFrame = true }
            // `M` on a clip its worker found no sound in: the model says so.
            if let silent = photos.takeSilentClip() { driver.clipHasNoSound(photo: silent); needsFrame = true }
            let t = Self.now() - origin
            if driver.advance(to: t) { needsFrame = true }
            if let due = photos.nextFrameDue, t >= due { needsFrame = true }
            if !app.isAsleep { asleepShown = false } else if asleepShown && frames == nil { needsFrame = false; continue }
            guard needsFrame || app.isAnimating || frames != nil else { continue }
            if report.firstFrameSeconds == nil, let wait = hold.wait(now: Self.clock(), photosLoading: photos.isLoading) {
                // A decode's ready event (or any other) ends the wait; the loop looks again.
                if SDL_WaitEventTimeout(&event, Int32(max(1, (wait * 1000).rounded(.up)))) != 0 { dispatch(event) }
                continue
            }

            let frameStart = Self.clock(), cpuStart = Self.cpu()
            // Asleep: nothing decoded is uploaded; the black frame asks for no photo.
            let drawStart = app.isAsleep ? Self.cpu() : pumpPhotos()
            asleepShown = app.isAsleep
            let last = frames.map { report.frames + 1 >= $0 } ?? false
            var damage: [SDL_Rect]?
            if last && screenshot != nil { drawComplete(app, scale: display.scale) } else { damage = draw(app, scale: display.scale) }
            report.frames += 1
            if last, let screenshot { try Screenshot.write(renderer: display.renderer, to: screenshot) }
            let shown = display.present(damage: damage)
            lastDrawSeconds = Self.cpu() - drawStart
            // Counted in the frame's time: what the screen reader bridge costs a frame.
            accessibility?.publish(app, display: display)
            report.frameTimes.append(Self.cpu() - cpuStart)
            noteFrame(Self.cpu() - cpuStart, number: report.frames)
            if report.firstFrameSeconds == nil {
                report.firstFrameSeconds = Self.clock() - started
                report.firstFramePlaceholders = drawn.placeholders
                afterFirstFrame?()
                afterFirstFrame = nil
                service?.ready()
            }
            if report.firstPhotoSeconds == nil && drawn.photos > 0 { report.firstPhotoSeconds = Self.clock() - started }
            if report.firstPreviewSeconds == nil && report.firstPhotoSeconds == nil && drawn.previews > 0 {
                report.firstPreviewSeconds = Self.clock() - started
            }
            if report.allPhotosSeconds == nil && drawn.photos > 0 && drawn.placeholders == 0 && drawn.previews == 0 {
                report.allPhotosSeconds = Self.clock() - started
                report.allPhotosFrame = report.frames
            }
            warmTextureMemoryOnce()
            needsFrame = photos.hasUploadsWaiting
            accessibility?.start(app, display: display)
            if last { break }
            display.waitForNextFrame(other: accessibility?.fileDescriptor.map { (fd: $0, read: answerReaders) })
            // A frame that changed nothing was not shown: no vsync or frame callback paced it.
            let interval = max(shown ? paceInterval : display.refreshInterval, app.minimumFrameInterval ?? 0)
            if interval > 0 {
                let spare = interval - (Self.clock() - frameStart)
                if spare > 0.001 { pace(spare) }
            }
        }
        return report
    }
}
