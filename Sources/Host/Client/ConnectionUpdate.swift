/// What an ``ActorConnection`` tells the handles that use it.
enum ConnectionUpdate: Sendable {
    /// The status changed; `error` is the reason of a failure, nil otherwise.
    case status(ActorConnStatus, error: ActorError?)
    /// A subscribed event arrived.
    case event(EventMessage)
    /// The host reported a problem that does not close the connection.
    case error(ActorError)
}
