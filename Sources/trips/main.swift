import CSDL2
import Foundation
import Platform
import TripsKit

// The `trips` command: parse the command line, read the trips, open the
// display, run the frame loop. Exit codes: 0 done, 2 bad input or usage,
// 3 no display.

let version = "0.1.0"

func log(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func exit(_ code: Int32, _ message: String) -> Never {
    log(message)
    exit(code)
}

/// The bundled trips.json: beside the executable's package (a build tree in
/// .build/<config>/), or installed under share/trips.
func bundledTripsFile(environment: [String: String]) -> String? {
    if let dir = environment["TRIPS_ASSETS"] { return dir + "/trips.json" }
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    for _ in 0..<5 {
        let candidate = folder.appendingPathComponent("Assets/trips.json").path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    for prefix in ["/usr/local/share/trips", "/usr/share/trips"] where FileManager.default.fileExists(atPath: prefix + "/trips.json") {
        return prefix + "/trips.json"
    }
    return nil
}

let started = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
let environment = ProcessInfo.processInfo.environment

let options: LaunchOptions
do {
    switch try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(LaunchOptions.usage); exit(0)
    case .version: print("trips \(version)"); exit(0)
    case .run(let parsed): options = parsed
    }
} catch {
    exit(2, "trips: \(error)\n\n\(LaunchOptions.usage)")
}

let catalog: TripCatalog
do {
    if let folder = options.photosFolder {
        catalog = try TripCatalog.folder(folder)
    } else if let file = options.tripsFile ?? bundledTripsFile(environment: environment) {
        catalog = try TripCatalog.load(file: file)
    } else {
        exit(2, "trips: cannot find the bundled Assets/trips.json; pass --trips FILE or --photos DIR")
    }
} catch {
    exit(2, "trips: \(error)")
}

let fonts: FontLocator?
switch FontLocator.locate(environment: environment) {
case .success(let found): fonts = found
case .failure(let missing): log(missing.description); fonts = nil
}

// SIGTERM and SIGINT must end the app cleanly (systemd, a kiosk operator's
// Ctrl+C). SDL turns them into SDL_QUIT, but only installs its handler where
// the disposition is the default: a non-interactive shell starts background
// jobs with SIGINT ignored, which would make the app deaf to it.
signal(SIGINT, SIG_DFL)
signal(SIGTERM, SIG_DFL)

var configuration = Display.Configuration()
configuration.size = options.windowSize
configuration.mode = options.windowMode
configuration.renderer = options.renderer

let code: Int32 = {
    let display: Display
    do {
        display = try Display(configuration, environment: environment)
    } catch let failure as Display.Failure {
        if case .noDisplay = failure { log(failure.description); return VideoDriverChoice.noDisplayExitCode }
        log(failure.description)
        return 2
    } catch {
        log("trips: \(error)")
        return 1
    }
    if environment["TRIPS_VERBOSE"] != nil {
        log("trips: video \(display.videoDriver), renderer \(display.rendererName)\(display.hasVSync ? " (vsync)" : ""), scale \(display.scale)")
    }
    let theme = Theme.standard
    let photos = PhotoTextures(renderer: display.renderer, photoPaths: catalog.trips.map(\.photoPath), log: log)
    let text = TextRenderer(renderer: display.renderer, fonts: fonts, log: log)
    let app = AppModel(catalog: catalog,
                       size: CGSize(width: options.windowSize.width, height: options.windowSize.height),
                       mode: options.windowMode, theme: theme)
    let loop = FrameLoop(display: display, photos: photos, text: text, theme: theme, rate: options.simulationRate, log: log)
    do {
        let report = try loop.run(app, frames: options.frames, screenshot: options.screenshot, started: started)
        if environment["TRIPS_VERBOSE"] != nil, let first = report.firstFrameSeconds {
            log(String(format: "trips: first frame after %.1f ms, %d frames", first * 1000, report.frames))
        }
        return 0
    } catch {
        log("trips: \(error)")
        return 1
    }
}()
exit(code)
