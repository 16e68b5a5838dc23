import Testing
@testable import ECS

/// The bounds the storage's debug asserts check against: every column knows its table's
/// capacity, the edge table answers only for known component numbers, and the row operations
/// stay inside those bounds across growth, destroys, moves and compaction.
@Suite struct StorageBoundsTests {
    /// Every column of every table reports the capacity of its table's buffers.
    private func expectColumnCapacities(_ world: World, sourceLocation: SourceLocation = #_sourceLocation) {
        for table in world.tables {
            let capacity = table.storage.pointee.capacity
            #expect(table.count <= capacity, sourceLocation: sourceLocation)
            for column in table.columns {
                #expect(column.capacity == capacity, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func columnsTrackTheirTableCapacityThroughGrowth() throws {
        let world = World()
        var spawned: [Entity] = []
        for batch in [1, 15, 1, 100, 1_000] {
            spawned += try world.spawn(count: batch) { i in (Position(x: Float(i), y: 0), Health(value: i)) }
            expectColumnCapacities(world)
        }
        let table = try #require(world.tables.first { $0.aliveCount == spawned.count })
        #expect(table.storage.pointee.capacity >= spawned.count)
    }

    @Test func rowOperationsStayInsideTheBuffers() throws {
        let world = World()
        let entities = try world.spawn(count: 300) { i in (Position(x: Float(i), y: 0), Name(text: "e\(i)")) }
        for entity in entities where entity.index % 5 == 0 { try world.destroy(entity) }
        for entity in entities where entity.index % 5 == 1 { try world.insert(Health(value: Int(entity.index)), into: entity) }
        for entity in entities where entity.index % 5 == 2 { try world.remove(Name.self, from: entity) }
        expectColumnCapacities(world)
        expectInvariants(world)
        world.compact()
        expectColumnCapacities(world)
        expectInvariants(world)
        for entity in entities where entity.index % 5 == 1 {
            #expect(try world.get(Health.self, of: entity).value == Int(entity.index))
            #expect(try world.get(Name.self, of: entity).text == "e\(entity.index)")
        }
    }

    @Test func edgeLookupAnswersOnlyKnownComponentNumbers() {
        var edges = TableEdges()
        defer { edges.deallocate() }
        #expect(edges[0] == nil)
        #expect(edges[-1] == nil)
        let world = World()
        let target = world.tableStorage(0)
        let map = UnsafeMutablePointer<UnsafeMutablePointer<Column>?>.allocate(capacity: 1)
        map.initialize(to: nil)
        edges.set(3, TableEdge(target: target, column: 0, columnMap: map))
        #expect(edges[3]?.target == target)
        #expect(edges[2] == nil)
        #expect(edges[-1] == nil)
        #expect(edges[Int.min] == nil)
        #expect(edges[edges.count] == nil)
        #expect(edges[Int.max] == nil)
    }
}
