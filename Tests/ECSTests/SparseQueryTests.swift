import Testing
@testable import ECS

/// Queries naming sparse-set components: mixed terms, filters, change detection, chunks and
/// version stamps.
@Suite struct SparseQueryTests {
    /// A second sparse component, for queries with two sparse terms.
    struct Burning: StorageDeclaring {
        static var storage: ComponentStorage { .sparseSet }
        var heat: Int
    }

    /// 30 entities: Health i; Name on even i; Poisoned (dose i) when i % 3 == 0; Burning (heat
    /// i) when i % 5 == 0.
    private func world() throws -> (World, [Entity]) {
        let world = World()
        var entities: [Entity] = []
        for i in 0..<30 {
            let entity = i % 2 == 0 ? try world.spawn(Health(value: i), Name(text: "e\(i)")) : try world.spawn(Health(value: i))
            if i % 3 == 0 { try world.insert(Poisoned(dose: i), into: entity) }
            if i % 5 == 0 { try world.insert(Burning(heat: i), into: entity) }
            entities.append(entity)
        }
        return (world, entities)
    }

    /// The `Health` values the per-entity loop of `query` visits, sorted.
    private func values(_ query: Query<Read<Health>>) throws -> [Int] {
        var values: [Int] = []
        try query.forEach { _, health in values.append(health.value) }
        return values.sorted()
    }

    @Test func mixedTermsSeeEveryEntityHoldingBoth() throws {
        let (world, _) = try world()
        var pairs: [Int: Int] = [:]
        try world.query(Read<Health>.self, Write<Poisoned>.self).forEach { _, health, poison in
            pairs[health.value] = poison.value.dose
            poison.value.dose += 100
        }
        #expect(pairs == Dictionary(uniqueKeysWithValues: stride(from: 0, to: 30, by: 3).map { ($0, $0) }))
        var doses: [Int] = []
        try world.query(Read<Poisoned>.self).forEachChunk { chunk, poison in
            #expect(chunk.count == 1 && poison.count == 1)
            doses.append(poison[0].dose)
        }
        #expect(doses.sorted() == stride(from: 100, to: 130, by: 3).map { $0 })
    }

    @Test func sparseAndTableFiltersCombine() throws {
        let (world, _) = try world()
        #expect(try values(world.query(Read<Health>.self).with(Poisoned.self)) == stride(from: 0, to: 30, by: 3).map { $0 })
        #expect(try values(world.query(Read<Health>.self).without(Poisoned.self)) == (0..<30).filter { $0 % 3 != 0 })
        #expect(try values(world.query(Read<Health>.self).with(Name.self).with(Poisoned.self)) == [0, 6, 12, 18, 24])
        #expect(try values(world.query(Read<Health>.self).without(Name.self).without(Burning.self)) == (0..<30).filter { $0 % 2 == 1 && $0 % 5 != 0 })
        #expect(try values(world.query(Read<Health>.self).with(Poisoned.self).without(Burning.self)) == [3, 6, 9, 12, 18, 21, 24, 27])
        #expect(try world.query(Read<Health>.self).with(Poisoned.self).without(Burning.self).count == 8)
        var both: [Int] = []
        try world.query(Read<Poisoned>.self, Read<Burning>.self).forEach { _, poison, burning in
            #expect(poison.dose == burning.heat)
            both.append(poison.dose)
        }
        #expect(both.sorted() == [0, 15])
    }

    @Test func changedSinceIsPerEntityForSparseComponents() throws {
        let (world, entities) = try world()
        let start = world.version
        let changed = { () throws -> [Int] in
            try values(world.query(Read<Health>.self).changed(Poisoned.self, since: start))
        }
        #expect(try changed().isEmpty)
        try world.set(Poisoned(dose: -1), of: entities[3])
        try world.modify(Poisoned.self, of: entities[9]) { $0.dose = -2 }
        try world.insert(Poisoned(dose: 5), into: entities[5])
        #expect(try changed() == [3, 5, 9])
        _ = try world.get(Poisoned.self, of: entities[12])
        try world.query(Read<Poisoned>.self).forEach { _, _ in }
        #expect(try changed() == [3, 5, 9])
        try world.remove(Poisoned.self, from: entities[3])
        #expect(try changed() == [5, 9])
        let middle = world.version
        try world.query(Write<Poisoned>.self).with(Name.self).forEach { _, _ in }
        var written: [Int] = []
        try world.query(Read<Health>.self, Read<Poisoned>.self).changed(Poisoned.self, since: middle).forEach { _, health, _ in
            written.append(health.value)
        }
        #expect(written.sorted() == [0, 6, 12, 18, 24])
    }

    @Test func tableChangedFiltersStillApplyPerTable() throws {
        let (world, entities) = try world()
        let start = world.version
        try world.set(Health(value: 99), of: entities[1])
        var seen: [Int] = []
        try world.query(Read<Health>.self, Read<Poisoned>.self).changed(Health.self, since: start).forEach { _, health, _ in
            seen.append(health.value)
        }
        #expect(seen.sorted() == [3, 9, 15, 21, 27])
    }

    @Test func theVersionStampMovesWithSparseChanges() throws {
        let (world, entities) = try world()
        let query = try world.query(Read<Health>.self, Read<Poisoned>.self)
        var stamp = try query.versionStamp
        for change in [
            { try world.insert(Poisoned(dose: 1), into: entities[1]) },
            { try world.remove(Poisoned.self, from: entities[1]) },
            { try world.set(Poisoned(dose: 1), of: entities[0]) },
            { try world.destroy(entities[3]) },
        ] as [() throws -> Void] {
            try change()
            let next = try query.versionStamp
            #expect(next > stamp)
            stamp = next
        }
        _ = try world.get(Poisoned.self, of: entities[0])
        #expect(try query.versionStamp == stamp)
    }

    @Test func parallelChunkLoopsVisitEachSparseEntityOnce() throws {
        let (world, _) = try world()
        let query = try world.query(Write<Poisoned>.self, Read<Health>.self)
        try query.forEachChunk(threads: 2, chunkSize: 4) { chunk, poison, health in
            for i in 0..<chunk.count { poison[i].dose = health[i].value * 2 }
        }
        var doses: [Int: Int] = [:]
        try query.forEach { _, poison, health in doses[health.value] = poison.value.dose }
        #expect(doses == Dictionary(uniqueKeysWithValues: stride(from: 0, to: 30, by: 3).map { ($0, $0 * 2) }))
        let error = #expect(throws: ECSError.self) { try query.forEachChunk(threads: 0) { _, _, _ in } }
        #expect(error?.code == .invalidArgument)
    }

    @Test func aWriteTwiceQueryIsRejectedForSparseComponents() throws {
        let world = World()
        let error = #expect(throws: ECSError.self) { try world.query(Write<Poisoned>.self, Read<Poisoned>.self) }
        #expect(error?.code == .invalidArgument)
    }
}
