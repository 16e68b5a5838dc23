#if RemoteHost
import Host
import Platform

/// How a ``RemoteHostServer`` listens and what it accepts.
public struct RemoteServerConfiguration: Sendable, Equatable {
    /// The namespace when none is given.
    public static let defaultNamespace = "default"
    /// The frame limit when none is given: 64 KiB.
    public static let defaultMaxFrameBytes = 64 * 1024
    /// The limit of open sockets when none is given.
    public static let defaultMaxConnections = 1024
    /// The limit of open sockets from one address when none is given.
    public static let defaultMaxConnectionsPerAddress = 64
    /// The handshake deadline when none is given: 10 s.
    public static let defaultHandshakeDeadline: Duration = .seconds(10)
    /// The ping interval when none is given: 30 s.
    public static let defaultPingInterval: Duration = .seconds(30)
    /// The shutdown grace when none is given: 5 s.
    public static let defaultShutdownGrace: Duration = .seconds(5)

    /// The address to bind, `127.0.0.1` by default (loopback only).
    public let host: String
    /// The TCP port; 0 picks a free one (``RemoteHostServer/port`` tells which).
    public let port: Int
    /// The bearer token every upgrade must carry, nil to accept any client.
    public let token: String?
    /// The namespace served: the WebSocket path is `/<namespace>`.
    public let namespace: String
    /// The largest text frame (message) accepted; a larger one is answered with `host`
    /// `frame_too_large` and skipped.
    public let maxFrameBytes: Int
    /// The most positional arguments an action may carry.
    public let maxActionArguments: Int
    /// Frames a connection may have waiting for its socket; events beyond it are dropped and
    /// counted, and the connection stops reading actions until its client catches up.
    public let outboundQueueCapacity: Int
    /// How long a stopping server (``RemoteHostServer/stop()``, SIGTERM, SIGINT) waits for its
    /// sockets to close after telling every WebSocket client goodbye (close code 1001); then
    /// the sockets still open, upgraded, half-sent or silent, are closed regardless.
    public let shutdownGrace: Duration
    /// How long a socket may stay silent before its WebSocket upgrade completes, and an
    /// upgraded one before its `connect` frame: past it the socket is closed (a silent TCP
    /// connection, half-sent headers, a mute upgrade hold nothing).
    public let handshakeDeadline: Duration
    /// How often the host pings each WebSocket client. A client that has not answered the
    /// previous ping when the next is due is closed (code 1001, "Ping timeout"), so a peer that
    /// vanished without closing (a dropped link, a suspended machine) holds nothing for long.
    /// Zero sends no pings.
    public let pingInterval: Duration
    /// The most sockets open at once, upgraded or not; one more is answered
    /// `503 Service Unavailable` and closed.
    public let maxConnections: Int
    /// The most sockets open at once from one IP address, answered as beyond ``maxConnections``.
    public let maxConnectionsPerAddress: Int

    /// A configuration.
    /// - Throws: `ActorError` `config_error` for an empty host, a port outside `0...65535`, a
    ///   token that is empty or not printable ASCII without spaces, a bad namespace, a frame limit below 1 KiB or above 16 MiB, a non-positive argument limit or
    ///   queue capacity, a shutdown grace outside 0...600 s, a handshake deadline outside
    ///   0.01...600 s, a ping interval other than zero or 0.05...3600 s, or connection limits
    ///   below 1 (or a per-address one above the total).
    public init(
        host: String = "127.0.0.1", port: Int = 8787, token: String? = nil, namespace: String = defaultNamespace,
        maxFrameBytes: Int = defaultMaxFrameBytes, maxActionArguments: Int = 16, outboundQueueCapacity: Int = 1024,
        shutdownGrace: Duration = defaultShutdownGrace, handshakeDeadline: Duration = defaultHandshakeDeadline,
        pingInterval: Duration = defaultPingInterval, maxConnections: Int = defaultMaxConnections, maxConnectionsPerAddress: Int = defaultMaxConnectionsPerAddress
    ) throws(ActorError) {
        guard !host.isEmpty else { throw .configError("the host to bind must not be empty") }
        guard (0...65535).contains(port) else { throw .configError("port must be 0...65535 (got \(port))") }
        try Self.validate(namespace: namespace)
        guard (1024...16 * 1024 * 1024).contains(maxFrameBytes) else {
            throw .configError("the frame limit must be 1024...16777216 bytes (got \(maxFrameBytes))")
        }
        guard maxActionArguments > 0 else { throw .configError("the argument limit must be positive (got \(maxActionArguments))") }
        guard outboundQueueCapacity > 0 else {
            throw .configError("the outbound queue capacity must be positive (got \(outboundQueueCapacity))")
        }
        guard shutdownGrace >= .zero, shutdownGrace <= .seconds(600) else {
            throw .configError("the shutdown grace must be 0...600 s (got \(shutdownGrace))")
        }
        guard handshakeDeadline >= .milliseconds(10), handshakeDeadline <= .seconds(600) else {
            throw .configError("the handshake deadline must be 0.01...600 s (got \(handshakeDeadline))")
        }
        guard pingInterval == .zero || (pingInterval >= .milliseconds(50) && pingInterval <= .seconds(3600)) else {
            throw .configError("the ping interval must be 0 (no pings) or 0.05...3600 s (got \(pingInterval))")
        }
        guard maxConnections > 0, (1...maxConnections).contains(maxConnectionsPerAddress) else {
            throw .configError(
                "the connection limits must be positive, the per-address one at most the total (got \(maxConnections) and \(maxConnectionsPerAddress))")
        }
        if let token { try Self.validate(token: token) }
        self.host = host
        self.port = port
        self.token = token
        self.namespace = namespace
        self.maxFrameBytes = maxFrameBytes
        self.maxActionArguments = maxActionArguments
        self.outboundQueueCapacity = outboundQueueCapacity
        self.shutdownGrace = shutdownGrace
        self.handshakeDeadline = handshakeDeadline
        self.pingInterval = pingInterval
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
    }

    /// Checks that `namespace` is a non-empty path segment of letters, digits, `-`, `_` and `.`.
    /// - Throws: `ActorError` `config_error` otherwise.
    static func validate(namespace: String) throws(ActorError) {
        let allowed = namespace.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        }
        guard !namespace.isEmpty, allowed else {
            throw .configError("a namespace is letters, digits, '-', '_' and '.' (got \"\(TerminalText.escaped(namespace))\")")
        }
    }

    /// Checks that `token` is a non-empty run of printable ASCII without spaces, as an
    /// `Authorization: Bearer` header can carry it.
    /// - Throws: `ActorError` `config_error` otherwise, without echoing the token.
    static func validate(token: String) throws(ActorError) {
        guard !token.isEmpty else { throw .configError("a bearer token must not be empty") }
        guard token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw .configError("a bearer token is printable ASCII without spaces (the one given has other characters)")
        }
    }
}
#endif
