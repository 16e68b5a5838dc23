/// Host → client: the connection is open on the world `actorID` (its identity hash).
public struct InitMessage: Sendable, Equatable, Codable {
    /// The identity hash of the world.
    public let actorID: String
    /// The host's id of this connection, unique for the host's lifetime.
    public let connectionID: UInt64

    /// Creates the message.
    public init(actorID: String, connectionID: UInt64) {
        self.actorID = actorID
        self.connectionID = connectionID
    }
}
