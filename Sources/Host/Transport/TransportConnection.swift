/// One open connection of a ``HostTransport``.
public protocol TransportConnection: Sendable {
    /// Runs an action in the world and returns its answer; a closed connection answers with
    /// an error, never by waiting forever. It runs on the caller's executor; the in-process
    /// host answers without suspending.
    nonisolated(nonsending) func perform(_ request: ActionRequest) async -> ActionResponse
    /// Changes which events the connection receives.
    func update(_ subscription: SubscriptionRequest)
    /// Closes the connection; the host starts no delivery to it afterwards (one already under
    /// way may still arrive, and a client ignores what reaches a closed connection).
    func close()
}
