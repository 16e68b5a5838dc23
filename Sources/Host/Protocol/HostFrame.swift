/// One JSON text frame from a remote host to a client: the message's own fields plus a `type`
/// (`init`, `response`, `event`, `error` or `closed`), as `docs/host-protocol.md` describes.
public enum HostFrame: Sendable, Equatable, Codable {
    /// The connection is open.
    case initialized(InitMessage)
    /// The answer to an action request.
    case response(ActionResponse)
    /// A subscribed event.
    case event(EventMessage)
    /// A problem that leaves the connection open.
    case error(ActorError)
    /// The connection is closed, with the reason when it is an error; the socket closes next.
    case closed(ActorError?)

    private enum CodingKeys: String, CodingKey {
        case type, error
    }

    /// The frame carrying `message`, nil for the messages a transport makes up itself
    /// (``ServerMessage/interrupted(_:)``, ``ServerMessage/reconnecting``), which never travel.
    public init?(_ message: ServerMessage) {
        switch message {
        case .initialized(let message): self = .initialized(message)
        case .event(let event): self = .event(event)
        case .error(let error): self = .error(error)
        case .closed(let error): self = .closed(error)
        case .interrupted, .reconnecting: return nil
        }
    }

    /// The message this frame delivers to a connection, nil for a ``response(_:)``.
    public var serverMessage: ServerMessage? {
        switch self {
        case .initialized(let message): .initialized(message)
        case .event(let event): .event(event)
        case .error(let error): .error(error)
        case .closed(let error): .closed(error)
        case .response: nil
        }
    }

    /// Reads the `type`, then the message of that type from the same object.
    /// - Throws: `DecodingError` for a missing or unknown `type` or a message that does not decode.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "init": self = .initialized(try InitMessage(from: decoder))
        case "response": self = .response(try ActionResponse(from: decoder))
        case "event": self = .event(try EventMessage(from: decoder))
        case "error": self = .error(try ActorError(from: decoder))
        case "closed": self = .closed(try container.decodeIfPresent(ActorError.self, forKey: .error))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown host frame type \(type)")
        }
    }

    /// Writes the message's fields and its `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .initialized(let message):
            try container.encode("init", forKey: .type)
            try message.encode(to: encoder)
        case .response(let response):
            try container.encode("response", forKey: .type)
            try response.encode(to: encoder)
        case .event(let event):
            try container.encode("event", forKey: .type)
            try event.encode(to: encoder)
        case .error(let error):
            try container.encode("error", forKey: .type)
            try error.encode(to: encoder)
        case .closed(let error):
            try container.encode("closed", forKey: .type)
            try container.encodeIfPresent(error, forKey: .error)
        }
    }
}
