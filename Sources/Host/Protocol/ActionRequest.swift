import ECS

/// Client → host: run action `name` with positional `args`; answered by the
/// ``ActionResponse`` with the same `id`.
public struct ActionRequest: Sendable, Equatable, Codable {
    /// Chosen by the client, unique per connection; the response carries it back.
    public let id: UInt64
    /// The action name.
    public let name: String
    /// Positional arguments.
    public let args: [JSONValue]

    /// Creates the request.
    public init(id: UInt64, name: String, args: [JSONValue]) {
        self.id = id
        self.name = name
        self.args = args
    }
}
