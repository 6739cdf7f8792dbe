import CDBus
import Glibc

/// `DBusValue`s in and out of libdbus messages, with its iterators (the
/// variadic dbus_message_append_args cannot be called from Swift).
enum DBusMessageCoding {
    private static func code(_ c: Character) -> Int32 { Int32(c.asciiValue!) }

    /// How much of a message's arguments is read into Swift values: a
    /// screen reader's calls are a few short strings, and a client that
    /// sends megabytes gets an error rather than a stalled frame loop.
    struct Budget {
        /// The longest string taken, in bytes.
        static let stringLimit = 64 << 10
        /// Bytes of strings and values, and values, in all.
        var bytes = 1 << 20
        var values = 65_536
        /// Set when the message went past it: its arguments are not used.
        var exceeded = false

        mutating func spend(bytes count: Int) -> Bool {
            bytes -= count
            values -= 1
            if bytes < 0 || values < 0 || count > Self.stringLimit { exceeded = true }
            return !exceeded
        }
    }

    /// Every argument of `message`; nil when they are larger than a
    /// `Budget` allows (a string's length is asked of libdbus's own bytes
    /// before any Swift string is made of it).
    static func arguments(of message: OpaquePointer) -> [DBusValue]? {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var budget = Budget()
        let values = readAll(&iter, &budget)
        return budget.exceeded ? nil : values
    }

    private static func readAll(_ iter: inout DBusMessageIter, _ budget: inout Budget) -> [DBusValue] {
        var out: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iter) != 0 && !budget.exceeded {
            out.append(read(&iter, &budget))
            dbus_message_iter_next(&iter)
        }
        return out
    }

    private static func basic<T>(_ iter: inout DBusMessageIter, _ zero: T) -> T {
        var v = zero
        withUnsafeMutablePointer(to: &v) { dbus_message_iter_get_basic(&iter, UnsafeMutableRawPointer($0)) }
        return v
    }

    private static func read(_ iter: inout DBusMessageIter, _ budget: inout Budget) -> DBusValue {
        let type = UInt8(truncatingIfNeeded: dbus_message_iter_get_arg_type(&iter))
        guard budget.spend(bytes: 8) else { return .structure([]) }
        switch Character(Unicode.Scalar(type)) {
        case "y": return .byte(basic(&iter, UInt8(0)))
        case "b": return .bool(basic(&iter, dbus_bool_t(0)) != 0)
        case "n": return .int16(basic(&iter, Int16(0)))
        case "q": return .uint16(basic(&iter, UInt16(0)))
        case "i": return .int32(basic(&iter, Int32(0)))
        case "u": return .uint32(basic(&iter, UInt32(0)))
        case "x": return .int64(basic(&iter, Int64(0)))
        case "t": return .uint64(basic(&iter, UInt64(0)))
        case "d": return .double(basic(&iter, Double(0)))
        case "s", "o", "g":
            let p = basic(&iter, UnsafePointer<CChar>?.none)
            guard budget.spend(bytes: p.map { strlen($0) } ?? 0) else { return .string("") }
            let s = p.map { String(cString: $0) } ?? ""
            return type == UInt8(ascii: "s") ? .string(s) : type == UInt8(ascii: "o") ? .objectPath(s) : .signature(s)
        case "a":
            let signature = dbus_message_iter_get_signature(&iter)
            let element = signature.map { String(String(cString: $0).dropFirst()) } ?? ""
            dbus_free(signature)
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .array(element: element, readAll(&sub, &budget))
        case "r", "(":
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .structure(readAll(&sub, &budget))
        case "e", "{":
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            let pair = readAll(&sub, &budget)
            return pair.count == 2 ? .dictEntry(pair[0], pair[1]) : .structure(pair)
        case "v":
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(readAll(&sub, &budget).first ?? .structure([]))
        default:
            // A Unix file descriptor ('h') is never passed on this
            // connection (not negotiated); nothing else is left.
            return .uint32(0)
        }
    }

    /// Appends `values` to `message`; false if libdbus refused one (a
    /// string it would not take, memory).
    @discardableResult
    static func append(_ values: [DBusValue], to message: OpaquePointer) -> Bool {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        return values.allSatisfy { append($0, to: &iter) }
    }

    private static func appendBasic<T>(_ iter: inout DBusMessageIter, _ type: Character, _ value: T) -> Bool {
        var v = value
        return withUnsafePointer(to: &v) { dbus_message_iter_append_basic(&iter, code(type), UnsafeRawPointer($0)) } != 0
    }

    private static func appendString(_ iter: inout DBusMessageIter, _ type: Character, _ s: String) -> Bool {
        // A C string: a NUL inside would cut it short where libdbus checks the length.
        let clean = s.contains("\0") ? s.replacingOccurrences(of: "\0", with: "") : s
        return clean.withCString { appendBasic(&iter, type, $0) }
    }

    private static func container(_ iter: inout DBusMessageIter, _ type: Character, _ signature: String?,
                                  _ members: [DBusValue]) -> Bool {
        var sub = DBusMessageIter()
        let opened: Bool
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(&iter, code(type), $0, &sub) } != 0
        } else {
            opened = dbus_message_iter_open_container(&iter, code(type), nil, &sub) != 0
        }
        guard opened else { return false }
        let ok = members.allSatisfy { append($0, to: &sub) }
        guard ok else { dbus_message_iter_abandon_container(&iter, &sub); return false }
        return dbus_message_iter_close_container(&iter, &sub) != 0
    }

    private static func append(_ value: DBusValue, to iter: inout DBusMessageIter) -> Bool {
        switch value {
        case .byte(let v): return appendBasic(&iter, "y", v)
        case .bool(let v): return appendBasic(&iter, "b", dbus_bool_t(v ? 1 : 0))
        case .int16(let v): return appendBasic(&iter, "n", v)
        case .uint16(let v): return appendBasic(&iter, "q", v)
        case .int32(let v): return appendBasic(&iter, "i", v)
        case .uint32(let v): return appendBasic(&iter, "u", v)
        case .int64(let v): return appendBasic(&iter, "x", v)
        case .uint64(let v): return appendBasic(&iter, "t", v)
        case .double(let v): return appendBasic(&iter, "d", v)
        case .string(let s): return appendString(&iter, "s", s)
        case .objectPath(let s): return appendString(&iter, "o", s)
        case .signature(let s): return appendString(&iter, "g", s)
        case .array(let element, let members): return container(&iter, "a", element, members)
        case .structure(let members): return container(&iter, "r", nil, members)
        case .dictEntry(let key, let value): return container(&iter, "e", nil, [key, value])
        case .variant(let inner): return container(&iter, "v", inner.signature, [inner])
        }
    }
}
