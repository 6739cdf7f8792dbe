/// One flag of the `trips` command line as the help, the man page and the
/// parser read it: its name, its value, its help and what it does. The
/// flags that set a value are declared once, as their `LaunchOptions`
/// property (`LaunchFlag`), and `all` lists them from there; the three
/// commands are rows of their own. A test holds the README's flag list to
/// `all`, so the four cannot disagree.
public struct LaunchOption: Sendable {
    /// What the flag does: to which `LaunchOptions` property (by name), and how.
    public enum Effect: Sendable {
        /// A switch: no value; the property's value from the one before.
        case set(property: String, @Sendable (any Sendable) -> any Sendable)
        /// Reads the value after it (or after `=`); throws a `UsageError`
        /// naming the flag and the value when the value is out of range.
        case read(property: String, @Sendable (String) throws -> any Sendable)
        /// Not a run: `--help`, `--version`, `--man`.
        case command(LaunchOptions.Command)
    }

    public let name: String
    /// Other spellings (`-h`).
    public let aliases: [String]
    /// The value's placeholder in the help ("DIR"), nil for a switch.
    public let value: String?
    /// The help, a line each.
    public let help: [String]
    public let effect: Effect

    init(_ name: String, _ value: String? = nil, aliases: [String] = [], help: [String], effect: Effect) {
        self.name = name
        self.aliases = aliases
        self.value = value
        self.help = help
        self.effect = effect
    }

    /// The `LaunchOptions` property it sets; nil for a command.
    public var property: String? {
        switch effect {
        case .set(let property, _), .read(let property, _): return property
        case .command: return nil
        }
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

    /// The value as given (a path, a name).
    public static let text: @Sendable (String) throws -> String? = { $0 }

    /// Reads a number in `range`, else throws a `UsageError` saying what
    /// `expected` and what was given.
    public static func number<N: LosslessStringConvertible & Comparable & Sendable>(
        in range: ClosedRange<N>, _ expected: String) -> @Sendable (String) throws -> N {
        { value in
            guard let n = N(value), range.contains(n) else { throw LaunchOptions.UsageError(message: "\(expected), got '\(value)'") }
            return n
        }
    }

    /// `--size WxH`: each side within `WindowSize.sides`.
    static func windowSize(_ value: String) throws -> WindowSize {
        guard let size = WindowSize(parsing: value) else {
            throw LaunchOptions.UsageError(message: "--size expects WIDTHxHEIGHT in points, each from 200 to 16384, got '\(value)'")
        }
        return size
    }

    /// `--awake HOURS`: `AwakeSchedule`'s ranges.
    static func awakeSchedule(_ value: String) throws -> AwakeSchedule? {
        try AwakeSchedule(parsing: value)
    }

    /// `--lang CODE`: a language code, maybe with a territory, encoding or
    /// modifier (fr, de_CH, fr_FR.UTF-8), nothing that could be a path.
    static func language(_ value: String) throws -> String? {
        let code = value.prefix { $0.isASCII && $0.isLetter }
        guard (2...3).contains(code.count), code.count == value.count || "_-.@".contains(value[code.endIndex]),
              value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.@".contains($0)) }) else {
            throw LaunchOptions.UsageError(message: "--lang expects a language code such as fr or de_CH, got '\(value)'")
        }
        return value
    }

    /// A name that is one MQTT topic level (`RemoteTopics.isValidName`).
    static func topicName(_ flag: String) -> @Sendable (String) throws -> String {
        { value in
            guard RemoteTopics.isValidName(value) else {
                throw LaunchOptions.UsageError(message: "\(flag) expects a name without '/', '+', '#', spaces or control characters (not 'all' or 'group'), at most 64 characters, got '\(value)'")
            }
            return value
        }
    }

    /// Every flag, in the order the help lists them: the properties of
    /// `LaunchOptions` in the order they are declared, then the commands.
    public static let all: [LaunchOption] = LaunchOptions.flags.flatMap { $0.flag.options(property: $0.property) } + [
        LaunchOption("--help", aliases: ["-h"], help: ["show this help"], effect: .command(.help)),
        LaunchOption("--version", help: ["show the version"], effect: .command(.version)),
        LaunchOption("--man", help: ["print the manual page (roff), written from these flags"], effect: .command(.manual)),
    ]
}
