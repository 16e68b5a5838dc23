import Testing
@testable import ECS

/// One entity through a query (`Query.get`): its items, writes and their versions, filters,
/// sparse terms, optional terms, refusals and the declared-access check.
@Suite struct QueryGetTests {
    @Test func readsAndWritesOneEntityThroughItsTerms() throws {
        let world = World()
        let entities = try (0..<10).map { i in try world.spawn(Position(x: Float(i), y: 0), Velocity(dx: 1, dy: 2)) }
        let movement = try world.query(Write<Position>.self, Read<Velocity>.self)
        let before = world.version
        let x = try movement.get(entities[4]) { position, velocity in
            position.value.x += velocity.dx
            return position.value.x
        }
        #expect(x == 5)
        #expect(try world.get(Position.self, of: entities[4]) == Position(x: 5, y: 0))
        #expect(try world.get(Position.self, of: entities[3]) == Position(x: 3, y: 0), "no other entity changes")
        var changed = 0
        try world.query(Read<Position>.self).changed(Position.self, since: before).forEach { _, _ in changed += 1 }
        #expect(changed == 10, "the write stamps the column, as a loop over the table does")
    }

    @Test func anEntityTheQueryDoesNotMatchIsRefused() throws {
        let world = World()
        let moving = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 1))
        let frozen = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 1), Frozen())
        let still = try world.spawn(Position(x: 0, y: 0))
        let movement = try world.query(Write<Position>.self, Read<Velocity>.self).without(Frozen.self)
        for entity in [frozen, still] {
            let error = try #require(throws: ECSError.self) { try movement.get(entity) { _, _ in } }
            #expect(error.code == .queryMismatch)
            #expect(error.message.contains("\(entity)"))
        }
        try movement.get(moving) { position, _ in position.value.x = 1 }
        try world.destroy(moving)
        let stale = try #require(throws: ECSError.self) { try movement.get(moving) { _, _ in } }
        #expect(stale.code == .staleEntity)
    }

    @Test func changedFiltersApplyToTheEntitysTable() throws {
        let world = World()
        let first = try world.spawn(Health(value: 1))
        let second = try world.spawn(Health(value: 2), Frozen())
        let since = world.version
        try world.set(Health(value: 3), of: second)
        let changed = try world.query(Read<Health>.self).changed(Health.self, since: since)
        #expect(try changed.get(second) { $0.value } == 3)
        #expect(throws: ECSError(.queryMismatch, "entity \(first) does not match the query \(Query<Read<Health>>.self)")) {
            try changed.get(first) { $0.value }
        }
    }

    @Test func optionalTermsGiveNilWhereTheComponentIsMissing() throws {
        let world = World()
        let named = try world.spawn(Health(value: 1), Name(text: "a"))
        let anonymous = try world.spawn(Health(value: 2))
        let query = try world.query(Read<Health>.self, Read<Name>?.self)
        #expect(try query.get(named) { _, name in name?.text } == "a")
        #expect(try query.get(anonymous) { health, name in name == nil ? health.value : -1 } == 2)
        // A body that returns nil is still a match.
        #expect(try query.get(anonymous) { _, name in name?.text } == nil)
    }

    @Test func sparseTermsAndFiltersAreChecked() throws {
        let world = World()
        let poisoned = try world.spawn(Health(value: 1))
        let healthy = try world.spawn(Health(value: 2))
        try world.insert(Poisoned(dose: 5), into: poisoned)
        let query = try world.query(Read<Health>.self, Write<Poisoned>.self)
        try query.get(poisoned) { _, poison in poison.value.dose += 1 }
        #expect(try world.get(Poisoned.self, of: poisoned).dose == 6)
        let missing = try #require(throws: ECSError.self) { try query.get(healthy) { _, _ in } }
        #expect(missing.code == .queryMismatch)
        let clean = try world.query(Read<Health>.self).without(Poisoned.self)
        #expect(try clean.get(healthy) { $0.value } == 2)
        #expect(throws: ECSError.self) { try clean.get(poisoned) { $0.value } }
    }

    @Test func structuralChangesInsideTheBodyAreRefused() throws {
        let world = World()
        let entity = try world.spawn(Health(value: 1))
        let query = try world.query(Write<Health>.self)
        let error = try #require(throws: ECSError.self) {
            try query.get(entity) { _ in try world.spawn(Health(value: 2)) }
        }
        #expect(error.code == .structuralChangeDuringIteration)
        #expect(world.entityCount == 1)
        try world.spawn(Health(value: 3))
        #expect(world.entityCount == 2, "the world takes structural changes again after the body")
    }

    @Test func aSystemReachesOnlyWhatItDeclared() throws {
        struct A { var value: Int }
        let world = World()
        let entity = try world.spawn(A(value: 1))
        let schedule = try Schedule(threads: 1)
        schedule.add(FunctionSystem("reader", access: SystemAccess(reads: [A.self])) { context in
            try context.world.query(Write<A>.self).get(entity) { a in a.value.value = 2 }
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.code == .undeclaredAccess)
        #expect(try world.get(A.self, of: entity).value == 1)
    }
}
