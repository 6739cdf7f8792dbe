import Foundation
import PhotoLoading
import TripsKit

/// One run of the app on a display: opens it, makes the app (or takes the
/// one made early), its textures and its frame loop, follows a live photo
/// library, runs the live loop or the replay, and says how it ended.
public struct Session {
    /// The window asked for, and a replay's pixel scale.
    public var plan: WindowPlan
    /// What SDL reads (SDL_VIDEODRIVER is offscreen for a headless replay).
    public var environment: [String: String]
    public var options: LaunchOptions
    public var script: ReplayScript?
    public var fonts: FontLocator.Choice?
    public var strings: Strings
    public var orderStore: OrderStore?
    public var loader: PhotoLoader
    public var decodesReady: RegisteredEvent
    /// Wakes the loop when the live library changes (`LibraryWatch`, `LibraryLoader`).
    public var libraryChanged: RegisteredEvent
    /// Names a live library's trips by their places once the first frame
    /// is up, and the properties panel's photo's place.
    public var places: PlaceIndexing?
    public var version: String
    /// The moment the process started, on the loop's clock.
    public var started: Double
    public var verbose: Bool
    public var log: @Sendable (String) -> Void
    /// `--mqtt`: the broker to take commands from and its topics; nil: none
    /// (libmosquitto is then never initialised).
    public var remote: (settings: BrokerLink.Settings, topics: RemoteTopics)?

    public init(plan: WindowPlan, environment: [String: String], options: LaunchOptions, script: ReplayScript?,
                fonts: FontLocator.Choice?, strings: Strings, orderStore: OrderStore?, loader: PhotoLoader,
                decodesReady: RegisteredEvent, libraryChanged: RegisteredEvent, places: PlaceIndexing?, version: String, started: Double, verbose: Bool,
                log: @escaping @Sendable (String) -> Void) {
        self.plan = plan
        self.environment = environment
        self.options = options
        self.script = script
        self.fonts = fonts
        self.strings = strings
        self.orderStore = orderStore
        self.loader = loader
        self.decodesReady = decodesReady
        self.libraryChanged = libraryChanged
        self.places = places
        self.version = version
        self.started = started
        self.verbose = verbose
        self.log = log
    }

    /// Runs it: `early` is the app made before the display opened, else it
    /// is made from `library` once listed (`makeApp`).
    public func run(early: AppModel?, library: LibraryLoader?, makeApp: (TripCatalog) -> AppModel) -> ExitCode {
        var configuration = Display.Configuration(plan: plan, renderer: options.renderer)
        configuration.surfaceOnlyLibrary = InstalledFiles.running().surfaceOnlyVulkanLibrary
        // fontconfig loads while SDL opens the display (FontFaces.Loading).
        let faces = fonts.map { [log = self.log] in FontFaces.Loading(choice: $0, log: log) }
        let display: Display
        do {
            display = try Display(configuration, environment: environment)
        } catch let failure as Display.Failure {
            log(failure.description)
            if case .noDisplay = failure { return .noDisplay }
            return .badInput
        } catch {
            log("trips: \(error)")
            return .failure
        }
        if let failure = display.surfaceOnlyFailure { log(failure) }
        if let failure = display.presenterFailure { log(failure) }
        if let note = display.automaticScaleNote { log(note) }
        if verbose {
            log("trips: video \(display.videoDriver), renderer \(display.rendererName)\(display.hasVSync ? " (vsync)" : "")\(display.isSurfaceOnly ? ", window without EGL" : ""), scale \(display.scale)"
                + String(format: ", open after %.1f ms", (FrameLoop.clock() - started) * 1000) + " (\(display.openingSteps))")
        }
        // While a library is still being listed: the fonts open, and the month
        // names its rows show are looked up (Foundation loads its CLDR data,
        // some 6 ms, the first time), so neither waits once the trips are known.
        let text = TextRenderer(renderer: display.renderer, faces: faces, log: log)
        _ = strings.monthName(1)
        let app: AppModel
        do {
            app = try early ?? makeApp(library!.preparedCatalog())
        } catch {
            log("trips: \(error)")
            return .badInput
        }
        let photos = PhotoTextures(renderer: display.renderer, photoPaths: app.catalog.allPhotoPaths,
                                   budgetBytes: options.memoryBudgetMiB << 20, opaqueFormat: display.opaqueTextureFormat, loader: loader,
                                   decodesReady: decodesReady, log: log)
        photos.framesFollowDrawnSize = script == nil
        let log = self.log
        let verboseLog: ((String) -> Void)? = verbose ? { log($0) } : nil
        // What the model says happened goes one way, out of its driver: a
        // replay prints it, the order is saved, the textures follow new trips.
        let stdout = FileHandle.standardOutput
        let printing = script != nil
        // A sleeping kiosk's screen put out, where the platform lets it (live runs only).
        let screenPower = script == nil ? ScreenPower(display: display, log: log) : nil
        let orderStore = self.orderStore
        // A save that keeps failing (a full disk) is said once, and its mending once.
        var saving = FailureNotice()
        // The broker's commands wake the loop with an event of their own (live runs only).
        let remoteWoke = RegisteredEvent()
        let remote = script != nil ? nil : self.remote.map { remote in
            RemoteControl(link: BrokerLink(settings: remote.settings, clock: FrameLoop.clock, wake: remoteWoke.push, log: log),
                          topics: remote.topics, version: version, clock: FrameLoop.clock, started: started, verbose: verbose, log: log)
        }
        let reloadAsked = ReloadRequest()
        // A drop's trips replace the library's: it is followed no more,
        // unless the drop was a folder, which is followed instead.
        var followsLibrary = true
        // Ctrl+C's picture and URI on the clipboard, and on Wayland drops
        // (the compositor's drag comes to this data device, not SDL's); live runs only.
        let dataDevice = script != nil ? nil : display.connection.waylandDisplay.flatMap { WaylandDataDevice(display: $0, log: log) }
        let copier = script != nil ? nil : PhotoCopier(loader: loader, clipboard: dataDevice, onX11: display.videoDriver == "x11")
        // A drop is read off the loop's thread, live; a replay reads it at once (the model's opener).
        let dropReader = script != nil ? nil : DropReader(opener: PathOpener(environment: environment))
        // Its Wayland objects go while the display is still open: the
        // closures holding it may outlive the display's SDL_Quit.
        defer { dataDevice?.close(); withExtendedLifetime(display) {} }
        let happened: (AppEvent) -> Void = { event in
            remote?.note(event)
            if printing, let line = event.jsonLine { stdout.write(Data((line + "\n").utf8)) }
            switch event.kind {
            case .reorder(let order):
                guard let orderStore else { break }
                let said: String?
                do {
                    try orderStore.save(order: order)
                    said = saving.succeeded("trips: \(orderStore.path): the order of trips is saved again")
                } catch {
                    said = saving.failed("trips: \(error)")
                }
                if let said { log(said) }
            case .tripsChanged(let trips):
                photos.update(photoPaths: trips.allPhotoPaths)
            case .remoteAsked(.reload):
                if library == nil {
                    remote?.note(AppEvent(time: event.time, kind: .remoteRefused("reload: this kiosk shows a trips file, not a photo library")))
                }
                reloadAsked.asked = true
            case .asleep:
                screenPower?.set(on: false)
            case .awake:
                screenPower?.set(on: true)
            case .turned(let path, let kept):
                loader.keepTurn(path, quarters: kept)
                photos.forget(path: path)
            case .opened:
                followsLibrary = false
            case .openAsked(let paths):
                dropReader?.read(paths)
            case .copy(let path):
                copier?.copy(path)
            default: break
            }
        }
        // Under a kiosk unit's notify socket: ready, watchdog, stopping (live runs only).
        let service = script == nil ? ServiceNotifier(environment: environment, clock: FrameLoop.clock) : nil
        // SDL ends the loop with the same SDL_QUIT for SIGTERM and for a
        // compositor that went away: only the connection tells them apart.
        func connectionLost() -> ExitCode? {
            guard let lost = display.connection.lostReason() else { return nil }
            log(ConnectionWatch.message(lost))
            return .displayLost
        }
        do {
            if let script {
                let loop = FrameLoop(display: display, photos: photos, text: text, verboseLog: verboseLog)
                loop.properties = PropertiesFeed(loader: loader, places: places, log: log)
                let driver = AppDriver(app: app, happened: happened)
                let report = try loop.replay(driver, script: script, scale: plan.pixelScale, presentFrames: options.replayInWindow) { line in
                    stdout.write(Data((line + "\n").utf8))
                }
                if verbose {
                    log("trips: replayed \(script.steps.count) commands, \(report.frames) frames shown")
                    logSummaries(photos: photos, display: display)
                }
                if environment["TRIPS_BENCH"] != nil { log(FrameStatistics(report: report, renderer: display.rendererName).line) }
                return .done
            }
            var recorder: ReplayRecorder?
            if let path = options.recordScript {
                guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
                    log("trips: \(path): cannot write the recording")
                    return .badInput
                }
                recorder = ReplayRecorder(launchSize: app.size) { file.write(Data($0.utf8)) }
            }
            let driver = AppDriver(app: app, recorder: recorder, happened: happened)
            // Screen readers read the live app over AT-SPI (NO_AT_BRIDGE=1: not);
            // a replay prints what they would read in its snapshots instead.
            let accessibility = AccessibilityLink(environment: environment, title: configuration.title, version: version,
                                                  locale: strings.language, log: log)
            var follower = library.map { follow($0, photos: photos, reloadAsked: reloadAsked) }
            let places = self.places
            let afterFirstFrame: (() -> Void)? = library.flatMap { library in places.map { places in
                { library.whenPlaced { places.nameInBackground(library) } }
            } }
            let loop = FrameLoop(display: display, photos: photos, text: text, accessibility: accessibility,
                                 externalChanges: {
                                     let followed = followsLibrary ? follower?.follower.changes(for: driver) ?? false : false
                                     let drops = dataDevice?.take() ?? []
                                     for paths in drops { driver.handle(.drop(paths), at: driver.app.time) }
                                     let read = dropReader?.take() ?? []
                                     for result in read {
                                         driver.opened(result)
                                         // A dropped folder is followed as `trips FOLDER` is.
                                         guard case .success(let opened) = result, let dropped = opened.library else { continue }
                                         follower?.watch?.stop()
                                         follower = follow(dropped, photos: photos, reloadAsked: reloadAsked)
                                         followsLibrary = true
                                         if let places { dropped.whenPlaced { places.nameInBackground(dropped) } }
                                     }
                                     let copied = copier?.turn(driver) ?? false || !drops.isEmpty || !read.isEmpty
                                     return remote?.turn(driver) == true || followed || copied
                                 },
                                 afterFirstFrame: afterFirstFrame, verboseLog: verboseLog, service: service, signals: PowerSignals())
            loop.properties = PropertiesFeed(loader: loader, places: places, log: log)
            if let remote {
                remote.screenshot = { [unowned loop] in try loop.screenJPEG(app) }
                remote.frameP99 = { [unowned loop] in loop.frameP99Milliseconds }
                remote.lastPresent = { [unowned loop] in loop.lastPresent }
                remote.link.start()
            }
            defer { remote?.link.stop() }
            let report = try loop.run(driver, frames: options.frames, screenshot: options.screenshot, started: started)
            screenPower?.close()
            service?.stopping()
            if let lost = connectionLost() { return lost }
            if environment["TRIPS_BENCH"] != nil { log(FrameStatistics(report: report, renderer: display.rendererName).line) }
            if verbose { logFirstFrames(report, photos: photos, display: display) }
            return .done
        } catch {
            screenPower?.close()
            if let lost = connectionLost() { return lost }
            log("trips: \(error)")
            return .failure
        }
    }

    /// Follows the library: photos added to or removed from the folder, at
    /// any depth, appear or go without a restart (a new list waits for the
    /// fingers to lift; the textures follow it through the driver's
    /// `tripsChanged`). Its watch wakes the loop; nothing is polled.
    private func follow(_ library: LibraryLoader, photos: PhotoTextures, reloadAsked: ReloadRequest)
        -> (follower: LibraryFollower, watch: LibraryWatch?) {
        let watch = LibraryWatch(root: library.folder, clock: FrameLoop.clock, wake: libraryChanged.push, log: log)
        if let watch {
            if verbose { log("trips: \(library.folder): watching \(watch.folderCount) folders") }
        } else {
            log("trips: \(library.folder): cannot watch for new photos (\(String(cString: strerror(errno)))); showing what is there now")
        }
        return (LibraryFollower(library: library, folderChanged: { reloadAsked.take() || watch?.changed() == true }, beingWritten: { watch?.beingWritten ?? [] },
                                forgetChangedFailures: { photos.forgetFailuresOfChangedFiles() }, verbose: verbose, log: log), watch)
    }

    private func logFirstFrames(_ report: FrameLoop.Report, photos: PhotoTextures, display: Display) {
        guard let first = report.firstFrameSeconds else { return }
        log(String(format: "trips: first frame after %.1f ms (%d photos still decoding), %d frames", first * 1000,
                   report.firstFramePlaceholders, report.frames))
        if let photo = report.firstPhotoSeconds { log(String(format: "trips: first photo on screen after %.1f ms", photo * 1000)) }
        if let preview = report.firstPreviewSeconds { log(String(format: "trips: first preview on screen after %.1f ms", preview * 1000)) }
        if let all = report.allPhotosSeconds, let frame = report.allPhotosFrame {
            log(String(format: "trips: every photo on screen decoded after %.1f ms (frame %d)", all * 1000, frame))
        }
        logSummaries(photos: photos, display: display)
    }

    private func logSummaries(photos: PhotoTextures, display: Display) {
        log("trips: " + photos.summary)
        if let presenter = display.presenter { log("trips: " + presenter.summary) }
    }
}

/// A remote `reload` asked for and not yet done: the library follower reads
/// the folder again on the loop's next turn, as if its watch had seen a change.
final class ReloadRequest {
    var asked = false

    func take() -> Bool {
        defer { asked = false }
        return asked
    }
}
