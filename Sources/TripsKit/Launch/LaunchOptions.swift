/// What the `trips` command line asks for. Parsed here, without SDL, so every
/// flag and every mistake is tested; the executable only acts on the result.
/// Each flag is declared once, as its property here (`LaunchFlag`: its
/// name, value, help, default and how it reads); the parser, `--help`, the
/// man page, the README's list and equality all come from those
/// declarations, in the order they are written. (Decodable only for the
/// parser, which hands what it read to the compiler's `init(from:)`.)
public struct LaunchOptions: Equatable, Sendable, Decodable {
    public enum WindowMode: String, Equatable, Sendable {
        case windowed, fullscreen
        /// Fullscreen, no cursor, screensaver inhibited, no quit keys: only
        /// SIGTERM/SIGINT end it.
        case kiosk
    }

    /// Show the photos of this folder instead of a trips file.
    @LaunchFlag("--photos", "DIR", help: "show the photo library DIR: subfolders and dates make trips", read: LaunchOption.text)
    public var photosFolder: String? = nil
    /// A trips.json to read instead of the bundled one.
    @LaunchFlag("--trips", "FILE", help: "read trips from FILE instead of the bundled trips.json", read: LaunchOption.text)
    public var tripsFile: String? = nil
    /// `--fullscreen` keeps a kiosk a kiosk, whichever comes first.
    @LaunchFlag(switches: [("--fullscreen", "fullscreen on the current display", { @Sendable in $0 == .kiosk ? .kiosk : .fullscreen }),
                           ("--kiosk", "fullscreen, no cursor, no quit keys (SIGTERM/SIGINT quit)", { @Sendable _ in .kiosk })])
    public var windowMode: WindowMode = .windowed
    /// `--idle SECONDS` as given: seconds without input before the app goes
    /// back to the Overview, 0 for never; nil when not given.
    @LaunchFlag("--idle", "SECONDS", help: "back to the Overview after SECONDS without input",
                "(default \(Int(LaunchOptions.kioskIdleSeconds)) with --kiosk, else off; 0 turns it off)",
                read: LaunchOption.number(in: 0...86_400 as ClosedRange<Double>, "--idle expects seconds from 0 (off) to 86400"))
    public var idleSeconds: Double? = nil
    /// `--slide SECONDS` as given: how long each photo of the attract loop stays.
    @LaunchFlag("--slide", "SECONDS", help: "after the idle time play the trips' photos, each SECONDS",
                "(default \(Int(Attract.Settings.defaultSlideSeconds)); on with --kiosk, else when given);",
                "a slide waits for its photo; one that cannot be shown is left out",
                read: LaunchOption.number(in: 1...3600 as ClosedRange<Double>, "--slide expects seconds from 1 to 3600"))
    public var slideSeconds: Double? = nil
    /// `--no-pairs`: the attract loop shows every photo alone, even two
    /// portrait photos taken together on a landscape screen.
    @LaunchFlag("--no-pairs", help: "the slideshow shows no two portrait photos taken together side by side")
    public var noPairs = false
    /// `--reduce-motion`: the big photo fades in and out in place, zooms
    /// and pages at once, and the attract loop does not pan or zoom.
    @LaunchFlag("--reduce-motion", help: "fades instead of moving: the big photo, its pages, the slideshow")
    public var reduceMotion = false
    /// `--awake HOURS`: the hours the app is awake; outside them it sleeps
    /// (black, the screen put out where it can be); nil: always awake.
    @LaunchFlag("--awake", "HOURS", help: "awake only in these local hours, else asleep: black, the screen put out",
                "(e.g. 07:00-22:00 or 'mon-fri 08:00-18:00, sat 10:00-16:00'; SIGUSR1 wakes, SIGUSR2 sleeps)",
                read: LaunchOption.awakeSchedule)
    public var awake: AwakeSchedule? = nil
    /// `--wake-for SECONDS`: how long a touch wakes a sleeping app.
    @LaunchFlag("--wake-for", "SECONDS", help: "a touch wakes a sleeping app for SECONDS after the last input",
                showingDefault: { "\(Int($0))" },
                read: LaunchOption.number(in: 1...86_400 as ClosedRange<Double>, "--wake-for expects seconds from 1 to 86400"))
    public var wakeForSeconds: Double = Wakefulness.defaultWakeForSeconds
    /// Window size in points.
    @LaunchFlag("--size", "WxH", help: "window size in points", showingDefault: { "\($0)" }, read: LaunchOption.windowSize)
    public var windowSize = WindowSize(width: 1280, height: 800)
    /// `--scale N`: pixels per point where the compositor reports 1 (a TV
    /// under cage); `--size` stays in points. nil: the compositor's.
    @LaunchFlag("--scale", "N", help: "pixels per point, 1 to 4, where the compositor says 1 (e.g. 2 on a 4K TV);",
                "--size stays in points",
                read: LaunchOption.number(in: 1...4 as ClosedRange<Double>, "--scale expects pixels per point from 1 to 4 (e.g. 1.5)"))
    public var scale: Double? = nil
    /// An SDL render driver name ("software", "opengl", "opengles2", ...);
    /// nil picks an accelerated one with vsync, else software.
    @LaunchFlag("--renderer", "NAME", help: "SDL render driver: software, opengl, opengles2, ...", read: LaunchOption.text)
    public var renderer: String? = nil
    /// Render this many frames, then stop (with `screenshot`, write the last).
    @LaunchFlag("--frames", "N", help: "render N frames, then exit",
                read: LaunchOption.number(in: 1...1_000_000 as ClosedRange<Int>, "--frames expects a whole number from 1 to 1000000"))
    public var frames: Int? = nil
    @LaunchFlag("--screenshot", "FILE", help: "with --frames: write the last frame as PNG", read: LaunchOption.text)
    public var screenshot: String? = nil
    /// Simulation steps per second.
    @LaunchFlag("--rate", "HZ", help: "simulation steps per second", showingDefault: { "\(Int($0))" },
                read: LaunchOption.number(in: 10...1000, "--rate expects steps per second from 10 to 1000"))
    public var simulationRate: Double = 120
    /// Start on the playground screen.
    @LaunchFlag("--playground", help: "start on the playground screen")
    public var startInPlayground = false
    /// Texture memory for photos, in MiB (least recently drawn go first).
    @LaunchFlag("--memory-budget", "MIB", help: "texture memory for photos", showingDefault: { "\($0)" },
                read: LaunchOption.number(in: 16...65536, "--memory-budget expects MiB from 16 to 65536"))
    public var memoryBudgetMiB = 256
    /// Where the order of trips is saved (default: $XDG_STATE_HOME/trips/state.json;
    /// replays save only when given).
    @LaunchFlag("--state", "FILE", help: "where the order of trips is saved", "(default $XDG_STATE_HOME/trips/state.json)",
                read: LaunchOption.text)
    public var stateFile: String? = nil
    /// Run this touch script on a virtual clock and print JSON lines.
    @LaunchFlag("--replay", "FILE", help: "run a touch script on a virtual clock, print JSON lines", read: LaunchOption.text)
    public var replayScript: String? = nil
    /// With --replay: show the replay in a real window (default: headless).
    @LaunchFlag("--window", help: "with --replay: show it in a real window (default headless)")
    public var replayInWindow = false
    /// Write what the person does, live, as a touch script.
    @LaunchFlag("--record", "FILE", help: "write what you do, live, as a touch script", read: LaunchOption.text)
    public var recordScript: String? = nil
    /// `--font FILE`: the UI font, pinned.
    @LaunchFlag("--font", "FILE", help: "pin the UI font to FILE (default: fontconfig's sans-serif)", read: LaunchOption.text)
    public var fontFile: String? = nil
    /// `--lang CODE`: the UI language, over LANG/LC_*.
    @LaunchFlag("--lang", "CODE", help: "UI language: en, fr, de, ja (default: from LANG/LC_*)", read: LaunchOption.language)
    public var language: String? = nil

    /// `--mqtt URL`: steered through this MQTT broker (docs/KIOSK.md, "A fleet
    /// on one broker"); without it libmosquitto is never initialised.
    @LaunchFlag("--mqtt", "URL", help: "take commands and publish state on the MQTT broker URL:",
                "mqtt://[user[:password]@]host[:port] or mqtts://... (TLS, verified)",
                read: { @Sendable in try BrokerAddress(parsing: $0) })
    public var broker: BrokerAddress? = nil
    /// `--mqtt-password-file FILE`: the broker's password, kept out of `ps`.
    @LaunchFlag("--mqtt-password-file", "FILE", help: "with --mqtt: read the password from FILE (its first line)", read: LaunchOption.text)
    public var brokerPasswordFile: String? = nil
    /// `--mqtt-ca FILE`: whom to trust for the broker's certificate.
    @LaunchFlag("--mqtt-ca", "FILE", help: "with mqtts: trust the CA certificates in FILE (default: the system's)", read: LaunchOption.text)
    public var brokerCAFile: String? = nil
    /// `--mqtt-cert FILE` and `--mqtt-key FILE`: a client certificate, for a
    /// broker that asks each kiosk to prove who it is.
    @LaunchFlag("--mqtt-cert", "FILE", help: "with mqtts: present the client certificate FILE (PEM; with --mqtt-key)", read: LaunchOption.text)
    public var brokerCertFile: String? = nil
    @LaunchFlag("--mqtt-key", "FILE", help: "with mqtts: the client certificate's private key FILE (PEM)", read: LaunchOption.text)
    public var brokerKeyFile: String? = nil
    /// Off by default: TLS is verified unless this says otherwise, and the log says so.
    @LaunchFlag("--mqtt-insecure", help: "with mqtts: do not verify the broker's certificate (logged)")
    public var brokerInsecure = false
    /// `--device NAME`: this kiosk's topics are trips/NAME/...; nil: the hostname.
    @LaunchFlag("--device", "NAME", help: "with --mqtt: this kiosk's name in its topics (default: the hostname)",
                read: { @Sendable in try LaunchOption.topicName("--device")($0) })
    public var device: String? = nil
    /// `--group NAME`, repeatable: trips/group/NAME/cmd and config reach this kiosk.
    @LaunchFlag("--group", "NAME", help: "with --mqtt: also take trips/group/NAME/... (repeatable)",
                read: { @Sendable in [try LaunchOption.topicName("--group")($0)] })
    public var groups: [String] = []

    /// `trips PATH...`: folders and photos to open, as given (`LaunchPaths`
    /// says what they are); not a flag.
    public var paths: [String] = []

    /// A kiosk left alone goes back to its start after this long by default;
    /// a desktop window does not unless asked (a person may look at one
    /// photo for minutes and would not expect it to close by itself).
    public static let kioskIdleSeconds: Double = 120

    /// The attract loop a kiosk plays after the idle time (and a window
    /// asked for it with `--slide`); nil goes back to the Overview only.
    public var attract: Attract.Settings? {
        guard windowMode == .kiosk || slideSeconds != nil else { return nil }
        return Attract.Settings(slideSeconds: slideSeconds ?? Attract.Settings.defaultSlideSeconds, pairs: !noPairs)
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

    /// The flags, each with its property's name, in the order they are
    /// declared: read off a default instance, whose flags hold their rows.
    static let flags: [(property: String, flag: any AnyLaunchFlag)] = Mirror(reflecting: LaunchOptions()).children.compactMap { child in
        guard let label = child.label, label.hasPrefix("_"), let flag = child.value as? any AnyLaunchFlag else { return nil }
        return (String(label.dropFirst()), flag)
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

        Keys: F1 or ? in the app lists them all (Ctrl+C copies the photo shown,
        Delete trashes it, Shift+Delete deletes it for good, Ctrl+R turns it,
        K plays or pauses a clip, M turns its sound on or off, F11 fullscreen);
        so does trips(1).
        Environment: SDL_VIDEODRIVER picks the display driver (default: wayland, then x11),
        SDL_AUDIODRIVER the sound's (a clip's, opened at the first M).
        Exit codes: \(exitCodes.joined(separator: ", ")).
        """
    }()

    public static func parse(_ arguments: [String]) throws -> Command {
        // Each flag's value by its property's name, from the defaults on.
        var values = Dictionary(uniqueKeysWithValues: flags.map { ($0.property, $0.flag.anyValue) })
        var paths: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            // After "--" everything is a path, even one that starts with a dash.
            if argument == "--" { paths += rest; break }
            // Accept --flag=value as well as --flag value.
            var flag = argument
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                rest.insert(String(argument[argument.index(after: eq)...]), at: rest.startIndex)
            }
            guard let option = LaunchOption.named(flag) else {
                guard !argument.hasPrefix("-") || argument == "-" else { throw UsageError(message: "unknown option '\(argument)'") }
                paths.append(argument)
                continue
            }
            switch option.effect {
            case .command(let command):
                return command
            case .set(let property, let set):
                values[property] = values[property].map(set)
            case .read(let property, let read):
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(message: "\(flag) needs a value")
                }
                let read = try read(value)
                // A list (`--group`) gathers every time the flag is given.
                if let old = values[property] as? [String], let new = read as? [String] { values[property] = old + new } else { values[property] = read }
            }
        }
        var parsed: [String: any Sendable] = ["paths": paths]
        for (property, flag) in flags { parsed[property] = values[property].map(flag.holding) }
        var options = try LaunchOptions(from: ParsedArguments(values: parsed))
        if options.screenshot != nil && options.frames == nil { options.frames = 1 }
        if options.replayScript != nil && options.recordScript != nil {
            throw UsageError(message: "--replay and --record cannot be used together")
        }
        if options.replayInWindow && options.replayScript == nil {
            throw UsageError(message: "--window goes with --replay FILE")
        }
        if options.broker == nil, let flag = [("--mqtt-password-file", options.brokerPasswordFile != nil), ("--mqtt-ca", options.brokerCAFile != nil),
                                              ("--mqtt-cert", options.brokerCertFile != nil), ("--mqtt-key", options.brokerKeyFile != nil),
                                              ("--mqtt-insecure", options.brokerInsecure), ("--device", options.device != nil),
                                              ("--group", !options.groups.isEmpty)].first(where: \.1)?.0 {
            throw UsageError(message: "\(flag) goes with --mqtt URL")
        }
        if let broker = options.broker, !broker.secure, options.brokerCAFile != nil || options.brokerCertFile != nil || options.brokerInsecure {
            throw UsageError(message: "--mqtt-ca, --mqtt-cert and --mqtt-insecure go with an mqtts:// broker, not \(broker)")
        }
        if (options.brokerCertFile == nil) != (options.brokerKeyFile == nil) {
            throw UsageError(message: "--mqtt-cert and --mqtt-key go together")
        }
        if options.brokerPasswordFile != nil && options.broker?.password != nil {
            throw UsageError(message: "--mqtt-password-file and a password in the --mqtt URL cannot be used together")
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
