import Testing
@testable import ECS

/// Checks every table invariant of a world.
func expectInvariants(_ world: World, sourceLocation: SourceLocation = #_sourceLocation) {
    // A destroy's pending row lies inside the live prefix of a plain-bits table and holds the
    // destroyed entity, whose slot is dead.
    let hole = world.storage.pointee.pendingHole
    if let hole {
        #expect(!hole.table.pointee.ownsReferences, sourceLocation: sourceLocation)
        #expect(hole.row >= 0 && hole.row < hole.table.pointee.aliveCount &- 1, sourceLocation: sourceLocation)
        #expect(world.slots[Int(hole.table.pointee.entity(at: hole.row).index)].table == nil, sourceLocation: sourceLocation)
    }
    for table in world.tables {
        #expect(table.aliveCount >= 0 && table.aliveCount <= table.count, sourceLocation: sourceLocation)
        #expect(table.count <= table.storage.pointee.capacity || table.storage.pointee.capacity == 0 && table.count == 0, sourceLocation: sourceLocation)
        #expect(table.columns.count == table.componentIDs.count, sourceLocation: sourceLocation)
        for row in 0..<table.aliveCount where hole.map({ $0.table != table.storage || $0.row != row }) ?? true {
            let entity = table.entities[row]
            let slot = world.slots[Int(entity.index)]
            #expect(slot.generation == entity.generation, sourceLocation: sourceLocation)
            #expect(slot.table == table.storage && Int(slot.row) == row, sourceLocation: sourceLocation)
        }
    }
}

@Suite struct TableInvariantTests {
    @Test func columnsAreCacheLineAligned() throws {
        let world = World()
        try world.spawn(count: 10) { _ in (Position(x: 0, y: 0), Health(value: 0)) }
        for table in world.tables where table.storage.pointee.capacity > 0 {
            for column in table.columns {
                #expect(Int(bitPattern: column.base) % TableStorage.bufferAlignment == 0)
            }
        }
    }

    @Test func liveEntitiesResolveBeforeAndAfterCompact() throws {
        let world = World()
        let entities = try world.spawn(count: 1_000) { i in (Position(x: Float(i), y: 0), Health(value: i)) }
        for e in entities where e.index % 7 == 0 { try world.destroy(e) }
        expectInvariants(world)
        let survivors = entities.filter { $0.index % 7 != 0 }
        let table = world.tables.first { $0.aliveCount > 0 }!
        // The last destroy's row stays in the live prefix until the next operation fills it.
        #expect(world.storage.pointee.pendingHole != nil)
        #expect(table.count - table.aliveCount == entities.count - survivors.count - 1)
        #expect(world.entityCount == survivors.count)
        for e in survivors { #expect(try world.get(Health.self, of: e).value == Int(e.index)) }
        world.compact()
        #expect(world.storage.pointee.pendingHole == nil)
        expectInvariants(world)
        #expect(table.count == table.aliveCount)
        for e in survivors { #expect(try world.get(Health.self, of: e).value == Int(e.index)) }
        #expect(world.diagnostics[.compactions] == 1)
    }

    @Test func retainRemovesStablyAndKeepsOrder() throws {
        let world = World()
        let entities = try world.spawn(count: 100) { i in Health(value: i) }
        let removed = try world.retain(Health.self) { $0.value % 3 != 0 }
        #expect(removed == 34)
        expectInvariants(world)
        let table = world.tables.first { $0.aliveCount > 0 }!
        let order = (0..<table.aliveCount).map { try! world.get(Health.self, of: table.entities[$0]).value }
        #expect(order == (0..<100).filter { $0 % 3 != 0 })
        for e in entities { #expect(world.isAlive(e) == (e.index % 3 != 0)) }
    }

    @Test func structuralChangesDuringIterationAreRejected() throws {
        let world = World()
        let e = try world.spawn(Position(x: 0, y: 0))
        var errors: [ECSError.Code] = []
        try world.query(Read<Position>.self).forEachChunk { _, _ in
            do throws(ECSError) { try world.spawn(Position(x: 1, y: 1)) } catch { errors.append(error.code) }
            do throws(ECSError) { try world.destroy(e) } catch { errors.append(error.code) }
            do throws(ECSError) { try world.insert(Health(value: 1), into: e) } catch { errors.append(error.code) }
        }
        #expect(errors == Array(repeating: .structuralChangeDuringIteration, count: 3))
        #expect(world.entityCount == 1)
    }
}
