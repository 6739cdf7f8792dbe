/// Reading a node as what it is expected to be: nil (or empty) when it is
/// not, so a test or a check says what it found rather than trapping.
extension JSONNode {
    public var string: String? { if case .string(let s) = value { return s }; return nil }
    public var number: Double? { if case .number(let n) = value { return n }; return nil }
    public var bool: Bool? { if case .bool(let b) = value { return b }; return nil }
    public var isNull: Bool { value == .null }
    public var array: [JSONNode] { if case .array(let a) = value { return a }; return [] }
    public var numbers: [Double] { array.compactMap(\.number) }

    /// The member at the end of `path`, one object inside the next.
    public subscript(path: String...) -> JSONNode? {
        var node: JSONNode? = self
        for key in path { node = node?[key] }
        return node
    }
}
