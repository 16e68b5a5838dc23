import Testing
@testable import ECS

/// Sparse-set components: declaration, add and remove without row moves, values, lifecycle
/// and bad input.
@Suite struct SparseStorageTests {
    /// Counts its live instances, to check that sparse values are dropped exactly once.
    final class Token {
        nonisolated(unsafe) static var live = 0
        let id: Int
        init(_ id: Int) { self.id = id; Token.live += 1 }
        deinit { Token.live -= 1 }
    }

    /// A sparse component that owns a reference.
    struct Tagged: StorageDeclaring {
        static var storage: ComponentStorage { .sparseSet }
        let token: Token
    }

    /// A type that conforms without overriding the default.
    struct Plain: StorageDeclaring { var value: Int }

    /// A sparse tag: no stored bytes.
    struct Marked: StorageDeclaring {
        static var storage: ComponentStorage { .sparseSet }
    }

    /// Where `entity` lives: its table and row.
    private func place(_ world: World, _ entity: Entity) throws -> (table: Int, row: Int) {
        let location = try #require(world.slots.location(of: entity))
        return (location.table.pointee.index, location.row)
    }

    @Test func theDeclarationPicksTheStorage() throws {
        let world = World()
        #expect(try world.componentStorage(of: world.componentID(for: Poisoned.self)) == .sparseSet)
        #expect(try world.componentStorage(of: world.componentID(for: Health.self)) == .table)
        #expect(try world.componentStorage(of: world.componentID(for: Plain.self)) == .table)
        #expect(Plain.storage == .table)
    }

    @Test func anUnknownComponentIDIsRejected() throws {
        let world = World()
        let error = #expect(throws: ECSError.self) { try world.componentStorage(of: ComponentID(rawValue: 42)) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("component id 42 is not registered") == true)
    }

    @Test func addingAndRemovingMovesNoRow() throws {
        let world = World()
        let entities = try world.spawn(count: 50) { i in Health(value: i) }
        let before = try entities.map { try place(world, $0) }
        let tableVersion = world.tables[before[0].table].structuralVersion
        for (i, entity) in entities.enumerated() where i % 2 == 0 { try world.insert(Poisoned(dose: i), into: entity) }
        #expect(try entities.map { try place(world, $0) }.elementsEqual(before, by: ==))
        #expect(world.tables[before[0].table].structuralVersion == tableVersion)
        for (i, entity) in entities.enumerated() {
            #expect(world.has(Poisoned.self, entity) == (i % 2 == 0))
            #expect((try? world.get(Poisoned.self, of: entity))?.dose == (i % 2 == 0 ? i : nil))
        }
        for (i, entity) in entities.enumerated() where i % 4 == 0 { try world.remove(Poisoned.self, from: entity) }
        #expect(try entities.map { try place(world, $0) }.elementsEqual(before, by: ==))
        for (i, entity) in entities.enumerated() {
            #expect((try? world.get(Poisoned.self, of: entity))?.dose == (i % 4 == 2 ? i : nil), "entity \(i)")
        }
        expectSparseInvariants(world)
    }

    @Test func insertingAgainReplacesInPlace() throws {
        let world = World()
        let entity = try world.spawn(Health(value: 1))
        try world.insert(Poisoned(dose: 1), into: entity)
        try world.insert(Poisoned(dose: 2), into: entity)
        #expect(try world.get(Poisoned.self, of: entity).dose == 2)
        #expect(try world.query(Read<Poisoned>.self).count == 1)
        try world.set(Poisoned(dose: 3), of: entity)
        try world.modify(Poisoned.self, of: entity) { $0.dose *= 10 }
        #expect(try world.get(Poisoned.self, of: entity).dose == 30)
    }

    @Test func missingAndStaleEntitiesAreRejected() throws {
        let world = World()
        let entity = try world.spawn(Health(value: 1))
        #expect(throws: ECSError.self) { try world.remove(Poisoned.self, from: entity) }
        let missing = #expect(throws: ECSError.self) { try world.get(Poisoned.self, of: entity) }
        #expect(missing?.code == .missingComponent)
        #expect(missing?.message == "entity \(entity) has no Poisoned component")
        #expect(!world.has(Poisoned.self, entity))
        try world.insert(Poisoned(dose: 1), into: entity)
        try world.destroy(entity)
        for body in [
            { try world.insert(Poisoned(dose: 2), into: entity) },
            { try world.remove(Poisoned.self, from: entity) },
            { _ = try world.get(Poisoned.self, of: entity) },
            { try world.set(Poisoned(dose: 2), of: entity) },
        ] as [() throws -> Void] {
            let error = #expect(throws: ECSError.self) { try body() }
            #expect(error?.code == .staleEntity)
        }
        #expect(!world.has(Poisoned.self, entity))
    }

    @Test func structuralChangesInsideALoopAreRejected() throws {
        let world = World()
        let entity = try world.spawn(Health(value: 1), Poisoned(dose: 1))
        try world.query(Read<Poisoned>.self).forEach { _, _ in
            let error = #expect(throws: ECSError.self) { try world.remove(Poisoned.self, from: entity) }
            #expect(error?.code == .structuralChangeDuringIteration)
        }
        #expect(world.has(Poisoned.self, entity))
    }

    @Test func destroyDropsTheEntityFromEverySetAndAReusedIndexStartsEmpty() throws {
        let world = World()
        let entities = try world.spawn(count: 10) { i in (Health(value: i), Poisoned(dose: i)) }
        try world.destroy(entities[3])
        try world.destroy(entities[9])
        #expect(try world.query(Read<Poisoned>.self).count == 8)
        expectSparseInvariants(world)
        world.compact()
        let reused = try world.spawn(count: 2) { i in Health(value: 100 + i) }
        #expect(Set(reused.map(\.index)) == [entities[3].index, entities[9].index])
        for entity in reused { #expect(!world.has(Poisoned.self, entity)) }
        for (i, entity) in entities.enumerated() where i != 3 && i != 9 {
            #expect(try world.get(Poisoned.self, of: entity).dose == i)
        }
        expectSparseInvariants(world)
    }

    @Test func spawnBundlesMixSparseAndTableComponentsInAnyOrder() throws {
        let world = World()
        let one = try world.spawn(Poisoned(dose: 7), Name(text: "one"), Health(value: 1))
        let sparseOnly = try world.spawn(Poisoned(dose: 8))
        let many = try world.spawn(count: 3) { i in (Health(value: i), Poisoned(dose: 10 + i)) }
        let repeated = try world.spawnRepeating(count: 4, Poisoned(dose: 5), Name(text: "r"))
        #expect(try world.get(Poisoned.self, of: one).dose == 7)
        #expect(try world.get(Name.self, of: one).text == "one")
        #expect(try world.get(Health.self, of: one).value == 1)
        #expect(try world.get(Poisoned.self, of: sparseOnly).dose == 8)
        for (i, entity) in many.enumerated() {
            #expect(try world.get(Poisoned.self, of: entity).dose == 10 + i)
            #expect(try world.get(Health.self, of: entity).value == i)
        }
        for entity in repeated { #expect(try world.get(Poisoned.self, of: entity).dose == 5) }
        #expect(world.tables.allSatisfy { !$0.componentIDs.contains(try! world.componentID(for: Poisoned.self)) })
        expectSparseInvariants(world)
    }

    @Test func ownedValuesAreDroppedExactlyOnce() throws {
        let baseline = Token.live
        do {
            let world = World()
            let entities = try world.spawn(count: 20) { i in Health(value: i) }
            for (i, entity) in entities.enumerated() { try world.insert(Tagged(token: Token(i)), into: entity) }
            #expect(Token.live == baseline + 20)
            try world.insert(Tagged(token: Token(100)), into: entities[0])
            #expect(Token.live == baseline + 20)
            try world.remove(Tagged.self, from: entities[1])
            try world.destroy(entities[2])
            _ = try world.retain(Tagged.self) { $0.token.id != 3 }
            #expect(Token.live == baseline + 17)
            #expect(try world.get(Tagged.self, of: entities[0]).token.id == 100)
            for i in 4..<20 { #expect(try world.get(Tagged.self, of: entities[i]).token.id == i) }
        }
        #expect(Token.live == baseline)
    }

    @Test func anEmptySparseTagMarksEntities() throws {
        let world = World()
        let entities = try world.spawn(count: 5000) { i in Health(value: i) }
        for (i, entity) in entities.enumerated() where i % 7 == 0 { try world.insert(Marked(), into: entity) }
        #expect(try world.query(Read<Health>.self).with(Marked.self).count == (0..<5000).count { $0 % 7 == 0 })
        for (i, entity) in entities.enumerated() where i % 14 == 0 { try world.remove(Marked.self, from: entity) }
        var marked: [Int] = []
        try world.query(Read<Health>.self, Read<Marked>.self).forEach { _, health, _ in marked.append(health.value) }
        #expect(marked.sorted() == (0..<5000).filter { $0 % 7 == 0 && $0 % 14 != 0 })
        let commands = Commands()
        commands.spawn(Health(value: -1), Marked())
        commands.remove(Marked.self, from: entities[7])
        try world.apply(commands)
        #expect(!world.has(Marked.self, entities[7]))
        #expect(try world.query(Read<Health>.self).with(Marked.self).count == marked.count)
        expectSparseInvariants(world)
    }

    @Test func retainDestroysTheEntitiesWhoseSparseValueFails() throws {
        let world = World()
        let entities = try world.spawn(count: 10) { i in Health(value: i) }
        for (i, entity) in entities.enumerated() where i < 6 { try world.insert(Poisoned(dose: i), into: entity) }
        let destroyed = try world.retain(Poisoned.self) { $0.dose < 3 }
        #expect(destroyed == 3)
        #expect(entities.map(world.isAlive) == [true, true, true, false, false, false, true, true, true, true])
        let error = #expect(throws: ECSError.self) {
            try world.retain(Poisoned.self) { _ in try world.spawn(Health(value: 0)); return true }
        }
        #expect(error?.code == .reentrantStructuralChange)
    }
}
