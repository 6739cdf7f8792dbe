/// What `LaunchOptions.parse` read, as a `Decoder` for the compiler's
/// `LaunchOptions.init(from:)`: each stored property's value by its name.
struct ParsedArguments: Decoder {
    let values: [String: any Sendable]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Properties(values: values))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Self.notAList }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Self.notAList }

    static let notAList = DecodingError.typeMismatch(LaunchOptions.self, .init(codingPath: [], debugDescription: "launch options are properties by name"))

    /// The properties by name: each is handed over as it is stored.
    struct Properties<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let values: [String: any Sendable]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
        /// The property's value as the parser stored it.
        private func handed<T>(_ key: Key) throws -> T {
            guard let value = values[key.stringValue] as? T else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "the parser gave no \(T.self) for \(key.stringValue)"))
            }
            return value
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try handed(key) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try handed(key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try handed(key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try handed(key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try handed(key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try handed(key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try handed(key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try handed(key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try handed(key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try handed(key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try handed(key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try handed(key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try handed(key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try handed(key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try handed(key) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw ParsedArguments.notAList
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw ParsedArguments.notAList }
        func superDecoder() throws -> any Decoder { throw ParsedArguments.notAList }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw ParsedArguments.notAList }
    }
}
