/// One flag of the `trips` command line, everything about it in one row:
/// its name, its value, its help and what it does to the options. The
/// parser and the usage text both read `all`, and a test holds the README's
/// flag list to it, so the three cannot disagree.
public struct LaunchOption: Sendable {
    /// How the flag acts on the options.
    public enum Effect: Sendable {
        /// A switch: no value.
        case set(@Sendable (inout LaunchOptions) -> Void)
        /// Reads the value after it (or after `=`); throws a `UsageError`
        /// naming the flag and the value when the value is out of range.
        case read(@Sendable (inout LaunchOptions, String) throws -> Void)
        /// Not a run: `--help`, `--version`.
        case command(LaunchOptions.Command)

        /// A switch that turns `option` on.
        static func on(_ option: WritableKeyPath<LaunchOptions, Bool> & Sendable) -> Effect {
            .set { $0[keyPath: option] = true }
        }

        /// The value as given (a path, a name).
        static func text(_ option: WritableKeyPath<LaunchOptions, String?> & Sendable) -> Effect {
            .read { $0[keyPath: option] = $1 }
        }

        /// The value as a number in `range`, else a `UsageError` saying what
        /// `expected` and what was given.
        static func number<N: LosslessStringConvertible & Comparable & Sendable>(
            _ option: WritableKeyPath<LaunchOptions, N> & Sendable, in range: ClosedRange<N>, _ expected: String) -> Effect {
            .read { $0[keyPath: option] = try LaunchOption.number($1, in: range, expected) }
        }

        static func number<N: LosslessStringConvertible & Comparable & Sendable>(
            _ option: WritableKeyPath<LaunchOptions, N?> & Sendable, in range: ClosedRange<N>, _ expected: String) -> Effect {
            .read { $0[keyPath: option] = try LaunchOption.number($1, in: range, expected) }
        }
    }

    public let name: String
    /// Other spellings (`-h`).
    public let aliases: [String]
    /// The value's placeholder in the help ("DIR"), nil for a switch.
    public let value: String?
    /// The help, a line each.
    public let help: [String]
    public let effect: Effect

    init(_ name: String, _ value: String? = nil, aliases: [String] = [], help: String..., effect: Effect) {
        self.name = name
        self.aliases = aliases
        self.value = value
        self.help = help
        self.effect = effect
    }

    /// `--photos DIR`, as the help and the README write it.
    public var synopsis: String { value.map { "\(name) \($0)" } ?? name }

    /// The flag's lines in the usage text: the synopsis in a column of its
    /// own, the help beside it.
    public var usageLines: [String] {
        let column = 22
        let first = "  " + synopsis + String(repeating: " ", count: max(1, column - synopsis.count)) + (help.first ?? "")
        return [first] + help.dropFirst().map { String(repeating: " ", count: column + 2) + $0 }
    }

    public static func named(_ flag: String) -> LaunchOption? {
        all.first { $0.name == flag || $0.aliases.contains(flag) }
    }

    /// `value` as a number in `range`, else a `UsageError` saying what
    /// `expected` and what was given.
    static func number<N: LosslessStringConvertible & Comparable>(_ value: String, in range: ClosedRange<N>, _ expected: String) throws -> N {
        guard let n = N(value), range.contains(n) else {
            throw LaunchOptions.UsageError(message: "\(expected), got '\(value)'")
        }
        return n
    }

    /// What the flags leave alone, for the help's "(default ...)".
    private static let defaults = LaunchOptions()

    /// Every flag, in the order the help lists them.
    public static let all: [LaunchOption] = [
        LaunchOption("--photos", "DIR", help: "show the photo library DIR: subfolders and dates make trips",
                     effect: .text(\.photosFolder)),
        LaunchOption("--trips", "FILE", help: "read trips from FILE instead of the bundled trips.json",
                     effect: .text(\.tripsFile)),
        LaunchOption("--fullscreen", help: "fullscreen on the current display",
                     effect: .set { $0.windowMode = $0.windowMode == .kiosk ? .kiosk : .fullscreen }),
        LaunchOption("--kiosk", help: "fullscreen, no cursor, no quit keys (SIGTERM/SIGINT quit)",
                     effect: .set { $0.windowMode = .kiosk }),
        LaunchOption("--idle", "SECONDS", help: "back to the Overview after SECONDS without input",
                     "(default \(Int(LaunchOptions.kioskIdleSeconds)) with --kiosk, else off; 0 turns it off)",
                     effect: .number(\.idleSeconds, in: 0...86_400, "--idle expects seconds from 0 (off) to 86400")),
        LaunchOption("--slide", "SECONDS", help: "after the idle time play the trips' photos, each SECONDS",
                     "(default \(Int(Attract.Settings.defaultSlideSeconds)); on with --kiosk, else when given)",
                     effect: .number(\.slideSeconds, in: 1...3600, "--slide expects seconds from 1 to 3600")),
        LaunchOption("--reduce-motion", help: "fades instead of moving: the big photo, its pages, the slideshow",
                     effect: .on(\.reduceMotion)),
        LaunchOption("--size", "WxH", help: "window size in points (default \(defaults.windowSize))",
                     effect: .read { options, v in
                         guard let size = WindowSize(parsing: v) else {
                             throw LaunchOptions.UsageError(message: "--size expects WIDTHxHEIGHT in points, each from 200 to 16384, got '\(v)'")
                         }
                         options.windowSize = size
                     }),
        LaunchOption("--renderer", "NAME", help: "SDL render driver: software, opengl, opengles2, ...",
                     effect: .text(\.renderer)),
        LaunchOption("--frames", "N", help: "render N frames, then exit",
                     effect: .number(\.frames, in: 1...1_000_000, "--frames expects a whole number from 1 to 1000000")),
        LaunchOption("--screenshot", "FILE", help: "with --frames: write the last frame as PNG",
                     effect: .text(\.screenshot)),
        LaunchOption("--rate", "HZ", help: "simulation steps per second (default \(Int(defaults.simulationRate)))",
                     effect: .number(\.simulationRate, in: 10...1000, "--rate expects steps per second from 10 to 1000")),
        LaunchOption("--playground", help: "start on the playground screen",
                     effect: .on(\.startInPlayground)),
        LaunchOption("--memory-budget", "MIB", help: "texture memory for photos (default \(defaults.memoryBudgetMiB))",
                     effect: .number(\.memoryBudgetMiB, in: 16...65536, "--memory-budget expects MiB from 16 to 65536")),
        LaunchOption("--state", "FILE", help: "where the order of trips is saved", "(default $XDG_STATE_HOME/trips/state.json)",
                     effect: .text(\.stateFile)),
        LaunchOption("--replay", "FILE", help: "run a touch script on a virtual clock, print JSON lines",
                     effect: .text(\.replayScript)),
        LaunchOption("--window", help: "with --replay: show it in a real window (default headless)",
                     effect: .on(\.replayInWindow)),
        LaunchOption("--record", "FILE", help: "write what you do, live, as a touch script",
                     effect: .text(\.recordScript)),
        LaunchOption("--font", "FILE", help: "pin the UI font to FILE (default: fontconfig's sans-serif)",
                     effect: .text(\.fontFile)),
        LaunchOption("--lang", "CODE", help: "UI language: en, fr, de, ja (default: from LANG/LC_*)",
                     effect: .read { options, v in
                         let code = v.prefix { $0.isASCII && $0.isLetter }
                         guard (2...3).contains(code.count), code.count == v.count || "_-.@".contains(v[code.endIndex]),
                               v.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.@".contains($0)) }) else {
                             throw LaunchOptions.UsageError(message: "--lang expects a language code such as fr or de_CH, got '\(v)'")
                         }
                         options.language = v
                     }),
        LaunchOption("--help", aliases: ["-h"], help: "show this help", effect: .command(.help)),
        LaunchOption("--version", help: "show the version", effect: .command(.version)),
        LaunchOption("--man", help: "print the manual page (roff), written from these flags", effect: .command(.manual)),
    ]
}
