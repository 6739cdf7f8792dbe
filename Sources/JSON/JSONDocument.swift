/// A small JSON reader that remembers the line of every value.
///
/// Foundation's JSONDecoder on Linux reports a syntax error as "not valid
/// JSON" with no position, and a field error with a coding path but no line.
/// People editing `trips.json` or a state file by hand need "line 4: expected
/// ..." so this reader keeps positions, and the model types read from it.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(key: String, node: JSONNode)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.node == $1.node }
        default: return false
        }
    }

    /// What the value is, in words for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "true/false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// A JSON value with the 1-based line it starts on.
public struct JSONNode: Equatable, Sendable {
    public var value: JSONValue
    public var line: Int

    public init(_ value: JSONValue, line: Int) {
        self.value = value
        self.line = line
    }

    /// Two nodes are equal when their values are: where a value stood in its
    /// file is for messages, not part of what it says.
    public static func == (a: JSONNode, b: JSONNode) -> Bool { a.value == b.value }

    /// The member `key` of an object, or nil (also when this is no object).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first(where: { $0.key == key })?.node
    }
}

/// A syntax error with the line and column where reading stopped.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

public enum JSONDocument {
    /// Parses a whole document; anything but white space after the value is
    /// an error. Nesting is limited to 256 levels so a hostile file cannot
    /// exhaust the stack.
    public static func parse(_ text: String) throws -> JSONNode {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipSpace()
        let node = try reader.readValue(depth: 0)
        reader.skipSpace()
        if reader.index < reader.bytes.count { throw reader.error("unexpected text after the end of the document") }
        return node
    }

    /// Writes a value as JSON text, objects in the order given, two-space
    /// indented, so saved files are stable and diffable.
    public static func serialize(_ value: JSONValue, indent: String = "") -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
            return n.isFinite ? "\(n)" : "null"
        case .string(let s): return quote(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + serialize($0.value, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + quote($0.key) + ": " + serialize($0.node.value, indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        func error(_ message: String) -> JSONSyntaxError {
            JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): index += 1; line += 1; lineStart = index
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                default: return
                }
            }
        }

        mutating func readValue(depth: Int) throws -> JSONNode {
            guard depth < 256 else { throw error("nested deeper than 256 levels") }
            guard index < bytes.count else { throw error("expected a value, found the end of the file") }
            let startLine = line
            switch bytes[index] {
            case UInt8(ascii: "{"): return JSONNode(try readObject(depth: depth), line: startLine)
            case UInt8(ascii: "["): return JSONNode(try readArray(depth: depth), line: startLine)
            case UInt8(ascii: "\""): return JSONNode(.string(try readString()), line: startLine)
            case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(.bool(true), line: startLine)
            case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(.bool(false), line: startLine)
            case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(.null, line: startLine)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(.number(try readNumber()), line: startLine)
            default:
                throw error("expected a value, found '\(Character(Unicode.Scalar(bytes[index])))'")
            }
        }

        mutating func expectWord(_ word: String) throws {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
                throw error("expected '\(word)'")
            }
            index += w.count
        }

        mutating func readNumber() throws -> Double {
            let start = index
            let allowed = Set("+-0123456789.eE".utf8)
            while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let n = Double(text), n.isFinite else { index = start; throw error("'\(text)' is not a number") }
            return n
        }

        mutating func readString() throws -> String {
            index += 1 // opening quote
            var out = [UInt8]()
            while index < bytes.count {
                let b = bytes[index]
                switch b {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { break }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "r"): out.append(13)
                    case UInt8(ascii: "b"): out.append(8)
                    case UInt8(ascii: "f"): out.append(12)
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                        else { throw error("expected four hex digits after \\u") }
                        index += 4
                        out.append(contentsOf: Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8))
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    default: throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
                    }
                case UInt8(ascii: "\n"):
                    throw error("a string may not run past the end of the line")
                default:
                    out.append(b)
                    index += 1
                }
            }
            throw error("a string is not closed before the end of the file")
        }

        mutating func readArray(depth: Int) throws -> JSONValue {
            index += 1
            var items: [JSONNode] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try readValue(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("a list is not closed with ']' before the end of the file") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw error("expected ',' or ']' in a list")
            }
        }

        mutating func readObject(depth: Int) throws -> JSONValue {
            index += 1
            var members: [(key: String, node: JSONNode)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let key = try readString()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
                index += 1
                skipSpace()
                members.append((key, try readValue(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw error("an object is not closed with '}' before the end of the file") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }
}
