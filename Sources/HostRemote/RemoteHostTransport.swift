#if RemoteHost
import Host

/// The `HostTransport` of a host in another process: each connection is a WebSocket to the
/// host of ``ClientConfig``, reconnected after `min(0.5 s × attempt, 15 s)` on the given clock.
///
/// ```swift
/// let client = HostClient(config: try ClientConfig(endpoint: HostEndpoint(port: 8787), token: "secret"))
/// ```
public final class RemoteHostTransport: HostTransport {
    /// Where the host is.
    public let config: ClientConfig
    private let clock: any HostClock

    /// A transport to the host of `config`, timing reconnections on `clock`.
    public init(_ config: ClientConfig, clock: any HostClock = ContinuousHostClock()) {
        self.config = config
        self.clock = clock
    }

    /// Opens a WebSocket for `request`; the status messages follow as the socket opens, drops
    /// and reopens.
    public func open(_ request: ConnectRequest, receive: @escaping @Sendable (ServerMessage) -> Void) -> any TransportConnection {
        let connection = RemoteConnection(config: config, clock: clock, request: request, receive: receive)
        connection.connect()
        return connection
    }
}
#endif
