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

    /// The outcome as a result.
    public var result: Result<JSONValue, ActorError> {
        if let error { return .failure(error) }
        return .success(output ?? .null)
    }
}
