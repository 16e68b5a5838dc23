/// Host → client: the connection is open on the world `actorID` (its identity hash).
public struct InitMessage: Sendable, Equatable, Codable {
    /// The identity hash of the world.
    public let actorID: String
    /// The host's id of this connection, unique for the host's lifetime.
    public let connectionID: UInt64
    /// The region the world runs in (where it was created).
    public let region: String

    /// Creates the message.
    public init(actorID: String, connectionID: UInt64, region: String = WorldHost.defaultRegion) {
        self.actorID = actorID
        self.connectionID = connectionID
        self.region = region
    }
}
