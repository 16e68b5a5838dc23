import Testing
@testable import ECS

/// Spawning moves a bundle's values out of the argument tuple by byte offset; these tests pin
/// the offsets to the compiler's tuple layout and check values and ownership end to end.
@Suite struct SpawnLayoutTests {
    /// Counts live instances, to prove that values are neither leaked nor released twice.
    final class Token {
        nonisolated(unsafe) static var live = 0
        let id: Int
        init(_ id: Int) { self.id = id; Token.live += 1 }
        deinit { Token.live -= 1 }
    }
    struct Tag { var token: Token }
    struct Wide { var value: SIMD4<Float> }

    @Test func offsetsMatchTheCompilersTupleLayout() {
        typealias Mixed = (UInt8, Double, UInt16, SIMD4<Float>, String, Bool)
        let offsets = SpawnBundle.tupleOffsets([
            (MemoryLayout<UInt8>.size, MemoryLayout<UInt8>.alignment),
            (MemoryLayout<Double>.size, MemoryLayout<Double>.alignment),
            (MemoryLayout<UInt16>.size, MemoryLayout<UInt16>.alignment),
            (MemoryLayout<SIMD4<Float>>.size, MemoryLayout<SIMD4<Float>>.alignment),
            (MemoryLayout<String>.size, MemoryLayout<String>.alignment),
            (MemoryLayout<Bool>.size, MemoryLayout<Bool>.alignment),
        ])
        let expected = [
            MemoryLayout<Mixed>.offset(of: \Mixed.0), MemoryLayout<Mixed>.offset(of: \Mixed.1),
            MemoryLayout<Mixed>.offset(of: \Mixed.2), MemoryLayout<Mixed>.offset(of: \Mixed.3),
            MemoryLayout<Mixed>.offset(of: \Mixed.4), MemoryLayout<Mixed>.offset(of: \Mixed.5),
        ]
        #expect(offsets == expected)
    }

    @Test func mixedBundlesKeepEveryValue() throws {
        let world = World()
        var entities: [Entity] = []
        for i in 0..<100 {
            entities.append(try world.spawn(
                UInt8(i), Name(text: "e\(i)"), Wide(value: SIMD4(repeating: Float(i))), Health(value: -i), Frozen()))
        }
        // The same component set in another argument order lands in the same table.
        let reordered = try world.spawn(Health(value: 7), Frozen(), Wide(value: .one), Name(text: "r"), UInt8(9))
        for (i, e) in entities.enumerated() {
            #expect(try world.get(UInt8.self, of: e) == UInt8(i))
            #expect(try world.get(Name.self, of: e).text == "e\(i)")
            #expect(try world.get(Wide.self, of: e).value == SIMD4(repeating: Float(i)))
            #expect(try world.get(Health.self, of: e).value == -i)
        }
        #expect(try world.get(Name.self, of: reordered).text == "r")
        #expect(try world.get(UInt8.self, of: reordered) == 9)
        #expect(world.tables.count == 2)
    }

    @Test func batchSpawnMovesEachTuple() throws {
        let world = World()
        let entities = try world.spawn(count: 50) { i in (Name(text: "b\(i)"), Health(value: i)) }
        for (i, e) in entities.enumerated() {
            #expect(try world.get(Name.self, of: e).text == "b\(i)")
            #expect(try world.get(Health.self, of: e).value == i)
        }
    }

    @Test func referenceComponentsAreReleasedExactlyOnce() throws {
        let before = Token.live
        do {
            let world = World()
            var entities: [Entity] = []
            for i in 0..<20 { entities.append(try world.spawn(Tag(token: Token(i)), Health(value: i))) }
            #expect(Token.live == before + 20)
            // Moves between tables neither copy nor drop the token.
            for e in entities { try world.insert(Frozen(), into: e) }
            for e in entities.prefix(10) { try world.remove(Frozen.self, from: e) }
            #expect(Token.live == before + 20)
            // Destroy swaps the row out of the live prefix; the token lives until compaction.
            for e in entities.suffix(5) { try world.destroy(e) }
            #expect(Token.live == before + 20)
            world.compact()
            #expect(Token.live == before + 15)
            for (i, e) in entities.prefix(15).enumerated() {
                #expect(try world.get(Tag.self, of: e).token.id == i)
            }
            // Removing the reference component drops it at once.
            try world.remove(Tag.self, from: entities[0])
            #expect(Token.live == before + 14)
        }
        #expect(Token.live == before)
    }
}
