/// What the `trips` command line asks for. Parsed here, without SDL, so every
/// flag and every mistake is tested; the executable only acts on the result.
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
    /// Window size in points.
    public var windowSize: (width: Int, height: Int) = (1280, 800)
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

    /// The idle timeout in force, in seconds, or nil for none.
    public var idleTimeout: Double? {
        let seconds = idleSeconds ?? (windowMode == .kiosk ? Self.kioskIdleSeconds : 0)
        return seconds > 0 ? seconds : nil
    }

    public init() {}

    public static func == (a: LaunchOptions, b: LaunchOptions) -> Bool {
        a.windowMode == b.windowMode && a.renderer == b.renderer && a.frames == b.frames
            && a.screenshot == b.screenshot && a.photosFolder == b.photosFolder && a.tripsFile == b.tripsFile
            && a.windowSize == b.windowSize && a.simulationRate == b.simulationRate
            && a.replayScript == b.replayScript && a.recordScript == b.recordScript && a.replayInWindow == b.replayInWindow
            && a.startInPlayground == b.startInPlayground && a.stateFile == b.stateFile && a.idleSeconds == b.idleSeconds
            && a.memoryBudgetMiB == b.memoryBudgetMiB
    }

    public enum Command: Equatable, Sendable {
        case run(LaunchOptions)
        case help
        case version
    }

    /// A mistake on the command line; the executable prints it with the usage
    /// and exits with code 2.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static let usage = """
    Usage: trips [options]

    A touch photo viewer: the Overview's strip of trip photos.

    Options:
      --photos DIR          show the photos of DIR (city from the file name)
      --trips FILE          read trips from FILE instead of the bundled trips.json
      --fullscreen          fullscreen on the current display
      --kiosk               fullscreen, no cursor, no quit keys (SIGTERM/SIGINT quit)
      --idle SECONDS        back to the Overview after SECONDS without input
                            (default 120 with --kiosk, else off; 0 turns it off)
      --size WxH            window size in points (default 1280x800)
      --renderer NAME       SDL render driver: software, opengl, opengles2, ...
      --frames N            render N frames, then exit
      --screenshot FILE     with --frames: write the last frame as PNG
      --rate HZ             simulation steps per second (default 120)
      --playground          start on the playground screen
      --memory-budget MIB   texture memory for photos (default 256)
      --state FILE          where the order of trips is saved
                            (default $XDG_STATE_HOME/trips/state.json)
      --replay FILE         run a touch script on a virtual clock, print JSON lines
      --window              with --replay: show it in a real window (default headless)
      --record FILE         write what you do, live, as a touch script
      --help                show this help
      --version             show the version

    Environment: SDL_VIDEODRIVER picks the display driver (default: wayland, then x11).
    Exit codes: 0 done, 2 bad input or usage, 3 no display, 4 the display connection was lost.
    """

    public static func parse(_ arguments: [String]) throws -> Command {
        var options = LaunchOptions()
        var rest = arguments[...]
        func value(for flag: String) throws -> String {
            guard let v = rest.popFirst(), !v.hasPrefix("--") else {
                throw UsageError(message: "\(flag) needs a value")
            }
            return v
        }
        while let argument = rest.popFirst() {
            // Accept --flag=value as well as --flag value.
            var flag = argument
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                rest.insert(String(argument[argument.index(after: eq)...]), at: rest.startIndex)
            }
            switch flag {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--fullscreen": options.windowMode = options.windowMode == .kiosk ? .kiosk : .fullscreen
            case "--kiosk": options.windowMode = .kiosk
            case "--renderer": options.renderer = try value(for: flag)
            case "--photos": options.photosFolder = try value(for: flag)
            case "--trips": options.tripsFile = try value(for: flag)
            case "--screenshot": options.screenshot = try value(for: flag)
            case "--replay": options.replayScript = try value(for: flag)
            case "--record": options.recordScript = try value(for: flag)
            case "--state": options.stateFile = try value(for: flag)
            case "--window": options.replayInWindow = true
            case "--playground": options.startInPlayground = true
            case "--frames":
                let v = try value(for: flag)
                guard let n = Int(v), n >= 1, n <= 1_000_000 else {
                    throw UsageError(message: "--frames expects a whole number from 1 to 1000000, got '\(v)'")
                }
                options.frames = n
            case "--memory-budget":
                let v = try value(for: flag)
                guard let mib = Int(v), (16...65536).contains(mib) else {
                    throw UsageError(message: "--memory-budget expects MiB from 16 to 65536, got '\(v)'")
                }
                options.memoryBudgetMiB = mib
            case "--rate":
                let v = try value(for: flag)
                guard let hz = Double(v), hz >= 10, hz <= 1000 else {
                    throw UsageError(message: "--rate expects steps per second from 10 to 1000, got '\(v)'")
                }
                options.simulationRate = hz
            case "--idle":
                let v = try value(for: flag)
                guard let seconds = Double(v), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                    throw UsageError(message: "--idle expects seconds from 0 (off) to 86400, got '\(v)'")
                }
                options.idleSeconds = seconds
            case "--size":
                let v = try value(for: flag)
                let parts = v.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                      (200...16384).contains(w), (200...16384).contains(h) else {
                    throw UsageError(message: "--size expects WIDTHxHEIGHT in points, each from 200 to 16384, got '\(v)'")
                }
                options.windowSize = (w, h)
            default:
                throw UsageError(message: argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
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
        return .run(options)
    }
}
