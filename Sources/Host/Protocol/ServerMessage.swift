/// What a host sends to one connection, in order: ``initialized(_:)`` or ``closed(_:)`` first,
/// then any number of events and errors, and at most one ``closed(_:)``, the last message.
///
/// A transport that reconnects by itself (the remote one) adds ``interrupted(_:)`` when it
/// loses the host and ``reconnecting`` when it tries again; a later ``initialized(_:)`` opens
/// the connection anew (a new `connectionID`). The in-process host never sends them.
public enum ServerMessage: Sendable, Equatable, Codable {
    /// The connection is open.
    case initialized(InitMessage)
    /// A subscribed event.
    case event(EventMessage)
    /// A problem that concerns the connection but does not close it.
    case error(ActorError)
    /// The connection is closed, with the reason when it is an error.
    case closed(ActorError?)
    /// The transport lost the host (the reason is `host` `connection_closed` or why it could not
    /// connect) and will try again: the status is `disconnected` until then.
    case interrupted(ActorError)
    /// The transport is trying to reach the host again: the status is `connecting`.
    case reconnecting
}
