import Testing
@testable import ECS

/// Adding and removing a component moves the entity's row between tables with a copy chosen
/// per column layout; these tests cover every kind, with and without dead rows around.
@Suite struct RowMoveTests {
    struct Three: Equatable { var x: Float, y: Float, z: Float }
    struct Wide: Equatable { var a: Double, b: Double, c: Double }
    struct Odd: Equatable { var a: UInt8, b: UInt8, c: UInt8 }
    struct Marker: Equatable { var value: UInt32 }

    /// The values entity `i` carries, one component of each layout kind.
    private func expectValues(_ world: World, _ entity: Entity, _ i: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try world.get(UInt8.self, of: entity) == UInt8(truncatingIfNeeded: i), sourceLocation: sourceLocation)
        #expect(try world.get(Float.self, of: entity) == Float(i), sourceLocation: sourceLocation)
        #expect(try world.get(Double.self, of: entity) == Double(-i), sourceLocation: sourceLocation)
        #expect(try world.get(Three.self, of: entity) == Three(x: Float(i), y: 1, z: 2), sourceLocation: sourceLocation)
        #expect(try world.get(SIMD4<Float>.self, of: entity) == SIMD4(repeating: Float(i)), sourceLocation: sourceLocation)
        #expect(try world.get(Wide.self, of: entity) == Wide(a: 1, b: Double(i), c: 3), sourceLocation: sourceLocation)
        #expect(try world.get(Odd.self, of: entity) == Odd(a: 1, b: UInt8(truncatingIfNeeded: i), c: 3), sourceLocation: sourceLocation)
        #expect(try world.get(Name.self, of: entity).text == "n\(i)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [0, 7])
    func everyLayoutSurvivesAddAndRemove(destroyedFirst: Int) throws {
        let world = World()
        var entities: [Entity] = []
        for i in 0..<40 {
            let small = UInt8(truncatingIfNeeded: i)
            let float = Float(i)
            let three = Three(x: float, y: 1, z: 2)
            let vector = SIMD4<Float>(repeating: float)
            let wide = Wide(a: 1, b: Double(i), c: 3)
            let odd = Odd(a: 1, b: small, c: 3)
            entities.append(try world.spawn(small, float, Double(-i), three, vector, wide, odd, Name(text: "n\(i)")))
        }
        // Dead rows in the source table must not disturb the moves.
        for entity in entities.prefix(destroyedFirst) { try world.destroy(entity) }
        let live = Array(entities.enumerated().dropFirst(destroyedFirst))
        var generator = SplitMix64(seed: 42)
        for (i, entity) in live.shuffled(using: &generator) {
            try world.insert(Marker(value: UInt32(i)), into: entity)
            try expectValues(world, entity, i)
            #expect(try world.get(Marker.self, of: entity) == Marker(value: UInt32(i)))
        }
        for (i, entity) in live { try expectValues(world, entity, i) }
        for (i, entity) in live.shuffled(using: &generator) {
            try world.remove(Marker.self, from: entity)
            try expectValues(world, entity, i)
            #expect(!world.has(Marker.self, entity))
        }
        for (i, entity) in live { try expectValues(world, entity, i) }
        expectInvariants(world)
        world.compact()
        for (i, entity) in live { try expectValues(world, entity, i) }
        expectInvariants(world)
    }

    @Test func removingTheOnlyRowAndTheLastRowKeepsOthers() throws {
        let world = World()
        let a = try world.spawn(Float(1), Name(text: "a"))
        let b = try world.spawn(Float(2), Name(text: "b"))
        try world.insert(Marker(value: 1), into: b)
        try world.insert(Marker(value: 0), into: a)
        try world.remove(Float.self, from: a)
        #expect(try world.get(Name.self, of: a).text == "a")
        #expect(try world.get(Float.self, of: b) == 2)
        #expect(try world.get(Name.self, of: b).text == "b")
        #expect(throws: ECSError.self) { try world.get(Float.self, of: a) }
        expectInvariants(world)
    }
}
