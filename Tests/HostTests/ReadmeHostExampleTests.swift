import ECS
import Host
import Testing

/// The hosted-worlds example of README.md, compiled and run as it is printed there.
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
            model.world.events.emit("changed", arguments: [JSONValue(Int64(total))])
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
