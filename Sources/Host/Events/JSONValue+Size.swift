extension JSONValue {
    /// About how many bytes the value takes as JSON text: a string's UTF-8 bytes and quotes
    /// (escapes not counted), 20 for a number, the structure's punctuation. Cheap for a
    /// native string (its UTF-8 count is stored), linear in the number of nested values.
    public var estimatedTextBytes: Int {
        switch self {
        case .null, .bool: return 5
        case .int, .uint, .double: return 20
        case .string(let text): return text.utf8.count + 2
        case .array(let values): return values.reduce(2) { $0 + $1.estimatedTextBytes + 1 }
        case .object(let members):
            return members.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.estimatedTextBytes }
        }
    }
}
