#if RemoteHost
import ECS
import Host
import HostExamples
import HostRemote
import Testing

/// A client that stops reading: its events beyond the outbound bound are dropped and counted,
/// and its world keeps running its frames.
@Suite(.timeLimit(.minutes(10))) struct SlowClientTests {
    @Test func aClientThatStopsReadingDoesNotSlowItsWorldAndItsDropsAreCounted() async throws {
        let host = WorldHost()
        try host.register(CounterWorld.definition(targetFrameRate: 100))
        let server = RemoteHostServer(host: host, configuration: try RemoteServerConfiguration(port: 0, outboundQueueCapacity: 16))
        let port = try await server.start()
        defer {
            server.stop()
            host.shutDown()
        }
        let client = HostClient(config: try ClientConfig(endpoint: HostEndpoint(port: port)), clock: VirtualClock())
        let reader = try client.actor("counter", key: "slow")
        reader.mount()
        try await waitUntil("the reading client") { reader.isConnected }
        let stalled = RawSocket(port: port, reads: false)
        defer { stalled.close() }
        stalled.send(#"{"type":"connect","name":"counter","key":["slow"],"subscriptions":["blob","steps"]}"#)
        try await waitUntil("the stalled client to join") { server.connections.count == 2 && server.connections.allSatisfy { $0.actorID != nil } }

        // 24 MB of events for the stalled client: far beyond its socket buffers and queue.
        let flooded: Int = try await withTimeout("the flood action") { try await reader.action("flood", 384, 64 * 1024) }
        #expect(flooded == 384)
        let diagnostics = try #require(host.diagnostics(for: reader.hash))
        try await waitUntil("drops") { diagnostics[.deliveriesDropped] > 0 }

        // The world keeps its frames (100 per second) while the client does not read.
        let before = diagnostics[.frames]
        try await Task.sleep(for: .seconds(2))
        let frames = diagnostics[.frames] - before
        // A world that waited on the stalled socket would run next to none; a loaded machine
        // (AddressSanitizer on two cores ran 22 in one second) can cost most of them.
        #expect(frames >= 25, "the world ran \(frames) frames in 2 s at 100 fps")
        let total: Int = try await withTimeout("an action of the reading client") { try await reader.action("add", 1) }
        #expect(total == 1)

        let stalledStats = try #require(server.connections.first { $0.droppedEvents > 0 })
        #expect(stalledStats.droppedEvents == diagnostics[.deliveriesDropped])
        #expect(server.connections.filter { $0.droppedEvents > 0 }.count == 1, "only the stalled client drops")
    }
}
#endif
