#if RemoteHost
import Platform
import Host
import HostExamples
import HostRemote
import ECS
import Testing

/// The example worlds `ecs-host` serves, reached over a loopback WebSocket.
@Suite(.timeLimit(.minutes(10))) struct EcsHostWorldsTests {
    @Test func aRemoteClientDealsAPrecisionTileBoard() async throws {
        let process = try await EcsHostProcess(["--token", "secret"])
        defer { process.kill() }
        let client = HostClient(config: try ClientConfig(endpoint: HostEndpoint(port: process.port), token: "secret"))
        let game = try client.actor("tiles", key: "remote", createWithInput: TileWorldInput(mode: .precision, level: 1))
        game.mount()
        try await waitUntil("the tile game to connect") { game.isConnected }
        let board: TileWorldState = try await game.action("state")
        #expect(board.mode == .precision && board.level == 1)
        #expect(board.tileIDs.count == board.dimension * board.dimension)
        #expect(Set(board.tileIDs) == Set(0..<board.tileIDs.count))
        #expect(board.fixedSlots.count == 4)
        game.unmount()
    }

    /// One `flood` cannot make the world hold or send without bound (15,000,000 empty events
    /// took 1 GB and stalled every world): its count, each size and their product are capped,
    /// and a refused flood emits nothing.
    @Test func aFloodIsBounded() throws {
        let world = CounterWorld(start: 0)
        let blobs = Locked(0)
        world.events.subscribe("blob") { (_: String) in blobs.withLock { $0 += 1 } }
        for (count, bytes) in [(15_000_000, 0), (-1, 0), (1, CounterWorld.maxFloodBytes + 1), (10_000, 1 << 20)] {
            #expect(throws: ECSError.self) { try world.flood(count: count, bytes: bytes) }
        }
        #expect(blobs.withLock { $0 } == 0)
        #expect(try world.flood(count: CounterWorld.maxFloodCount, bytes: 0) == CounterWorld.maxFloodCount)
        #expect(try world.flood(count: 32, bytes: CounterWorld.maxFloodBytes) == 32)
        #expect(blobs.withLock { $0 } == CounterWorld.maxFloodCount + 32)
    }
}
#endif
