import Testing
@testable import ECS

/// `Read<C>?` and `Write<C>?`: tables with and without `C`, nil views where it
/// is missing, and access derived as for the wrapped term.
@Suite struct OptionalTermTests {
    /// Health i for i in 0..<12; Position (i, 0) on even i; Velocity on multiples of 3.
    private func world() throws -> (World, [Entity]) {
        let world = World()
        var entities: [Entity] = []
        for i in 0..<12 {
            let entity = try world.spawn(Health(value: i))
            if i % 2 == 0 { try world.insert(Position(x: Float(i), y: 0), into: entity) }
            if i % 3 == 0 { try world.insert(Velocity(dx: 1, dy: 0), into: entity) }
            entities.append(entity)
        }
        return (world, entities)
    }

    @Test func perEntityLoopsGetAValueOrNil() throws {
        let (world, _) = try world()
        var seen: [Int: Float?] = [:]
        try world.query(Read<Health>.self, Read<Position>?.self).forEach { _, health, position in
            seen.updateValue(position?.x, forKey: health.value)
        }
        #expect(seen.count == 12)
        for i in 0..<12 { #expect(seen[i] == (i % 2 == 0 ? Float(i) : nil)) }
    }

    @Test func chunkLoopsGetABufferOrNilPerTable() throws {
        let (world, _) = try world()
        var withPositions = 0
        var without = 0
        try world.query(Read<Health>.self, Read<Position>?.self).forEachChunk { chunk, health, positions in
            guard let positions else {
                without += chunk.count
                for row in 0..<chunk.count { #expect(health[row].value % 2 == 1) }
                return
            }
            #expect(positions.count == chunk.count)
            for row in 0..<chunk.count { #expect(positions[row].x == Float(health[row].value)) }
            withPositions += chunk.count
        }
        #expect(withPositions == 6 && without == 6)
    }

    @Test func optionalWritesReachTheValueAndStampOnlyTablesHoldingIt() throws {
        let (world, _) = try world()
        let mark = world.version
        try world.query(Read<Health>.self, Write<Position>?.self).forEach { _, health, position in
            position?.value.y = Float(health.value)
        }
        var sum: Float = 0
        try world.query(Read<Position>.self).forEach { _, position in sum += position.y }
        #expect(sum == Float((0..<12).filter { $0 % 2 == 0 }.reduce(0, +)))
        #expect(try world.query(Read<Position>.self).changed(Position.self, since: mark).count == 6)
        #expect(try world.query(Read<Health>.self).without(Position.self).changed(Health.self, since: mark).count == 0)
    }

    @Test func aParallelChunkLoopHandsOutTheSameViews() throws {
        let (world, _) = try world()
        let total = Locked(0)
        try world.query(Read<Health>.self, Read<Velocity>?.self).forEachChunk(threads: 2, chunkSize: 2) { chunk, _, velocities in
            let moving = velocities.map { buffer in buffer.reduce(0) { $0 + Int($1.dx) } } ?? 0
            total.withLock { $0 += moving }
        }
        #expect(total.withLock { $0 } == 4)
    }

    @Test func versionStampsSkipMissingColumns() throws {
        let (world, _) = try world()
        let query = try world.query(Read<Health>.self, Read<Position>?.self)
        let before = try query.versionStamp
        try world.query(Write<Position>.self).forEach { _, _ in }
        #expect(try query.versionStamp > before)
    }

    @Test func anOptionalTableTermWorksBesideASparseTerm() throws {
        let (world, entities) = try world()
        for i in [1, 2, 3] { try world.insert(Poisoned(dose: i), into: entities[i]) }
        var seen: [Int: Bool] = [:]
        try world.query(Read<Poisoned>.self, Write<Position>?.self).forEach { _, poison, position in
            seen[poison.dose] = position != nil
        }
        #expect(seen == [1: false, 2: true, 3: false])
    }

    @Test func badTermsAreRejected() throws {
        let world = World()
        let sparse = try #require(throws: ECSError.self) { try world.query(Read<Health>.self, Read<Poisoned>?.self) }
        #expect(sparse.code == .invalidArgument)
        #expect(sparse.message.contains("optional terms take table components"))
        let twice = try #require(throws: ECSError.self) { try world.query(Read<Health>.self, Write<Health>?.self) }
        #expect(twice.code == .invalidArgument)
    }

    @Test func anOptionalWriteIsADeclaredWrite() throws {
        var access = SystemAccess()
        try Query<Read<Health>, Write<Position>?>.declare(in: &access, system: "mover")
        #expect(access.writes.contains(ObjectIdentifier(Position.self)))
        let (world, _) = try world()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("reader", access: SystemAccess(reads: [Health.self, Position.self])) { context in
            try context.world.query(Read<Health>.self, Write<Position>?.self).forEach { _, _, _ in }
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.code == .undeclaredAccess)
        #expect(error.message.contains("writes Position"))
    }
}
