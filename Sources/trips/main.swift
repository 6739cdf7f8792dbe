import CSDL2
import Decoding
import Foundation
import Gazetteer
import Geography
import PhotoLoading
import Platform
import TripsKit

// The `trips` command: parse the command line, read the trips, open the
// display, run the frame loop. How it ends is an `ExitCode`.

// A decode worker (the app starts its own binary again to decode photos in
// a sandbox) runs before anything else here and never returns.
DecodeWorker.runIfAsked(CommandLine.arguments)

// The decode zygote is forked before anything else starts a thread (SDL,
// Foundation's): it warms the decoders while the app reads its folder and
// opens its window, and forks ready workers without exec.
let zygote = CommandLine.arguments.contains { $0 == "--help" || $0 == "--version" || $0 == "--man" } ? nil : DecoderZygote.forkHere()

let version = "0.1.0"
/// The day `version` was released (the manual's date; data/*.metainfo.xml.in's release).
let releaseDate = "2026-12-01"

func log(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func exit(_ code: ExitCode, _ message: String? = nil) -> Never {
    if let message { log(message) }
    exit(code.rawValue)
}

/// The bundled trips.json (`TRIPS_ASSETS` for tests), found from the binary
/// wherever it is run from (`InstalledFiles`).
func bundledTripsFile(environment: [String: String]) -> String? {
    if let dir = environment["TRIPS_ASSETS"] { return dir + "/trips.json" }
    return InstalledFiles.running().bundledTripsFile
}

// On SDL's own clock (it needs no SDL_Init), the one the frame loop reads.
@Sendable func now() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }
let started = now()
var environment = ProcessInfo.processInfo.environment

var parsedOptions: LaunchOptions
do {
    switch try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(LaunchOptions.usage); exit(.done)
    case .version: print("trips \(version)"); exit(.done)
    case .manual: print(ManPage.roff(version: version, date: releaseDate), terminator: ""); exit(.done)
    case .run(let parsed): parsedOptions = parsed
    }
} catch {
    exit(.badInput, "trips: \(error)\n\n\(LaunchOptions.usage)")
}

// `trips PATH...`: a folder is a library, a photo opens big in its folder's
// trips, several photos are one trip. A path that cannot be shown is named;
// with nothing else to open that is the end (exit 2).
let launchPaths = parsedOptions.paths.isEmpty ? nil : LaunchPaths.resolve(parsedOptions.paths, from: FileManager.default.currentDirectoryPath)
for refusal in (launchPaths?.refusals ?? []) + (launchPaths?.ignored ?? []) { log(refusal.description) }
if let launchPaths, launchPaths.opening == nil { exit(.badInput) }
let (pathsCatalog, photoToOpen) = launchPaths?.apply(to: &parsedOptions) ?? (nil, nil)
let options = parsedOptions

// The UI's language: --lang, else the locale (LC_ALL, LC_MESSAGES, LANG).
let strings = MessageCatalog.strings(for: LanguageChoice(option: options.language, environment: environment),
                                     folder: MessageCatalog.folder(environment: environment), log: log)

// A library's trips come at once from what the capture-time cache knows;
// the rest of the dates are read in the background (replays wait for them).
let verbose = environment["TRIPS_VERBOSE"] != nil
let library = options.photosFolder.map { folder in
    LibraryLoader(folder: folder, cachePath: CaptureTimeCache.defaultPath(library: folder, environment: environment), verbose: verbose,
                  elapsed: { now() - started },
                  log: { log($0) })
}
// Loose photos' trips are named by their places: libgeonames' cities,
// read in the UI's language (so after `strings`) and indexed once. Live, on
// a thread of its own behind everything else, never before the first
// frame: trips made before it are named by their dates until it is there.
// A replay waits for it, so the same script prints the same bytes.
if let library {
    @Sendable func indexPlaces() {
        let begun = now()
        let index = CityIndex(cities: GeonamesCities.load())
        if verbose { log(String(format: "trips: places: %d cities indexed in %.1f ms", index.cities.count, (now() - begun) * 1000)) }
        library.name(by: PlaceNaming(index: index, strings: strings))
    }
    if options.replayScript != nil {
        indexPlaces()
    } else {
        Thread.detachNewThread {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            indexPlaces()
        }
    }
}
// Live, a library is listed (and its cache read) while the display opens
// (`prepare`, below): `readyCatalog` is nil until then. A folder that is not
// there is said at once.
let readyCatalog: TripCatalog?
do {
    if let pathsCatalog {
        readyCatalog = pathsCatalog
    } else if let library, options.replayScript != nil {
        readyCatalog = try library.start(wait: true)
    } else if let library {
        try PhotoLibrary.checkFolder(library.folder)
        readyCatalog = nil
    } else if let file = options.tripsFile ?? bundledTripsFile(environment: environment) {
        readyCatalog = try TripCatalog.load(file: file)
    } else {
        exit(.badInput, "trips: cannot find the bundled Assets/trips.json; pass --trips FILE or --photos DIR")
    }
} catch {
    exit(.badInput, "trips: \(error)")
}

let fonts: FontLocator.Choice?
switch FontLocator.choose(fontFile: options.fontFile, environment: environment) {
case .success(let found): fonts = found
case .failure(let missing): log(missing.description); fonts = nil
}

// SIGTERM and SIGINT must end the app cleanly (systemd, a kiosk operator's
// Ctrl+C). SDL turns them into SDL_QUIT, but only installs its handler where
// the disposition is the default: a non-interactive shell starts background
// jobs with SIGINT ignored, which would make the app deaf to it.
signal(SIGINT, SIG_DFL)
signal(SIGTERM, SIG_DFL)
// A display server that dies mid-write must not kill the app silently with
// SIGPIPE: the write fails instead and the lost connection is reported
// (`ExitCode.displayLost`). Live runs only: a replay piped into `head` still just ends.
if options.replayScript == nil { signal(SIGPIPE, SIG_IGN) }

// A replay reads its script before anything opens, so a bad line costs
// nothing but a message naming it.
let script: ReplayScript?
if let path = options.replayScript {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        exit(.badInput, "trips: \(path): the replay script cannot be read")
    }
    do { script = try ReplayScript.parse(text, file: path, isKeyName: KeyNames.isKnown) } catch { exit(.badInput, "trips: \(error)") }
} else {
    script = nil
}
if script != nil && !options.replayInWindow {
    // Replays are headless unless --window: SDL's offscreen driver.
    setenv("SDL_VIDEODRIVER", "offscreen", 1)
    environment["SDL_VIDEODRIVER"] = "offscreen"
}

// The order of trips the person made: read at start, saved after each move
// (write then rename, never half-written). Replays save only when told where.
var orderStore: OrderStore? = options.stateFile.map(OrderStore.init(path:))
    ?? (script == nil && options.photosFolder == nil && pathsCatalog == nil ? OrderStore(path: OrderStore.defaultPath(environment: environment)) : nil)
var loadedOrder: [String] = []
if let store = orderStore {
    switch store.load() {
    case .missing: break
    case .loaded(let order): loadedOrder = order
    case .corrupt(let reason, let setAside):
        log("trips: the saved order is damaged (\(reason)); it was kept as \(setAside) and the default order is used")
    case .unreadable(let reason):
        // Saving would replace a file we could not read: leave it alone.
        log("trips: the saved order cannot be read (\(reason)); using the default order, and changes to it will not be saved")
        orderStore = nil
    }
}

let savedOrder = loadedOrder

let pointSize = script.map { WindowSize(width: Int($0.size.width), height: Int($0.size.height)) } ?? options.windowSize
let pixelScale = script?.scale ?? 1
var configuration = Display.Configuration()
configuration.size = script == nil ? options.windowSize : pointSize.scaled(by: pixelScale)
configuration.mode = script == nil ? options.windowMode : .windowed
configuration.renderer = options.renderer
configuration.fitsDisplay = script == nil

let startScreen: AppModel.Screen = options.startInPlayground ? .playground : .overview
@Sendable func makeApp(_ catalog: TripCatalog) -> AppModel {
    let app = AppModel(catalog: catalog, size: pointSize.cgSize, mode: options.windowMode,
                       theme: .standard, order: savedOrder, simulationRate: options.simulationRate,
                       screen: startScreen, idleTimeout: options.idleTimeout,
                       attract: options.attract, reduceMotion: options.reduceMotion, strings: strings)
    // `trips PHOTO` starts with it growing into the big photo.
    if let photoToOpen, !app.openPhoto(atPath: photoToOpen) { log("trips: \(photoToOpen): not among its folder's photos; showing the folder") }
    return app
}
// The photos the first frame shows start decoding as soon as the trips are
// known, at the size asked for (a HiDPI screen asks again for larger), so
// they decode while SDL sets up its video: a trips file is known now; a
// library is listed on its own thread, which asks for its first photos the
// moment it has them (the app it lays them out with is thrown away; the
// frame loop's own is made once the display is open).
// Strip thumbnails come from the desktop's shared thumbnail cache when it has
// them, and go to it when not. The loader wakes the frame loop with an SDL
// event of its own when a decode is ready.
let sharedThumbnails = SharedThumbnailCache(environment: environment, version: version) { log($0) }
let decodesReady = RegisteredEvent()
let loader = PhotoLoader(zygote: zygote, sharedThumbnails: sharedThumbnails, wake: decodesReady.push)
@Sendable func thumbnailTarget(_ stripPhoto: CGSize) -> (width: Int, height: Int) {
    (Int((stripPhoto.width * pixelScale).rounded(.up)), Int((stripPhoto.height * pixelScale).rounded(.up)))
}
// A library's first photos of last time start decoding at once, on a
// guess, before the library is read (`FirstPhotosGuess`).
let firstPhotosGuess = script == nil ? library.map { FirstPhotosGuess(path: FirstPhotosGuess.defaultPath(library: $0.folder, environment: environment)) } : nil
@Sendable func decodeFirstPhotos(of app: AppModel) {
    let asked = loader.prefetch(app.scene().photoNumbers, photoPaths: app.catalog.allPhotoPaths, thumbnailTarget: thumbnailTarget(app.layout.photoSize))
    if verbose { log(String(format: "trips: first photos asked for after %.1f ms", (now() - started) * 1000)) }
    do { try firstPhotosGuess?.save(asked) } catch { log("trips: cannot keep the first photos for the next start: \(error)") }
}
let early = readyCatalog.map(makeApp)
if let early {
    decodeFirstPhotos(of: early)
} else if let library, let firstPhotosGuess {
    loader.guess(firstPhotosGuess.load(), thumbnailTarget: thumbnailTarget(OverviewLayout(size: pointSize.cgSize, itemCount: 1).photoSize))
    library.prepare { decodeFirstPhotos(of: makeApp($0)) }
}

let code: ExitCode = {
    let display: Display
    do {
        display = try Display(configuration, environment: environment)
    } catch let failure as Display.Failure {
        if case .noDisplay = failure { log(failure.description); return .noDisplay }
        log(failure.description)
        return .badInput
    } catch {
        log("trips: \(error)")
        return .failure
    }
    if let failure = display.presenterFailure { log(failure) }
    if verbose {
        log("trips: video \(display.videoDriver), renderer \(display.rendererName)\(display.hasVSync ? " (vsync)" : ""), scale \(display.scale)"
            + String(format: ", open after %.1f ms", (now() - started) * 1000))
    }
    // While a library is still being listed: the fonts open, and the month
    // names its rows show are looked up (Foundation loads its CLDR data,
    // some 6 ms, the first time), so neither waits once the trips are known.
    let text = TextRenderer(renderer: display.renderer, fonts: fonts, log: log)
    _ = strings.monthName(1)
    let app: AppModel
    if let early {
        app = early
    } else {
        do {
            app = makeApp(try library!.preparedCatalog())
        } catch {
            log("trips: \(error)")
            return .badInput
        }
    }
    let photos = PhotoTextures(renderer: display.renderer, photoPaths: app.catalog.allPhotoPaths,
                               budgetBytes: options.memoryBudgetMiB << 20, loader: loader,
                               decodesReady: decodesReady, log: log)
    if let orderStore {
        app.onReorder = { order in
            do { try orderStore.save(order: order) } catch { log("trips: cannot save the order of trips: \(error)") }
        }
    }
    let loop = FrameLoop(display: display, photos: photos, text: text, verboseLog: verbose ? { log($0) } : nil)
    // Screen readers read the live app over AT-SPI (NO_AT_BRIDGE=1: not);
    // a replay prints what they would read in its snapshots instead.
    if script == nil {
        loop.accessibility = AccessibilityLink(environment: environment, title: configuration.title, version: version,
                                               locale: strings.language, log: { log($0) })
    }
    // SDL ends the loop with the same SDL_QUIT for SIGTERM and for a
    // compositor that went away: only the connection tells them apart.
    func connectionLost() -> ExitCode? {
        guard let lost = display.connection.lostReason() else { return nil }
        log(ConnectionWatch.message(lost))
        return .displayLost
    }
    if let library, script == nil {
        let folder = library.folder
        // The textures follow the trips; a new list waits for the fingers to lift.
        app.onCatalogChange = { photos.update(photoPaths: $0.allPhotoPaths) }
        // Photos added to or removed from the folder appear or go without a restart.
        let watcher = FolderWatcher(path: folder)
        if watcher == nil {
            log("trips: \(folder): cannot watch for new photos (\(String(cString: strerror(errno)))); showing what is there now")
        }
        loop.externalChanges = {
            var changed = false
            if let settled = library.takeSettled() { changed = app.offerCatalog(settled) }
            if watcher?.changed() == true {
                // A bad photo replaced under the same name is tried again.
                changed = photos.forgetFailuresOfChangedFiles() || changed
                do {
                    let updated = try library.reload()
                    if verbose { log("trips: \(folder) changed: \(updated.allPhotoPaths.count) photos") }
                    changed = app.offerCatalog(updated) || changed
                } catch {
                    log("trips: \(error); still showing the photos it had")
                }
            }
            return changed
        }
    }
    do {
        if let script {
            let stdout = FileHandle.standardOutput
            let report = try loop.replay(app, script: script, scale: pixelScale, presentFrames: options.replayInWindow) { line in
                stdout.write(Data((line + "\n").utf8))
            }
            if verbose {
                log("trips: replayed \(script.steps.count) commands, \(report.frames) frames shown")
                log("trips: " + photos.summary)
                if let presenter = display.presenter { log("trips: " + presenter.summary) }
            }
            if environment["TRIPS_BENCH"] != nil { log(FrameStatistics(report: report, renderer: display.rendererName).line) }
            return .done
        }
        var recorder: ((InputEvent, Double) -> Void)?
        if let path = options.recordScript {
            guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
                log("trips: \(path): cannot write the recording")
                return .badInput
            }
            var recording = ReplayRecorder(launchSize: app.size) { file.write(Data($0.utf8)) }
            recorder = { input, ms in recording.record(input, atMilliseconds: ms) }
        }
        let report = try loop.run(app, frames: options.frames, screenshot: options.screenshot, started: started, record: recorder)
        if let lost = connectionLost() { return lost }
        if environment["TRIPS_BENCH"] != nil { log(FrameStatistics(report: report, renderer: display.rendererName).line) }
        if verbose, let first = report.firstFrameSeconds {
            log(String(format: "trips: first frame after %.1f ms (%d photos still decoding), %d frames", first * 1000,
                       report.firstFramePlaceholders, report.frames))
            if let photo = report.firstPhotoSeconds { log(String(format: "trips: first photo on screen after %.1f ms", photo * 1000)) }
            if let preview = report.firstPreviewSeconds { log(String(format: "trips: first preview on screen after %.1f ms", preview * 1000)) }
            if let all = report.allPhotosSeconds, let frame = report.allPhotosFrame {
                log(String(format: "trips: every photo on screen decoded after %.1f ms (frame %d)", all * 1000, frame))
            }
            log("trips: " + photos.summary)
            if let presenter = display.presenter { log("trips: " + presenter.summary) }
        }
        return .done
    } catch {
        if let lost = connectionLost() { return lost }
        log("trips: \(error)")
        return .failure
    }
}()
sharedThumbnails?.waitUntilWritten() // what was decoded is kept for the next start
exit(code)
