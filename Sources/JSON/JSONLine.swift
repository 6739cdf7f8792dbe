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
