#if RemoteHost
import Host

/// How a client reaches a remote host (`ecs-host` or a ``RemoteHostServer``).
public struct ClientConfig: Sendable, Equatable {
    /// The host's address.
    public let endpoint: HostEndpoint
    /// The bearer token sent on the upgrade (`Authorization: Bearer …`), nil for none.
    public let token: String?
    /// The namespace, the path of the WebSocket URL.
    public let namespace: String
    /// The largest frame the client sends; a larger action fails with `host` `frame_too_large`
    /// before it leaves (use the host's limit).
    public let maxFrameBytes: Int

    /// A configuration for the host at `endpoint`.
    /// - Throws: `ActorError` `config_error` for an empty host, a port outside `1...65535`, a
    ///   namespace that is empty or not made of letters, digits, `-`, `_` and `.`, or a frame
    ///   limit below 1 KiB.
    public init(
        endpoint: HostEndpoint, token: String? = nil, namespace: String = RemoteServerConfiguration.defaultNamespace,
        maxFrameBytes: Int = RemoteServerConfiguration.defaultMaxFrameBytes
    ) throws(ActorError) {
        guard !endpoint.host.isEmpty else { throw .configError("a host endpoint needs a host name or address") }
        guard (1...65535).contains(endpoint.port) else { throw .configError("port must be 1...65535 (got \(endpoint.port))") }
        try RemoteServerConfiguration.validate(namespace: namespace)
        if let token { try RemoteServerConfiguration.validate(token: token) }
        guard maxFrameBytes >= 1024 else { throw .configError("the frame limit must be at least 1024 bytes (got \(maxFrameBytes))") }
        self.endpoint = endpoint
        self.token = token
        self.namespace = namespace
        self.maxFrameBytes = maxFrameBytes
    }

    /// `ws://host:port/namespace`.
    var url: String { "ws://\(endpoint.host):\(endpoint.port)/\(namespace)" }
}
#endif
