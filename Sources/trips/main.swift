import Decoding
import Foundation
import Gazetteer
import PhotoLoading
import Platform
import TripsKit

// The `trips` command, as wiring: parse the command line, find the trips,
// start the first decodes, then open the display and run the frame loop
// (`Session`). How it ends is an `ExitCode`.

// A decode worker (the app starts its own binary again to decode photos in
// a sandbox) runs before anything else here and never returns.
DecoderWorker.runIfAsked(CommandLine.arguments)

// The decode zygote is forked before anything else starts a thread (SDL,
// Foundation's): it warms the decoders while the app reads its folder and
// opens its window, and forks ready workers without exec.
let zygote = CommandLine.arguments.contains { $0 == "--help" || $0 == "--version" || $0 == "--man" } ? nil : DecoderZygote.forkHere()
// SIGUSR1 and SIGUSR2 (wake, sleep) reach only the thread that waits for
// them (`PowerSignals`): blocked before any other thread starts.
PowerSignals.block()

let version = "0.1.0"
/// The day `version` was released (the manual's date; data/*.metainfo.xml.in's release).
let releaseDate = "2026-12-01"

@Sendable func log(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func exit(_ code: ExitCode, _ message: String? = nil) -> Never {
    if let message { log(message) }
    exit(code.rawValue)
}

// On the frame loop's clock (SDL's, which needs no SDL_Init).
let started = FrameLoop.clock()
@Sendable func elapsed() -> Double { FrameLoop.clock() - started }
let systemEnvironment = ProcessInfo.processInfo.environment
let verbose = systemEnvironment["TRIPS_VERBOSE"] != nil

let parsed: LaunchOptions
do {
    switch try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(LaunchOptions.usage); exit(.done)
    case .version: print("trips \(version)"); exit(.done)
    case .manual: print(ManPage.roff(version: version, date: releaseDate), terminator: ""); exit(.done)
    case .run(let options): parsed = options
    }
} catch {
    exit(.badInput, "trips: \(error)\n\n\(LaunchOptions.usage)")
}

// `trips PATH...`: a folder is a library, a photo opens big in its folder's
// trips, several photos are one trip. A path that cannot be shown is named;
// with nothing else to open that is the end (exit 2).
let launchPaths = parsed.paths.isEmpty ? nil : LaunchPaths.resolve(parsed.paths, from: FileManager.default.currentDirectoryPath)
for refusal in (launchPaths?.refusals ?? []) + (launchPaths?.ignored ?? []) { log(refusal.description) }
if let launchPaths, launchPaths.opening == nil { exit(.badInput) }
let (options, pathsCatalog, photoToOpen) = launchPaths?.applied(to: parsed) ?? (parsed, nil, nil)

// The UI's language: --lang, else the locale (LC_ALL, LC_MESSAGES, LANG).
let strings = MessageCatalog.strings(for: LanguageChoice(option: options.language, environment: systemEnvironment),
                                     folder: MessageCatalog.folder(environment: systemEnvironment), log: log)

// A library's trips come at once from what its capture-time cache knows,
// the rest of the dates in the background (replays wait for them); loose
// photos' trips are named by libgeonames' cities, as is the place in the
// properties panel (the index is made the first time either asks).
let places = PlaceIndexing(cities: GeonamesCities.load, strings: strings, clock: FrameLoop.clock, verboseLog: verbose ? log : nil)
// A live library wakes the frame loop with an SDL event of its own when it
// changes on disk or its dates settle: the idle loop polls nothing.
let libraryChanged = RegisteredEvent()
let catalog: LaunchCatalog
do {
    catalog = try LaunchCatalog(options: options, opened: pathsCatalog,
                                bundledTrips: { InstalledFiles.running().bundledTripsFile(environment: systemEnvironment) },
                                places: places, environment: systemEnvironment, verbose: verbose, elapsed: elapsed,
                                wakeForLibrary: libraryChanged.push, log: log)
} catch {
    exit(.badInput, "trips: \(error)")
}

let fonts: FontLocator.Choice?
switch FontLocator.choose(fontFile: options.fontFile, environment: systemEnvironment) {
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
// nothing but a message naming it; it is headless unless --window.
let script: ReplayScript?
do { script = try options.replayScript.map { try ReplayScript.load(path: $0, isKeyName: KeyNames.isKnown) } } catch { exit(.badInput, "trips: \(error)") }
let headless = script != nil && !options.replayInWindow
if headless { setenv("SDL_VIDEODRIVER", "offscreen", 1) }

let opened: SavedOrder.Opened = options.photosFolder.map { .library($0) } ?? (pathsCatalog != nil ? .photos : .trips)
let saved = SavedOrder(stateFile: options.stateFile, replaying: script != nil, opened: opened, environment: systemEnvironment, log: log)
let plan = WindowPlan(options: options, script: script)
// Turns Trips keeps for photos their files cannot hold without loss.
let keptTurns = KeptTurns(path: KeptTurns.defaultPath(environment: systemEnvironment))
if let problem = keptTurns.problem { log("trips: \(problem) (no turn is kept over it)") }
@Sendable func makeApp(_ trips: TripCatalog) -> AppModel {
    let app = AppModel(launching: options, catalog: trips, size: plan.points.cgSize, order: saved.order, strings: strings,
                       trash: Trash(environment: ProcessInfo.processInfo.environment),
                       turner: PhotoTurner(environment: ProcessInfo.processInfo.environment), keptTurns: keptTurns,
                       opener: PathOpener(environment: ProcessInfo.processInfo.environment, inBackground: script == nil))
    // `trips PHOTO` starts with it growing into the big photo.
    if let photoToOpen, !app.openPhoto(atPath: photoToOpen) { log("trips: \(photoToOpen): not among its folder's photos; showing the folder") }
    return app
}

// Strip thumbnails come from the desktop's shared thumbnail cache when it has
// them, and go to it when not. The loader wakes the frame loop with an SDL
// event of its own when a decode is ready; the first frame's photos start
// decoding now.
let sharedThumbnails = SharedThumbnailCache(environment: systemEnvironment, version: version, log: log)
let decodesReady = RegisteredEvent()
let loader = PhotoLoader(zygote: zygote, sharedThumbnails: sharedThumbnails, wake: decodesReady.push)
if options.windowMode != .kiosk { loader.keepTurns(keptTurns.table) }
let guess = script == nil ? catalog.library.map { FirstPhotosGuess(path: FirstPhotosGuess.defaultPath(library: $0.folder, environment: systemEnvironment)) } : nil
let early = FirstPhotos(loader: loader, pixelScale: plan.pixelScale, guess: guess, verbose: verbose, elapsed: elapsed, log: log)
    .start(catalog, points: plan.points.cgSize, makeApp: makeApp)

var session = Session(plan: plan, environment: headless ? systemEnvironment.merging(["SDL_VIDEODRIVER": "offscreen"]) { $1 } : systemEnvironment,
                      options: options, script: script, fonts: fonts, strings: strings,
                      orderStore: saved.store, loader: loader, decodesReady: decodesReady, libraryChanged: libraryChanged, places: places, version: version,
                      started: started, verbose: verbose, log: log)
// `--mqtt`: steered through a broker (docs/KIOSK.md); the password from
// its file, the device named by the hostname unless --device.
if let address = options.broker {
    var address = address
    if let file = options.brokerPasswordFile {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            exit(.badInput, "trips: --mqtt-password-file \(file): cannot read it")
        }
        address.password = String(text.prefix { !$0.isNewline })
    }
    for (flag, file) in [("--mqtt-ca", options.brokerCAFile), ("--mqtt-cert", options.brokerCertFile), ("--mqtt-key", options.brokerKeyFile)] {
        if let file, !FileManager.default.isReadableFile(atPath: file) { exit(.badInput, "trips: \(flag) \(file): cannot read it") }
    }
    let topics = RemoteTopics(device: options.device ?? RemoteTopics.deviceName(hostname: ProcessInfo.processInfo.hostName), groups: options.groups)
    session.remote = (BrokerLink.Settings(address: address, caFile: options.brokerCAFile, certFile: options.brokerCertFile,
                                          keyFile: options.brokerKeyFile, insecure: options.brokerInsecure, clientID: "trips-\(topics.device)",
                                          will: (topics.availability, "offline"), subscriptions: topics.commandTopics + topics.configTopics,
                                          commandTopics: Set(topics.commandTopics)), topics)
}
let code = session.run(early: early, library: catalog.library, makeApp: makeApp)
sharedThumbnails?.waitUntilWritten() // what was decoded is kept for the next start
exit(code)
