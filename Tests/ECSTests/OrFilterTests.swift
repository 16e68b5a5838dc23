import Testing
@testable import ECS

/// `or` groups of filters: per table for with / without / changed, per entity for added.
@Suite struct OrFilterTests {
    struct Player {}
    struct Enemy {}

    /// Health i for i in 0..<12; Player on i % 4 == 0, Enemy on i % 4 == 1, Position on even i.
    private func world() throws -> (World, [Entity]) {
        let world = World()
        var entities: [Entity] = []
        for i in 0..<12 {
            let entity = try world.spawn(Health(value: i))
            if i % 4 == 0 { try world.insert(Player(), into: entity) }
            if i % 4 == 1 { try world.insert(Enemy(), into: entity) }
            if i % 2 == 0 { try world.insert(Position(x: 0, y: 0), into: entity) }
            entities.append(entity)
        }
        return (world, entities)
    }

    private func values(_ query: Query<Read<Health>>) throws -> [Int] {
        var values: [Int] = []
        try query.forEach { _, health in values.append(health.value) }
        #expect(query.count == values.count)
        return values.sorted()
    }

    @Test func withAlternativesMatchEitherComponent() throws {
        let (world, _) = try world()
        let expected = (0..<12).filter { $0 % 4 < 2 }
        #expect(try values(world.query(Read<Health>.self).or(.with(Player.self), .with(Enemy.self))) == expected)
        #expect(try values(world.query(Read<Health>.self).withAny(Player.self, Enemy.self)) == expected)
        #expect(try values(world.query(Read<Health>.self).or(.without(Position.self), .with(Player.self)))
            == (0..<12).filter { $0 % 2 == 1 || $0 % 4 == 0 })
    }

    @Test func groupsAndFiltersAllApply() throws {
        let (world, _) = try world()
        let query = try world.query(Read<Health>.self).withAny(Player.self, Enemy.self).or(.with(Position.self), .with(Frozen.self))
        #expect(try values(query) == (0..<12).filter { $0 % 4 == 0 })
        #expect(try values(world.query(Read<Health>.self).without(Position.self).withAny(Player.self, Enemy.self)) == [1, 5, 9])
    }

    @Test func addedAlternativesArePerEntity() throws {
        let (world, entities) = try world()
        // The first added filter on a component starts recording its additions.
        let query = try world.query(Read<Health>.self).or(.added(Velocity.self, since: 0), .added(Position.self, since: 0))
        let mark = world.version
        try world.insert(Velocity(dx: 0, dy: 0), into: entities[3])
        try world.remove(Position.self, from: entities[6])
        try world.insert(Position(x: 1, y: 1), into: entities[6])
        try world.insert(Position(x: 1, y: 1), into: entities[7])
        try query.or(.added(Velocity.self, since: mark), .added(Position.self, since: mark))
        #expect(try values(query) == [3, 6, 7])
        var chunked: [Int] = []
        try query.forEachChunk { _, health in chunked += health.map(\.value) }
        #expect(chunked.sorted() == [3, 6, 7])
    }

    @Test func aChangedAlternativeAdmitsItsWholeTable() throws {
        let (world, entities) = try world()
        let query = try world.query(Read<Health>.self).or(.changed(Player.self, since: 0), .added(Velocity.self, since: 0))
        let mark = world.version
        try world.query(Write<Player>.self).forEach { _, _ in }
        try world.insert(Velocity(dx: 0, dy: 0), into: entities[5])
        try query.or(.changed(Player.self, since: mark), .added(Velocity.self, since: mark))
        #expect(try values(query) == [0, 4, 5, 8])
    }

    @Test func repeatingAGroupReplacesItsVersions() throws {
        let (world, entities) = try world()
        let query = try world.query(Read<Health>.self).or(.added(Velocity.self, since: 0), .added(Frozen.self, since: 0))
        let first = world.version
        try world.insert(Velocity(dx: 0, dy: 0), into: entities[2])
        let second = world.version
        try world.insert(Velocity(dx: 0, dy: 0), into: entities[9])
        try query.or(.added(Velocity.self, since: first), .added(Frozen.self, since: first))
        #expect(try values(query) == [2, 9])
        try query.or(.added(Velocity.self, since: second), .added(Frozen.self, since: second))
        #expect(try values(query) == [9])
    }

    @Test func badAlternativesAreRejected() throws {
        let world = World()
        let sparse = try #require(throws: ECSError.self) { try world.query(Read<Health>.self).or(.with(Poisoned.self), .with(Player.self)) }
        #expect(sparse.code == .invalidArgument)
        #expect(sparse.message.contains("Poisoned, a sparse-set component"))
        let single = try #require(throws: ECSError.self) { try world.query(Read<Health>.self).withAny(Player.self) }
        #expect(single.code == .invalidArgument)
    }

    @Test func versionedAlternativesReadTheirComponent() throws {
        let (world, _) = try world()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("either", access: SystemAccess(reads: [Health.self])) { context in
            try context.world.query(Read<Health>.self).or(.with(Player.self), .changed(Enemy.self, since: 0)).forEach { _, _ in }
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.code == .undeclaredAccess)
        #expect(error.message.contains("'either' reads Enemy"))
    }
}
