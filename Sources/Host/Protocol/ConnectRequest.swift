import ECS

/// Client → host: open a connection to the world with this identity, creating it from
/// `createWithInput` when it does not exist (get-or-create), subscribed to `subscriptions`.
public struct ConnectRequest: Sendable, Equatable, Codable {
    /// The registered world name.
    public let name: String
    /// The instance key.
    public let key: [String]
    /// Connection parameters (part of the identity).
    public let params: JSONValue?
    /// The creation input, used only when the world is created.
    public let createWithInput: JSONValue?
    /// A region hint for creation.
    public let createInRegion: String?
    /// Event names the connection receives from the start.
    public private(set) var subscriptions: [String]

    /// The request for `options`, subscribed to `subscriptions`.
    public init(options: ActorOptions, subscriptions: [String]) {
        name = options.name
        key = options.key
        params = options.params
        createWithInput = options.createWithInput
        createInRegion = options.createInRegion
        self.subscriptions = subscriptions
    }

    /// The same request subscribed to `subscriptions` instead (a reconnection asks for the
    /// events subscribed meanwhile).
    public func subscribed(to subscriptions: [String]) -> ConnectRequest {
        var copy = self
        copy.subscriptions = subscriptions
        return copy
    }

    /// The identity hash of the requested world.
    public var hash: String { ActorIdentity.hash(name: name, key: key, params: params) }
}
