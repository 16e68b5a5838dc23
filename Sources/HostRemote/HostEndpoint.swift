#if RemoteHost
/// Where a remote host listens: a host name or address and a TCP port.
public struct HostEndpoint: Sendable, Equatable {
    /// The host name or address, `127.0.0.1` by default.
    public let host: String
    /// The TCP port.
    public let port: Int

    /// The endpoint `host:port`.
    public init(host: String = "127.0.0.1", port: Int) {
        self.host = host
        self.port = port
    }
}
#endif
