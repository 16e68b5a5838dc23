#if RemoteHost
import Host
import HostExamples
import HostRemote
import Testing

/// A host holds at most its configured sockets, in all and per address; one more is refused
/// with `503 Service Unavailable`, and a freed place is taken again.
@Suite(.timeLimit(.minutes(10))) struct ConnectionLimitTests {
    @Test func socketsBeyondTheLimitsAreRefusedWith503() async throws {
        let host = WorldHost()
        try host.register(CounterWorld.definition())
        let server = RemoteHostServer(host: host, configuration: try RemoteServerConfiguration(
            port: 0, maxConnections: 3, maxConnectionsPerAddress: 2))
        let port = try await server.start()
        defer {
            server.stop()
            host.shutDown()
        }
        // Two sockets from 127.0.0.1 (silent, so the deadline of 10 s does not end them here).
        var held = [try TCPSocket(port: port), try TCPSocket(port: port)]
        try await Task.sleep(for: .milliseconds(200))
        let third = try TCPSocket(port: port)
        let refusal = await third.textUntilClose(within: .seconds(5))
        #expect(refusal?.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n") == true, "\(String(describing: refusal))")
        // One place freed: once the host has seen the close, the next socket is served (it
        // stays open). A loaded run can take the host a while to see it, so a refused try is
        // tried again, for up to 10 s.
        held.removeFirst()
        var served: TCPSocket?
        let deadline = ContinuousClock.now + .seconds(10)
        while served == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            let next = try TCPSocket(port: port)
            if await next.textUntilClose(within: .milliseconds(500)) == nil { served = next }
        }
        #expect(served != nil, "no socket was served after a place was freed")
        #expect(held.count == 1)
    }

    /// Under an open-file limit of 64, 100 silent sockets do not take `ecs-host` to its last
    /// descriptor (where libdispatch's worker monitor, unable to open /proc, crashed it a second
    /// later): those past the room the limit leaves are refused, and the host serves on.
    @Test func theOpenFileLimitCapsTheSocketsAndTheHostOutlivesASocketFlood() async throws {
        let process = try await EcsHostProcess(openFileLimit: 64)
        defer { process.kill() }
        var flood = try (0..<100).map { _ in try TCPSocket(port: process.port) }
        let refused = await withTaskGroup(of: Bool.self) { group in
            for socket in flood { group.addTask { await socket.waitForClose(within: .seconds(3)) } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let room = OpenFileLimit.socketRoom(limit: 64, open: 0)
        #expect(refused >= 100 - room, "\(refused) of 100 sockets refused; the limit leaves room for at most \(room)")
        #expect(refused < 100, "every socket was refused")
        try await Task.sleep(for: .seconds(1.5))
        #expect(process.isRunning, "ecs-host ended under the socket flood")
        flood.removeAll()
        let counter = try HostClient(config: try ClientConfig(endpoint: HostEndpoint(port: process.port))).actor("counter", key: "after")
        counter.mount()
        try await waitUntil("a client after the flood") { counter.isConnected }
        let total: Int = try await counter.action("add", 2)
        #expect(total == 2)
    }

    @Test func theRoomForSocketsKeepsAReserveOfDescriptors() {
        #expect(OpenFileLimit.reserve(for: 64) == 20 && OpenFileLimit.reserve(for: 1024) == 80)
        #expect(OpenFileLimit.socketRoom(limit: 64, open: 17) == 27)
        #expect(OpenFileLimit.socketRoom(limit: 64, open: 60) == 0)
        #expect(OpenFileLimit.socketRoom(limit: 1 << 20, open: 30) == (1 << 20) - 30 - 16 - (1 << 16))
        #expect(OpenFileLimit.current.map { $0 > 0 } ?? true)
    }

    @Test func limitsBelowOneOrAPerAddressLimitAboveTheTotalAreConfigErrors() {
        for (total, perAddress) in [(0, 1), (4, 0), (4, 5)] {
            #expect(throws: ActorError.self) { try RemoteServerConfiguration(maxConnections: total, maxConnectionsPerAddress: perAddress) }
        }
    }
}
#endif
