/// A property of `LaunchOptions` that is a flag of the command line: the
/// property's declaration is the flag's only one. It holds the value (the
/// default until parsed) and the flag's rows of the help (name, value,
/// help, how it reads), so the parser, `--help`, the man page and the
/// README's list are all written from the properties themselves, and
/// equality compares the values alone.
///
/// As in swift-argument-parser: `LaunchOption.all` reads the rows of a
/// default `LaunchOptions()` through `Mirror`, and the parser hands what it
/// read to the compiler's `init(from:)` (`ParsedArguments`), so no flag is
/// written again in a table, a parser or an `==`.
@propertyWrapper
public struct LaunchFlag<Value: Equatable & Sendable>: Equatable, Sendable {
    public var wrappedValue: Value
    /// The flag's rows, in the help's order; nil once parsed (the parser
    /// reads them from a default `LaunchOptions()`).
    let rows: [Row]?

    /// One spelling of the flag: its help and what it does to the value.
    struct Row: Sendable {
        var name: String
        var placeholder: String?
        var help: [String]
        var effect: Effect

        enum Effect: Sendable {
            /// A switch: the value it leaves, from the one before.
            case set(@Sendable (Value) -> Value)
            /// Reads the value after it; throws a `UsageError` naming the
            /// flag and the value when it is out of range.
            case read(@Sendable (String) throws -> Value)
        }
    }

    /// `--name VALUE`, read by `read` (`LaunchOption.text`, `.number(in:_:)`).
    /// `showingDefault` writes the default into the first help line as
    /// "(default …)".
    public init(wrappedValue: Value, _ name: String, _ placeholder: String, help: String...,
                showingDefault: (@Sendable (Value) -> String)? = nil, read: @escaping @Sendable (String) throws -> Value) {
        var help = help
        if let showingDefault { help[0] += " (default \(showingDefault(wrappedValue)))" }
        self.init(wrappedValue: wrappedValue, rows: [Row(name: name, placeholder: placeholder, help: help, effect: .read(read))])
    }

    /// Several switches setting one value (`--fullscreen`, `--kiosk`), each
    /// from the value before it.
    init(wrappedValue: Value, switches: [(name: String, help: String, set: @Sendable (Value) -> Value)]) {
        self.init(wrappedValue: wrappedValue, rows: switches.map { Row(name: $0.name, help: [$0.help], effect: .set($0.set)) })
    }

    init(wrappedValue: Value, rows: [Row]?) {
        self.wrappedValue = wrappedValue
        self.rows = rows
    }

    public static func == (a: Self, b: Self) -> Bool { a.wrappedValue == b.wrappedValue }
}

extension LaunchFlag where Value == Bool {
    /// A switch that turns the value on (it is off by default).
    public init(wrappedValue: Bool = false, _ name: String, help: String) {
        self.init(wrappedValue: wrappedValue, switches: [(name, help, { @Sendable _ in true })])
    }
}

/// A flag seen without knowing its value's type: how `LaunchOption.all`
/// lists it and how the parser gives it what it read.
protocol AnyLaunchFlag: Sendable {
    /// The rows of the help, for the property named `property`.
    func options(property: String) -> [LaunchOption]
    var anyValue: any Sendable { get }
    /// The flag holding `value` (one of its own rows' results).
    func holding(_ value: any Sendable) -> any Sendable
}

extension LaunchFlag: AnyLaunchFlag {
    func options(property: String) -> [LaunchOption] {
        (rows ?? []).map { row in
            let effect: LaunchOption.Effect
            switch row.effect {
            case .set(let set): effect = .set(property: property) { set($0 as! Value) }
            case .read(let read): effect = .read(property: property, read)
            }
            return LaunchOption(row.name, row.placeholder, help: row.help, effect: effect)
        }
    }

    var anyValue: any Sendable { wrappedValue }

    func holding(_ value: any Sendable) -> any Sendable { LaunchFlag(wrappedValue: value as! Value, rows: nil) }
}

/// Decodable only so that the compiler writes `LaunchOptions.init(from:)`:
/// `ParsedArguments` hands each property its flag whole, so this is never
/// asked to decode anything itself.
extension LaunchFlag: Decodable {
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a launch flag is made by LaunchOptions.parse"))
    }
}
