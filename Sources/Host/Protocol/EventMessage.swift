import ECS

/// Host → client: the world emitted `name` with positional `args` (a non-array payload
/// arrives as one argument, the event bus's rule).
public struct EventMessage: Sendable, Equatable, Codable {
    /// The event name.
    public let name: String
    /// Positional arguments.
    public let args: [JSONValue]

    /// Creates the message.
    public init(name: String, args: [JSONValue]) {
        self.name = name
        self.args = args
    }
}
