/// What a host sends to one connection, in order: ``initialized(_:)`` or ``closed(_:)`` first,
/// then any number of events and errors, and at most one ``closed(_:)``, the last message.
public enum ServerMessage: Sendable, Equatable, Codable {
    /// The connection is open.
    case initialized(InitMessage)
    /// A subscribed event.
    case event(EventMessage)
    /// A problem that concerns the connection but does not close it.
    case error(ActorError)
    /// The connection is closed, with the reason when it is an error.
    case closed(ActorError?)
}
