import ECS
import Host
import HostExamples
import Testing

/// The hosted-worlds example of docs/guides/host.md, compiled and run as it is printed there.
@Test func readmeHostExampleRuns() async throws {
    let host = WorldHost()  // tests pass WorldHost(clock: VirtualClock()) and move time by hand
    try host.register(
        WorldDefinition("counter", events: ["changed"], targetFrameRate: 30) { input in
            let world = World()
            try world.resources.insert(try input?.decode(Int.self) ?? 0)
            return ScheduledWorld(world: world, schedule: try Schedule())
        }
        .action("add") { (model: ScheduledWorld, amount: Int) in
            let total = try model.world.resources.modify(Int.self) { total in
                total += amount
                return total
            }
            model.events.emit("changed", arguments: [JSONValue(Int64(total))])
            return total
        }
    )

    let client = HostClient(host: host)
    let counter = try client.actor("counter", key: "main", createWithInput: 10)
    counter.onEvent("changed") { (total: Int) in print("total", total) }
    counter.onError { error in print(error) }           // decode and connection errors
    counter.mount()                                      // idle -> connecting -> connected
    let total: Int = try await counter.action("add", 5)  // 15, run between two frames
    counter.send("add", 1)                               // fire and forget, errors dropped
    counter.unmount()                                    // disposed 5 s later unless remounted

    #expect(total == 15)
    #expect(counter.error == nil)
    #expect(client.referenceCount(for: counter.hash) == 0)
}

/// The tile world example of docs/guides/host.md, compiled and run as it is printed there.
@Test func readmeTileWorldExampleRuns() async throws {
    let clock = VirtualClock()
    let host = WorldHost(clock: clock)
    try host.register(TileWorld.definition())
    let game = try HostClient(host: host).actor("tiles", key: "table", createWithInput: TileWorldInput(mode: .precision, level: 1))
    game.onEvent("moved") { (a: Int, b: Int, moves: Int, status: String) in print("slots", a, b, "moves", moves, status) }
    game.onEvent("won") { (moves: Int, minMoves: Int, seconds: Double, level: Int) in print("level", level, "in", moves) }
    game.mount()
    try clock.advance(seconds: 3)                               // the 2.5 s preview ends, the board shuffles
    let board: TileWorldState = try await game.action("state")  // board.tileIDs[slot] belongs in that slot
    let moves: Int = try await game.action("hint")              // 5: one tile sent home, a "moved" event

    #expect(board.status == .playing)
    #expect(moves == 5)
    #expect(game.error == nil)
}
