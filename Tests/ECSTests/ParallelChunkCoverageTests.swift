import Synchronization
import ECS
import Testing
@testable import ECS

/// `forEachChunk(threads:chunkSize:)` sizes its job list up front: every live row of every
/// matching table must still be visited exactly once, for any chunk size up to `Int.max`. On
/// one thread it runs the same chunks without a job list.
@Suite struct ParallelChunkCoverageTests {
    struct A { var value: Int }
    struct B { var value: Int }

    @Test(arguments: [1, 7, 1_000, Int.max], [1, 2])
    func everyRowOfEveryTableIsVisitedOnce(chunkSize: Int, threads: Int) throws {
        let world = World()
        try world.spawn(count: 1_000) { i in A(value: i) }
        try world.spawn(count: 333) { i in (A(value: 1_000 + i), B(value: 0)) }
        let visits = Atomic<Int>(0)
        let chunks = Atomic<Int>(0)
        try world.query(Write<A>.self).forEachChunk(threads: threads, chunkSize: chunkSize) { chunk, values in
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

    /// One thread and two run the same chunks: the same tables, first rows and counts.
    @Test func oneThreadRunsTheChunksOfTwo() throws {
        let world = World()
        try world.spawn(count: 1_000) { i in A(value: i) }
        try world.spawn(count: 333) { i in (A(value: 1_000 + i), B(value: 0)) }
        func chunks(threads: Int) throws -> Set<[Int]> {
            let seen = Locked<Set<[Int]>>([])
            try world.query(Write<A>.self).forEachChunk(threads: threads, chunkSize: 64) { chunk, _ in
                seen.withLock { _ = $0.insert([chunk.tableIndex, chunk.firstRow, chunk.count]) }
            }
            return seen.withLock { $0 }
        }
        let one = try chunks(threads: 1)
        #expect(one.count == 16 + 6)
        #expect(try chunks(threads: 2) == one)
    }
}
