import Host
import HostExamples
import HostRemote
import Systems
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
}
