/// How a client reaches a host: in process (``WorldHost`` itself) or, later, over WebSocket.
/// Both carry the same messages (`docs/host-protocol.md`).
public protocol HostTransport: Sendable {
    /// Opens a connection for `request`. Everything the host says arrives through `receive`,
    /// in order (see ``ServerMessage``); it may be called before this method returns.
    func open(_ request: ConnectRequest, receive: @escaping @Sendable (ServerMessage) -> Void) -> any TransportConnection
}
