import Synchronization
import Testing
@testable import ECS

/// `forEachChunk(threads:chunkSize:)` sizes its job list up front: every live row of every
/// matching table must still be visited exactly once, for any chunk size up to `Int.max`.
@Suite struct ParallelChunkCoverageTests {
    struct A { var value: Int }
    struct B { var value: Int }

    @Test(arguments: [1, 7, 1_000, Int.max])
    func everyRowOfEveryTableIsVisitedOnce(chunkSize: Int) throws {
        let world = World()
        try world.spawn(count: 1_000) { i in A(value: i) }
        try world.spawn(count: 333) { i in (A(value: 1_000 + i), B(value: 0)) }
        let visits = Atomic<Int>(0)
        let chunks = Atomic<Int>(0)
        try world.query(Write<A>.self).forEachChunk(threads: 2, chunkSize: chunkSize) { chunk, values in
            #expect(chunk.count >= 1 && chunk.count <= chunkSize)
            for i in values.indices { values[i].value += 1 }
            visits.add(chunk.count, ordering: .relaxed)
            chunks.add(1, ordering: .relaxed)
        }
        let expectedChunks = chunkSize == Int.max ? 2 : (1_000 + chunkSize - 1) / chunkSize + (333 + chunkSize - 1) / chunkSize
        #expect(visits.load(ordering: .relaxed) == 1_333)
        #expect(chunks.load(ordering: .relaxed) == expectedChunks)
        var sum = 0
        try world.query(Read<A>.self).forEach { _, a in sum += a.value }
        #expect(sum == (1...1_333).reduce(0, +))
    }
}
