#if RemoteHost
import ECS
import Host
import HostExamples
import HostRemote

/// Where the worlds of a test run: the same client tests pass against each.
enum Backend: String, CaseIterable, CustomStringConvertible {
    /// A `WorldHost` in the test process, its worlds inline, no network.
    case inProcess
    /// A `RemoteHostServer` in the test process, its worlds isolated, over a loopback WebSocket.
    case server
    /// An `ecs-host` process started by the test, over a loopback WebSocket.
    case ecsHost

    var description: String { rawValue }
}

/// The worlds of one ``Backend`` (the counter and confetti examples) and clients of them,
/// whose disposals and reconnections run on ``clock``.
final class BackendFixture: Sendable {
    /// The clients' clock (and, in process, the worlds' clock too).
    let clock = VirtualClock()
    let backend: Backend
    /// The host in this process (nil for `ecs-host`).
    let host: WorldHost?
    /// The server in this process (``Backend/server`` only).
    let server: RemoteHostServer?
    private let process: EcsHostProcess?
    /// How a remote client reaches the worlds (nil in process).
    let config: ClientConfig?

    /// Starts the worlds of `backend`.
    init(_ backend: Backend) async throws {
        self.backend = backend
        switch backend {
        case .inProcess:
            let host = WorldHost(clock: clock)
            try host.register(CounterWorld.definition())
            self.host = host
            server = nil
            process = nil
            config = nil
        case .server:
            // The parity tests check answers, not budgets: a budget far above any stall of a
            // sanitised full run (WorldIsolationTests checks ecs-host's default).
            let host = WorldHost(execution: try .isolated(actionBudget: .seconds(60)))
            try host.register(CounterWorld.definition())
            let server = RemoteHostServer(host: host, configuration: try RemoteServerConfiguration(port: 0, token: "secret"))
            let port = try await server.start()
            self.host = host
            self.server = server
            process = nil
            config = try ClientConfig(endpoint: HostEndpoint(port: port), token: "secret")
        case .ecsHost:
            let process = try await EcsHostProcess(["--token", "secret"])
            host = nil
            server = nil
            self.process = process
            config = try ClientConfig(endpoint: HostEndpoint(port: process.port), token: "secret")
        }
    }

    /// Stops the worlds (a test calls it in a `defer`, which also keeps the fixture alive).
    func finish() {
        server?.stop()
        host?.shutDown()
        process?.kill()
    }

    /// A new client of the worlds.
    func client() -> HostClient {
        if let config { return HostClient(config: config, clock: clock) }
        return HostClient(transport: host ?? WorldHost(clock: clock), clock: clock)
    }

    /// A handle on the counter `key` of a new client, mounted and connected (within
    /// ``waitLimitSeconds``).
    func connected(_ key: String = "main", createWithInput: Int? = nil, client: HostClient? = nil) async throws -> ActorObservable {
        let handle = try (client ?? self.client()).actor("counter", key: key, createWithInput: createWithInput)
        handle.mount()
        try await waitUntil("the counter \(key) to connect") { handle.isConnected }
        return handle
    }
}
#endif
