#if RemoteHost
import Platform
import Host
import Hummingbird
import HummingbirdCore
import NIOCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// Serves the worlds of a `WorldHost` over WebSocket: one JSON text frame per message
/// (`ClientFrame` in, `HostFrame` out), at `ws://host:port/<namespace>`, to clients whose
/// upgrade carries `Authorization: Bearer <token>` when a token is configured.
///
/// A wrong token or namespace is upgraded all the same and answered with a `closed` frame
/// (`host` `unauthorized` or `namespace_mismatch`), then the socket closes. Every socket writes
/// through a bounded queue, so a client that stops reading loses events (counted) but never
/// makes a world wait.
public final class RemoteHostServer: Sendable {
    private struct State {
        var connections: [UInt64: ServedConnection] = [:]
        var nextSocket: UInt64 = 1
        var group: ServiceGroup?
        var stopRequested = false
        var port: Int?
    }

    /// What the server accepts and where it listens.
    public let configuration: RemoteServerConfiguration
    /// The most sockets open at once: the configuration's ``RemoteServerConfiguration/maxConnections``,
    /// lowered to what the process's open-file limit leaves after a reserve (``OpenFileLimit``),
    /// so that no peer can take the process to its last descriptor.
    public let maxConnections: Int
    private let host: WorldHost
    private let state = Locked(State())
    private let sockets: SocketRegistry
    private let logger: Logger

    /// A server (not listening yet) for the worlds of `host`.
    public init(host: WorldHost, configuration: RemoteServerConfiguration) {
        self.host = host
        self.configuration = configuration
        let room = OpenFileLimit.current.flatMap { limit in OpenFileLimit.openCount.map { OpenFileLimit.socketRoom(limit: limit, open: $0) } }
        maxConnections = min(configuration.maxConnections, room ?? .max)
        sockets = SocketRegistry(maxTotal: maxConnections, maxPerAddress: min(configuration.maxConnectionsPerAddress, maxConnections))
        var logger = Logger(label: "ecs-bench.host-remote.server")
        // Hummingbird logs every socket that closes before its upgrade completes (a refused,
        // silent or half-sent one) as an error: a line per misbehaving peer on stderr, which a
        // peer could use to flood the log. Only critical failures are printed.
        logger.logLevel = .critical
        self.logger = logger
    }

    /// The bound port, once listening.
    public var port: Int? { state.withLock { $0.port } }

    /// The open sockets, in accept order.
    public var connections: [RemoteConnectionStats] {
        state.withLock { $0.connections.values.sorted { $0.socket < $1.socket } }.map(\.stats)
    }

    /// Serves until ``stop()`` (or SIGTERM / SIGINT when `stopsOnSignals`), calling
    /// `onListening` with the bound port once the socket listens.
    /// - Throws: `ActorError` `config_error` when the open-file limit leaves no room for a
    ///   socket; what binding the address throws (an address in use, for example).
    public func run(stopsOnSignals: Bool = false, onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        guard maxConnections > 0 else {
            throw ActorError.configError("the open-file limit (\(OpenFileLimit.current ?? 0)) leaves no descriptor for a socket")
        }
        let webSocket = HTTP1WebSocketUpgradeChannel.Configuration(
            ws: .init(
                maxFrameSize: min(configuration.maxFrameBytes * 4, 64 * 1024 * 1024), extensions: [MaskedFrameRule.factory],
                autoPing: configuration.pingInterval == .zero ? .disabled : .enabled(timePeriod: configuration.pingInterval)))
        let deadline = TimeAmount(configuration.handshakeDeadline)
        let application = Application(
            router: Router(),
            server: HTTPServerBuilder { responder in
                HandshakeDeadlineChannel(
                    base: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: webSocket) { [self] request, channel, _ in
                        // An upgrade carries no body. One that declares a body, or asks to send
                        // one, would wait for it before upgrading: it is not upgraded, and the
                        // handshake deadline closes the socket if the body never comes.
                        guard !Self.declaresBody(request) else { return .dontUpgrade }
                        // The upgrade is under way: the connection's own deadline takes over.
                        channel.pipeline.removeHandler(name: HandshakeDeadlineHandler.name, promise: nil)
                        self.sockets.upgraded(channel)
                        let refusal = refusal(for: request)
                        return .upgrade([:]) { inbound, outbound, _ in await self.serve(inbound, outbound, refusal: refusal) }
                    },
                    deadline: deadline,
                    sockets: self.sockets)
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "ecs-host"),
            onServerRunning: { [state] channel in
                let port = channel.localAddress?.port ?? 0
                state.withLock { $0.port = port }
                onListening(port)
            },
            logger: logger
        )
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: application), .init(service: ShutdownNotice(server: self), successTerminationBehavior: .ignore)],
            gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [], logger: logger
        )
        // Past the grace, the listener and every socket still open (silent, half-sent, upgraded
        // but mute) are cancelled: a peer cannot hold a stopping host.
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownGrace
        let group = ServiceGroup(configuration: groupConfiguration)
        let stopped = state.withLock { state in
            state.group = group
            return state.stopRequested
        }
        guard !stopped else { return }
        try await group.run()
    }

    /// Starts serving on a task and returns the bound port once the socket listens.
    /// - Throws: what binding the address throws.
    public func start() async throws -> Int {
        let waiter = Locked<CheckedContinuation<Int, any Error>?>(nil)
        return try await withCheckedThrowingContinuation { continuation in
            waiter.withLock { $0 = continuation }
            Task {
                do {
                    try await self.run { port in waiter.withLock { $0.take() }?.resume(returning: port) }
                    waiter.withLock { $0.take() }?.resume(throwing: ActorError.connectionClosed("the server stopped before it listened"))
                } catch {
                    waiter.withLock { $0.take() }?.resume(throwing: error)
                }
            }
        }
    }

    /// Closes every socket with `host` `connection_closed` (close code 1001, going away) and
    /// stops listening; sockets that do not close within the configuration's
    /// ``RemoteServerConfiguration/shutdownGrace`` are closed regardless.
    public func stop() {
        let group = state.withLock { state in
            state.stopRequested = true
            return state.group
        }
        closeConnections()
        Task { await group?.triggerGracefulShutdown() }
    }

    /// Says goodbye to every open WebSocket (a `closed` frame, then close code 1001) and
    /// closes every socket still in its handshake.
    fileprivate func closeConnections() {
        sockets.closePending()
        let open = state.withLock { Array($0.connections.values) }
        for connection in open { connection.close(.connectionClosed("the host is shutting down"), code: .goingAway) }
    }

    /// Why the upgrade `request` is refused, nil when it is accepted.
    /// Whether `request` declares a body (a non-zero `Content-Length`, a `Transfer-Encoding`) or
    /// asks to send one (`Expect`).
    static func declaresBody(_ request: HTTPRequest) -> Bool {
        let fields = request.headerFields
        if let length = fields[.contentLength], Int(length) != 0 { return true }
        return fields[.transferEncoding] != nil || fields[.expect] != nil
    }

    private func refusal(for request: HTTPRequest) -> ActorError? {
        if let token = configuration.token, !BearerToken.matches(header: request.headerFields[.authorization], expected: token) {
            return .unauthorized
        }
        let path = request.path ?? "/"
        let requested = String(path.dropFirst().prefix { $0 != "?" })
        guard requested == configuration.namespace else {
            return .namespaceMismatch(requested: requested, served: configuration.namespace)
        }
        return nil
    }

    /// Serves one upgraded socket, registered while it is open.
    private func serve(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, refusal: ActorError?) async {
        let connection = state.withLock { state in
            let connection = ServedConnection(socket: state.nextSocket, host: host, configuration: configuration)
            state.nextSocket += 1
            state.connections[connection.socket] = connection
            return connection
        }
        await connection.serve(inbound, outbound, refusal: refusal)
        _ = state.withLock { $0.connections.removeValue(forKey: connection.socket) }
    }
}

/// The service that closes the server's WebSockets when its group shuts down gracefully (on
/// SIGTERM or SIGINT as on ``RemoteHostServer/stop()``).
private struct ShutdownNotice: Service {
    let server: RemoteHostServer

    func run() async throws {
        try? await gracefulShutdown()
        server.closeConnections()
    }
}
#endif
