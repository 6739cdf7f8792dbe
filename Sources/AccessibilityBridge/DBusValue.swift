/// A D-Bus value as plain Swift data, so that the AT-SPI objects answer
/// calls and build signals without a bus (tested so); `DBusMessageCoding`
/// turns it into libdbus's wire form and back.
public indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// The element signature is kept so that an empty array still has its type.
    case array(element: String, [DBusValue])
    case structure([DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)

    /// The value's D-Bus type signature ("s", "a{sv}", "(so)").
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .bool: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .array(let element, _): return "a" + element
        case .structure(let members): return "(" + members.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): return "{" + key.signature + value.signature + "}"
        case .variant: return "v"
        }
    }

    /// A dictionary `a{sv}` or `a{ss}` from its pairs, in the order given.
    public static func dictionary(_ pairs: [(String, DBusValue)], valueSignature: String = "v") -> DBusValue {
        .array(element: "{s" + valueSignature + "}", pairs.map { .dictEntry(.string($0.0), $0.1) })
    }

    public var stringValue: String? {
        switch self {
        case .string(let s), .objectPath(let s), .signature(let s): return s
        case .variant(let inner): return inner.stringValue
        default: return nil
        }
    }

    public var intValue: Int? {
        switch self {
        case .byte(let v): return Int(v)
        case .int16(let v): return Int(v)
        case .uint16(let v): return Int(v)
        case .int32(let v): return Int(v)
        case .uint32(let v): return Int(v)
        case .int64(let v): return Int(v)
        case .uint64(let v): return v <= UInt64(Int.max) ? Int(v) : nil
        case .variant(let inner): return inner.intValue
        default: return nil
        }
    }

    /// A number of any width, as a double (a reader sets a value as one).
    public var doubleValue: Double? {
        if case .double(let d) = self { return d }
        if case .variant(let inner) = self { return inner.doubleValue }
        return intValue.map(Double.init)
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        if case .variant(let inner) = self { return inner.boolValue }
        return nil
    }
}

/// A method call as it came off the bus.
public struct DBusCall: Equatable, Sendable {
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue] = []

    /// The arguments' signature, which a method checks before it reads them.
    public var signature: String { arguments.map(\.signature).joined() }
}

/// What a method call is answered with.
public enum DBusReply: Equatable, Sendable {
    case values([DBusValue])
    case error(name: String, message: String)

    static func unknownObject(_ path: String) -> DBusReply {
        .error(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no accessible at \(path)")
    }
    static func unknownMethod(_ call: DBusCall) -> DBusReply {
        .error(name: "org.freedesktop.DBus.Error.UnknownMethod",
               message: "\(call.interface).\(call.member) with signature \"\(call.signature)\" is not known at \(call.path)")
    }
    static func invalidArgs(_ message: String) -> DBusReply {
        .error(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }
}

/// A signal to send.
public struct DBusSignal: Equatable, Sendable {
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue]
}
