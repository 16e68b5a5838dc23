#if RemoteHost
/// What a ``RemoteHostServer`` knows about one open socket.
public struct RemoteConnectionStats: Sendable, Equatable {
    /// The server's number for the socket (in accept order).
    public let socket: UInt64
    /// The identity hash of the world it is connected to, nil before its connect frame.
    public let actorID: String?
    /// Events dropped because its client did not read them in time.
    public let droppedEvents: Int
}
#endif
