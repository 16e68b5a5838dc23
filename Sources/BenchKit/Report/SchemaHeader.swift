/// The `schema` of a JSON object, read without decoding the rest: nil when the key is
/// missing or not an integer. Decoding fails only when the data is not a JSON object.
struct SchemaHeader: Decodable {
    /// The schema version, if the object has an integer one.
    let schema: Int?

    private enum CodingKeys: String, CodingKey {
        case schema
    }

    /// Reads `schema` from a keyed container.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try? container.decode(Int.self, forKey: .schema)
    }
}
