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
        // One place freed: the next socket is served (it stays open).
        held.removeFirst()
        try await Task.sleep(for: .milliseconds(200))
        let fourth = try TCPSocket(port: port)
        let served = await fourth.textUntilClose(within: .milliseconds(500))
        #expect(served == nil)
        #expect(held.count == 1)
    }

    @Test func limitsBelowOneOrAPerAddressLimitAboveTheTotalAreConfigErrors() {
        for (total, perAddress) in [(0, 1), (4, 0), (4, 5)] {
            #expect(throws: ActorError.self) { try RemoteServerConfiguration(maxConnections: total, maxConnectionsPerAddress: perAddress) }
        }
    }
}
