/// The published state of an ``ActorObservable`` at one moment.
public struct ActorSnapshot: Sendable, Equatable {
    /// The connection status.
    public let connStatus: ActorConnStatus
    /// The latest connection or decode error, nil after a (re)connection.
    public let error: ActorError?
    /// The generation of the connection in use, nil without one.
    public let connectionGeneration: UInt64?
    /// The identity hash.
    public let hash: String
    /// The options.
    public let opts: ActorOptions

    /// Whether the status is connected.
    public var isConnected: Bool { connStatus == .connected }
}
