/// One JSON text frame from a client to a remote host: the message's own fields plus a
/// `type` (`connect`, `action` or `subscription`), as `docs/host-protocol.md` describes.
public enum ClientFrame: Sendable, Equatable, Codable {
    /// Opens the connection; the first frame of every socket, and only that one.
    case connect(ConnectRequest)
    /// Runs an action.
    case action(ActionRequest)
    /// Changes the connection's events.
    case subscription(SubscriptionRequest)

    private enum CodingKeys: String, CodingKey {
        case type
    }

    /// Reads the `type`, then the message of that type from the same object.
    /// - Throws: `DecodingError` for a missing or unknown `type` or a message that does not decode.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "connect": self = .connect(try ConnectRequest(from: decoder))
        case "action": self = .action(try ActionRequest(from: decoder))
        case "subscription": self = .subscription(try SubscriptionRequest(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown client frame type \(type)")
        }
    }

    /// Writes the message's fields and its `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .connect(let request):
            try container.encode("connect", forKey: .type)
            try request.encode(to: encoder)
        case .action(let request):
            try container.encode("action", forKey: .type)
            try request.encode(to: encoder)
        case .subscription(let request):
            try container.encode("subscription", forKey: .type)
            try request.encode(to: encoder)
        }
    }
}
