import Foundation

/// One JSON object a line, as replay prints it: compact, keys in the order
/// given, numbers rounded to what a person can compare by eye, so the same
/// script prints the same bytes on every machine.
public enum JSONLine {
    public static func write(_ value: JSONValue) -> String {
        switch value {
        case .null, .bool, .string: return JSONDocument.serialize(value)
        case .number(let n): return format(n)
        case .array(let items): return "[" + items.map { write($0.value) }.joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONDocument.quote($0.key) + ": " + write($0.node.value) }.joined(separator: ", ") + "}"
        }
    }

    /// Rounds to three decimals (a thousandth of a point is far below a pixel).
    public static func round(_ n: Double) -> Double { n.isFinite ? (n * 1000).rounded() / 1000 : 0 }

    static func format(_ n: Double) -> String {
        let r = round(n)
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        var s = String(format: "%.3f", r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

/// Shorthands for building snapshot objects.
extension JSONValue {
    static func num(_ v: CGFloat) -> JSONValue { .number(JSONLine.round(Double(v))) }
    static func list(_ values: [JSONValue]) -> JSONValue { .array(values.map { JSONNode($0, line: 0) }) }
    static func obj(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, node: JSONNode($0.1, line: 0)) }) }
    static func rect(_ r: CGRect) -> JSONValue { .list([.num(r.minX), .num(r.minY), .num(r.width), .num(r.height)]) }
}
