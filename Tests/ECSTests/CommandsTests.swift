import Testing
@testable import ECS

@Suite struct CommandsTests {
    @Test func commandsApplyAtTheSyncPointInOrder() throws {
        let world = World()
        let entities = try world.spawn(count: 10) { i in Health(value: i) }
        let commands = Commands()
        try world.query(Read<Health>.self).forEach { entity, health in
            if health.value % 2 == 0 { commands.destroy(entity) } else { commands.insert(Frozen(), into: entity) }
        }
        commands.spawn(Health(value: 100))
        #expect(world.entityCount == 10)
        #expect(commands.count == 11)
        try world.apply(commands)
        #expect(commands.count == 0)
        #expect(world.entityCount == 6)
        for e in entities { #expect(world.isAlive(e) == (e.index % 2 == 1)) }
        #expect(try world.query(Read<Health>.self).with(Frozen.self).count == 5)
    }

    @Test func failedCommandsDoNotStopTheRest() throws {
        let world = World()
        let e = try world.spawn(Health(value: 1))
        let commands = Commands()
        commands.destroy(e)
        commands.destroy(e)
        commands.spawn(Health(value: 2))
        #expect(throws: ECSError.self) { try world.apply(commands) }
        #expect(world.entityCount == 1)
    }
}
