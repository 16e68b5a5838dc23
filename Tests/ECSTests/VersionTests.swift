import Testing
@testable import ECS

@Suite struct VersionTests {
    private func column<C>(_ world: World, _ type: C.Type, of entity: Entity) throws -> (table: Table, version: UInt64) {
        let table = world.tables[world.slots[Int(entity.index)].table!.pointee.index]
        let index = table.columnIndex(of: try world.componentID(for: C.self))!
        return (table, table.columns[index].version)
    }

    @Test func writesBumpTheirColumnAndReadsDoNot() throws {
        let world = World()
        let e = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 1))
        let (table, positionBefore) = try column(world, Position.self, of: e)
        let velocityBefore = try column(world, Velocity.self, of: e).version
        let structureBefore = table.structuralVersion

        _ = try world.get(Position.self, of: e)
        try world.query(Read<Position>.self, Read<Velocity>.self).forEachChunk { _, _, _ in }
        #expect(try column(world, Position.self, of: e).version == positionBefore)
        #expect(table.structuralVersion == structureBefore)

        try world.set(Position(x: 1, y: 1), of: e)
        let positionAfterSet = try column(world, Position.self, of: e).version
        #expect(positionAfterSet > positionBefore)
        #expect(try column(world, Velocity.self, of: e).version == velocityBefore)

        try world.query(Write<Velocity>.self, Read<Position>.self).forEachChunk { _, _, _ in }
        #expect(try column(world, Velocity.self, of: e).version > velocityBefore)
        #expect(try column(world, Position.self, of: e).version == positionAfterSet)
        #expect(table.structuralVersion == structureBefore)
    }

    @Test func structuralChangesBumpTheTableVersion() throws {
        let world = World()
        let e = try world.spawn(Position(x: 0, y: 0))
        let table = world.tables[world.slots[Int(e.index)].table!.pointee.index]
        var last = table.structuralVersion
        func expectBumped() { #expect(table.structuralVersion > last); last = table.structuralVersion }
        let f = try world.spawn(Position(x: 1, y: 1)); expectBumped()
        try world.destroy(f); expectBumped()
        world.compact(); expectBumped()
        try world.insert(Health(value: 1), into: e); expectBumped()
    }

    @Test func versionedCacheRecomputesExactlyWhenADependencyChanged() throws {
        let world = World()
        let e = try world.spawn(Position(x: 1, y: 0), Velocity(dx: 0, dy: 0))
        let positions = try world.query(Read<Position>.self)
        var cache = VersionedCache<Float>(diagnostics: world.diagnostics)
        var computations = 0
        func sum() throws -> Float {
            try cache.value(for: try positions.versionStamp) {
                computations += 1
                var total: Float = 0
                try positions.forEach { _, p in total += p.x }
                return total
            }
        }
        #expect(try sum() == 1 && computations == 1)
        #expect(try sum() == 1 && computations == 1)
        try world.set(Velocity(dx: 1, dy: 1), of: e)
        #expect(try sum() == 1 && computations == 1)
        try world.set(Position(x: 5, y: 0), of: e)
        #expect(try sum() == 5 && computations == 2)
        try world.spawn(Position(x: 2, y: 0))
        #expect(try sum() == 7 && computations == 3)
        try world.spawn(Velocity(dx: 9, dy: 9))
        #expect(try sum() == 7 && computations == 3)
        #expect(world.diagnostics[.cacheHits] == 3)
        #expect(world.diagnostics[.cacheMisses] == 3)
    }

    @Test func changedFilterSkipsUnchangedTables() throws {
        let world = World()
        try world.spawn(count: 3) { _ in Position(x: 0, y: 0) }
        let moving = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 0))
        let mark = world.version
        let changed = try world.query(Read<Position>.self).changed(Position.self, since: mark)
        #expect(changed.count == 0)
        try world.set(Position(x: 1, y: 1), of: moving)
        #expect(changed.count == 1)
    }
}
