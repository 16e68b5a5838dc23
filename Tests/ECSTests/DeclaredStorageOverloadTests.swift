import Testing
@testable import ECS

/// The `StorageDeclaring` overloads of `insert` and `remove` (which take a sparse-set
/// component straight to its set) against the unconstrained ones that generic code reaches
/// (which find the set after the table look-up): same values, same dense order, same errors.
@Suite struct DeclaredStorageOverloadTests {
    /// A type that conforms and keeps the default table storage.
    struct Armour: Equatable, StorageDeclaring { var points: Int }

    /// Inserts through the unconstrained overload: `C` is not known to declare its storage.
    private func insertAnyComponent<C>(_ value: C, into entity: Entity, of world: World) throws(ECSError) {
        try world.insert(value, into: entity)
    }

    /// Removes through the unconstrained overload.
    private func removeAnyComponent<C>(_ type: C.Type, from entity: Entity, of world: World) throws(ECSError) {
        try world.remove(C.self, from: entity)
    }

    /// Every entity's sparse `Poisoned` dose, in the set's dense order, and every `Health`
    /// with the dose of its entity.
    private func snapshot(_ world: World) throws -> (dense: [Entity], doses: [Int], joined: [[Int]]) {
        let set = try #require(world.sparseSet(world.componentID(for: Poisoned.self)))
        let dense = (0..<set.pointee.count).map { set.pointee.entities[$0] }
        let doses = try dense.map { try world.get(Poisoned.self, of: $0).dose }
        var joined: [[Int]] = []
        try world.query(Read<Health>.self, Read<Poisoned>.self).forEach { _, health, poison in
            joined.append([health.value, poison.dose])
        }
        return (dense, doses, joined)
    }

    @Test func bothOverloadsLeaveTheSameSetsAfterRandomAddsAndRemoves() throws {
        let direct = World(), generic = World()
        let entities = try direct.spawn(count: 300) { i in Health(value: i) }
        #expect(try generic.spawn(count: 300) { i in Health(value: i) } == entities)
        var random = SplitMix64(seed: 7)
        var held = Set<Entity>()
        for step in 0..<3_000 {
            let entity = entities[Int(random.next() % UInt64(entities.count))]
            if random.next() % 3 == 0 {
                guard held.contains(entity) else {
                    let fast = #expect(throws: ECSError.self) { try direct.remove(Poisoned.self, from: entity) }
                    let slow = #expect(throws: ECSError.self) { try removeAnyComponent(Poisoned.self, from: entity, of: generic) }
                    #expect(fast?.code == .missingComponent && fast?.message == slow?.message)
                    continue
                }
                try direct.remove(Poisoned.self, from: entity)
                try removeAnyComponent(Poisoned.self, from: entity, of: generic)
                held.remove(entity)
            } else {
                try direct.insert(Poisoned(dose: step), into: entity)
                try insertAnyComponent(Poisoned(dose: step), into: entity, of: generic)
                held.insert(entity)
            }
        }
        let (fast, slow) = (try snapshot(direct), try snapshot(generic))
        #expect(fast.dense == slow.dense && fast.doses == slow.doses && fast.joined == slow.joined)
        #expect(Set(fast.dense) == held && fast.dense.count == held.count)
        #expect(direct.tables.count == generic.tables.count)
    }

    @Test func aTableDeclaredTypeMovesRowsAsWithoutTheDeclaration() throws {
        let world = World()
        let entity = try world.spawn(Health(value: 1))
        let before = try #require(world.slots.location(of: entity)).table
        try world.insert(Armour(points: 3), into: entity)
        #expect(try #require(world.slots.location(of: entity)).table != before)
        #expect(try world.get(Armour.self, of: entity) == Armour(points: 3))
        try world.insert(Armour(points: 4), into: entity)
        #expect(try world.get(Armour.self, of: entity) == Armour(points: 4))
        try world.remove(Armour.self, from: entity)
        #expect(try #require(world.slots.location(of: entity)).table == before)
        let missing = #expect(throws: ECSError.self) { try world.remove(Armour.self, from: entity) }
        #expect(missing?.code == .missingComponent)
        #expect(try world.componentStorage(of: world.componentID(for: Armour.self)) == .table)
    }

    @Test func theDirectSparsePathRejectsWhatTheGenericPathRejects() throws {
        let world = World()
        let entity = try world.spawn(Health(value: 1), Poisoned(dose: 1))
        let other = try world.spawn(Health(value: 2))
        let neverRegistered = #expect(throws: ECSError.self) {
            try world.remove(SparseStorageTests.Marked.self, from: other)
        }
        #expect(neverRegistered?.code == .missingComponent)
        try world.query(Read<Health>.self).forEach { _, _ in
            for body in [
                { try world.insert(Poisoned(dose: 2), into: other) },
                { try world.remove(Poisoned.self, from: entity) },
            ] as [() throws -> Void] {
                let error = #expect(throws: ECSError.self) { try body() }
                #expect(error?.code == .structuralChangeDuringIteration)
            }
        }
        #expect(!world.has(Poisoned.self, other) && world.has(Poisoned.self, entity))
        try world.destroy(entity)
        for body in [
            { try world.insert(Poisoned(dose: 3), into: entity) },
            { try world.remove(Poisoned.self, from: entity) },
        ] as [() throws -> Void] {
            let error = #expect(throws: ECSError.self) { try body() }
            #expect(error?.code == .staleEntity)
        }
        #expect(try world.query(Read<Poisoned>.self).count == 0)
    }
}
