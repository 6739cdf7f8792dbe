import Foundation
import JSON

/// Shorthands for building snapshot objects.
extension JSONValue {
    static func num(_ v: CGFloat) -> JSONValue { .number(JSONLine.round(Double(v))) }
    static func list(_ values: [JSONValue]) -> JSONValue { .array(values.map { JSONNode($0, line: 0) }) }
    static func obj(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, node: JSONNode($0.1, line: 0)) }) }
    static func rect(_ r: CGRect) -> JSONValue { .list([.num(r.minX), .num(r.minY), .num(r.width), .num(r.height)]) }
}
