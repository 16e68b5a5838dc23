/// The state of an actor's connection (five cases, `disposed` included).
///
/// Transitions: idle → connecting when a connection is made; connecting → connected on the
/// host's init message; connected → disconnected when the host closes it or a reconnecting
/// transport loses it; disconnected → connecting when that transport tries again; any →
/// disposed when the connection is disposed. Disabling or changing the identity resets a handle to idle.
public enum ActorConnStatus: String, Sendable, Codable, CaseIterable {
    /// No connection (not mounted, disabled, or identity just changed).
    case idle
    /// A connection was opened and the host has not answered yet.
    case connecting
    /// The host answered; actions and events flow.
    case connected
    /// The host closed the connection.
    case disconnected
    /// The connection was disposed (5 s after its last user left).
    case disposed
}
