import ECS

/// Host → client: the answer to the ``ActionRequest`` with the same `id`: exactly one of
/// `output` (the action's return value) or `error`.
public struct ActionResponse: Sendable, Equatable, Codable {
    /// The id of the request answered.
    public let id: UInt64
    /// The action's return value, when it succeeded.
    public let output: JSONValue?
    /// Why the action failed, when it did.
    public let error: ActorError?

    /// A successful answer.
    public init(id: UInt64, output: JSONValue) {
        self.id = id
        self.output = output
        self.error = nil
    }

    /// A failed answer.
    public init(id: UInt64, error: ActorError) {
        self.id = id
        self.output = nil
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case id, output, error
    }

    /// Reads `id` and one of `output` or `error`; an absent or `null` output is `null`.
    /// - Throws: `DecodingError` for a missing or non-integer `id`, a field of the wrong type, or
    ///   a response that holds both an output and an error (it would answer its action twice).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UInt64.self, forKey: .id)
        output = try container.decodeIfPresent(JSONValue.self, forKey: .output)
        error = try container.decodeIfPresent(ActorError.self, forKey: .error)
        if output != nil, error != nil {
            throw DecodingError.dataCorruptedError(forKey: .error, in: container, debugDescription: "a response holds an output or an error, not both")
        }
    }

    /// The outcome as a result.
    public var result: Result<JSONValue, ActorError> {
        if let error { return .failure(error) }
        return .success(output ?? .null)
    }
}
