/// The members of a JSON object, for ``SnapshotJSONDecoder``: each key is looked up by name
/// among the object's members.
struct SnapshotJSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SnapshotJSONDecoder
    /// The object's token index.
    let object: Int

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var keys: [Key] = []
        decoder.tape.forEachMember(of: object) { name in
            if let key = Key(stringValue: decoder.tape.string(at: name)) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        decoder.tape.member(key.stringValue, of: object) != nil
    }

    /// The token of `key`'s value.
    private func value(_ key: Key) throws -> Int {
        guard let index = decoder.tape.member(key.stringValue, of: object) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "the object at byte \(decoder.tape.offset(of: object)) has no member \"\(key.stringValue)\""))
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(at: try value(key)) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(at: try value(key), key) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try decoder.string(at: try value(key), key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try decoder.double(at: try value(key), key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try decoder.float(at: try value(key), key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(Int.self, at: try value(key), key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(Int8.self, at: try value(key), key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(Int16.self, at: try value(key), key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(Int32.self, at: try value(key), key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(Int64.self, at: try value(key), key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(UInt.self, at: try value(key), key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(UInt8.self, at: try value(key), key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(UInt16.self, at: try value(key), key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(UInt32.self, at: try value(key), key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(UInt64.self, at: try value(key), key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, at: try value(key), key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try value(key)
        try decoder.expect(.object, at: index, key)
        return KeyedDecodingContainer(SnapshotJSONKeyedDecodingContainer<NestedKey>(decoder: decoder, object: index))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try value(key)
        try decoder.expect(.array, at: index, key)
        return SnapshotJSONUnkeyedDecodingContainer(decoder: decoder, array: index)
    }

    func superDecoder() throws -> any Decoder {
        let key = SnapshotCodingKey(stringValue: "super")
        guard let index = decoder.tape.member(key.stringValue, of: object) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no member \"super\""))
        }
        return SnapshotJSONValueDecoder(decoder: decoder, index: index)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SnapshotJSONValueDecoder(decoder: decoder, index: try value(key))
    }
}
