import Platform
import Host

/// A transport that answers nothing by itself: tests deliver host messages to any connection
/// it opened, including old ones, through `deliver`.
final class RecordingTransport: HostTransport {
    /// Behind a lock ThreadSanitizer sees, unlike a `Synchronization.Mutex` (see ``Locked``).
    private let receivers = Locked<[@Sendable (ServerMessage) -> Void]>([])

    func open(_ request: ConnectRequest, receive: @escaping @Sendable (ServerMessage) -> Void) -> any TransportConnection {
        receivers.withLock { $0.append(receive) }
        return SilentConnection()
    }

    /// Connections opened so far.
    var opened: Int { receivers.withLock { $0.count } }

    /// Delivers `message` to the connection opened `index`-th.
    func deliver(_ message: ServerMessage, to index: Int) {
        let receive = receivers.withLock { $0[index] }
        receive(message)
    }
}

/// A connection that answers every action with a fixed value.
struct SilentConnection: TransportConnection {
    nonisolated(nonsending) func perform(_ request: ActionRequest) async -> ActionResponse {
        ActionResponse(id: request.id, output: .int(Int64(request.id)))
    }
    func update(_ subscription: SubscriptionRequest) {}
    func close() {}
}
