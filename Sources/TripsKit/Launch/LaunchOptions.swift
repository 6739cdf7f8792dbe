/// What the `trips` command line asks for. Parsed here, without SDL, so every
/// flag and every mistake is tested; the executable only acts on the result.
/// Each flag is a property here (its value and default) and a row of
/// `LaunchOption.all` (its name, help and how it sets the property); the
/// parser, `--help`, the README's list and equality all come from those.
public struct LaunchOptions: Equatable, Sendable {
    public enum WindowMode: String, Equatable, Sendable {
        case windowed, fullscreen
        /// Fullscreen, no cursor, screensaver inhibited, no quit keys: only
        /// SIGTERM/SIGINT end it.
        case kiosk
    }

    public var windowMode: WindowMode = .windowed
    /// An SDL render driver name ("software", "opengl", "opengles2", ...);
    /// nil picks an accelerated one with vsync, else software.
    public var renderer: String?
    /// Render this many frames, then stop (with `screenshot`, write the last).
    public var frames: Int?
    public var screenshot: String?
    /// Show the photos of this folder instead of a trips file.
    public var photosFolder: String?
    /// A trips.json to read instead of the bundled one.
    public var tripsFile: String?
    /// `trips PATH...`: folders and photos to open, as given (`LaunchPaths`
    /// says what they are).
    public var paths: [String] = []
    /// Window size in points.
    public var windowSize = WindowSize(width: 1280, height: 800)
    /// Simulation steps per second.
    public var simulationRate: Double = 120
    /// Run this touch script on a virtual clock and print JSON lines.
    public var replayScript: String?
    /// Write what the person does, live, as a touch script.
    public var recordScript: String?
    /// With --replay: show the replay in a real window (default: headless).
    public var replayInWindow = false
    /// Start on the playground screen.
    public var startInPlayground = false
    /// Texture memory for photos, in MiB (least recently drawn go first).
    public var memoryBudgetMiB = 256
    /// `--font FILE`: the UI font, pinned.
    public var fontFile: String?
    /// `--lang CODE`: the UI language, over LANG/LC_*.
    public var language: String?
    /// Where the order of trips is saved (default: $XDG_STATE_HOME/trips/state.json;
    /// replays save only when given).
    public var stateFile: String?
    /// `--idle SECONDS` as given: seconds without input before the app goes
    /// back to the Overview, 0 for never; nil when not given.
    public var idleSeconds: Double?
    /// A kiosk left alone goes back to its start after this long by default;
    /// a desktop window does not unless asked (a person may look at one
    /// photo for minutes and would not expect it to close by itself).
    public static let kioskIdleSeconds: Double = 120
    /// `--slide SECONDS` as given: how long each photo of the attract loop stays.
    public var slideSeconds: Double?
    /// `--reduce-motion`: the big photo fades in and out in place, zooms
    /// and pages at once, and the attract loop does not pan or zoom.
    public var reduceMotion = false

    /// The attract loop a kiosk plays after the idle time (and a window
    /// asked for it with `--slide`); nil goes back to the Overview only.
    public var attract: Attract.Settings? {
        guard windowMode == .kiosk || slideSeconds != nil else { return nil }
        return Attract.Settings(slideSeconds: slideSeconds ?? Attract.Settings.defaultSlideSeconds)
    }

    /// The idle timeout in force, in seconds, or nil for none.
    public var idleTimeout: Double? {
        let seconds = idleSeconds ?? (windowMode == .kiosk ? Self.kioskIdleSeconds : 0)
        return seconds > 0 ? seconds : nil
    }

    public init() {}

    public enum Command: Equatable, Sendable {
        case run(LaunchOptions)
        case help
        case version
        /// `--man`: print trips(1), written from the flags (`ManPage`).
        case manual
    }

    /// A mistake on the command line; the executable prints it with the usage
    /// and exits with `ExitCode.badInput`.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The `--help` text, written from `LaunchOption.all` and `ExitCode`.
    public static let usage: String = {
        let exitCodes = ExitCode.allCases.compactMap { code in code.meaning.map { "\(code.rawValue) \($0)" } }
        return """
        Usage: trips [options] [PATH...]

        PATH: a folder opens as a library (as --photos), a photo opens big
        among its folder's trips, several photos open as one trip.

        A touch photo viewer: the Overview's strip of trip photos.

        Options:
        \(LaunchOption.all.flatMap(\.usageLines).joined(separator: "\n"))

        Environment: SDL_VIDEODRIVER picks the display driver (default: wayland, then x11).
        Exit codes: \(exitCodes.joined(separator: ", ")).
        """
    }()

    public static func parse(_ arguments: [String]) throws -> Command {
        var options = LaunchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            // After "--" everything is a path, even one that starts with a dash.
            if argument == "--" { options.paths += rest; break }
            // Accept --flag=value as well as --flag value.
            var flag = argument
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                rest.insert(String(argument[argument.index(after: eq)...]), at: rest.startIndex)
            }
            guard let option = LaunchOption.named(flag) else {
                guard !argument.hasPrefix("-") || argument == "-" else { throw UsageError(message: "unknown option '\(argument)'") }
                options.paths.append(argument)
                continue
            }
            switch option.effect {
            case .command(let command):
                return command
            case .set(let apply):
                apply(&options)
            case .read(let apply):
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(message: "\(flag) needs a value")
                }
                try apply(&options, value)
            }
        }
        if options.screenshot != nil && options.frames == nil { options.frames = 1 }
        if options.replayScript != nil && options.recordScript != nil {
            throw UsageError(message: "--replay and --record cannot be used together")
        }
        if options.replayInWindow && options.replayScript == nil {
            throw UsageError(message: "--window goes with --replay FILE")
        }
        if options.photosFolder != nil && options.tripsFile != nil {
            throw UsageError(message: "--photos and --trips cannot be used together")
        }
        if !options.paths.isEmpty && (options.photosFolder != nil || options.tripsFile != nil) {
            throw UsageError(message: "a PATH ('\(options.paths[0])') cannot be given with --photos or --trips")
        }
        return .run(options)
    }
}
