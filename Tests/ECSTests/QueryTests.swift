import Testing
@testable import ECS

@Suite struct QueryTests {
    @Test func chunksVisitEveryMatchingTableWithFilters() throws {
        let world = World()
        try world.spawn(count: 10) { i in (Position(x: Float(i), y: 0), Velocity(dx: 1, dy: 2)) }
        try world.spawn(count: 5) { _ in (Position(x: 0, y: 0), Velocity(dx: 1, dy: 2), Frozen()) }
        try world.spawn(count: 7) { _ in Position(x: 0, y: 0) }
        let movement = world.query(Write<Position>.self, Read<Velocity>.self).without(Frozen.self)
        #expect(movement.count == 10)
        movement.forEachChunk { chunk, positions, velocities in
            #expect(positions.count == chunk.count && velocities.count == chunk.count)
            for i in 0..<chunk.count { positions[i].x += velocities[i].dx }
        }
        var frozen = 0
        world.query(Read<Position>.self).with(Frozen.self).forEach { _, p in
            #expect(p.x == 0)
            frozen += 1
        }
        #expect(frozen == 5)
        var sum: Float = 0
        movement.forEach { _, p, _ in sum += p.value.x }
        #expect(sum == (0..<10).reduce(0) { $0 + Float($1) } + 10)
    }

    @Test func queryPicksUpTablesCreatedAfterIt() throws {
        let world = World()
        let health = world.query(Read<Health>.self)
        #expect(health.count == 0)
        try world.spawn(Health(value: 1))
        try world.spawn(Health(value: 2), Frozen())
        #expect(health.count == 2)
    }

    @Test func perEntityWritesGoThrough() throws {
        let world = World()
        let e = try world.spawn(Health(value: 1))
        world.query(Write<Health>.self).forEach { _, h in h.value.value += 41 }
        #expect(try world.get(Health.self, of: e).value == 42)
    }

    @Test func parallelChunksAreBitIdenticalForAnyThreadCount() throws {
        func run(threads: Int) throws -> [Float] {
            let world = World()
            try world.spawn(count: 10_000) { i in (Position(x: Float(i) * 0.37, y: 1), Velocity(dx: 0.1, dy: Float(i % 13))) }
            let query = world.query(Write<Position>.self, Read<Velocity>.self)
            for _ in 0..<5 {
                try query.forEachChunk(threads: threads, chunkSize: 333) { _, p, v in
                    for i in p.indices { p[i].x = (p[i].x + v[i].dx).squareRoot() * 1.5; p[i].y += v[i].dy * 0.25 }
                }
            }
            var out: [Float] = []
            query.forEach { _, p, _ in out.append(p.value.x); out.append(p.value.y) }
            return out
        }
        let serial = try run(threads: 1)
        #expect(try run(threads: 2) == serial)
        #expect(try run(threads: 8) == serial)
    }

    @Test func parallelLoopRejectsBadArguments() {
        let world = World()
        let query = world.query(Read<Position>.self)
        #expect(throws: ECSError.self) { try query.forEachChunk(threads: 0) { _, _ in } }
        #expect(throws: ECSError.self) { try query.forEachChunk(threads: 1, chunkSize: 0) { _, _ in } }
    }

    @Test func packedScalarsViewTheColumnFlat() throws {
        struct Vec: PackedScalars { typealias Scalar = Float; static let scalarCount = 2; var x, y: Float }
        struct Padded: PackedScalars { typealias Scalar = Float; static let scalarCount = 2; var x: Float; var flag: Bool }
        let world = World()
        try world.spawn(count: 3) { i in (Vec(x: Float(i), y: 10), Padded(x: 0, flag: true)) }
        try world.query(Write<Vec>.self).forEachChunk { _, v in
            let flat = try v.scalars()
            #expect(flat.count == 6)
            for i in flat.indices { flat[i] += 1 }
        }
        var xs: [Float] = []
        world.query(Read<Vec>.self).forEach { _, v in xs.append(v.x) }
        #expect(xs == [1, 2, 3])
        #expect(throws: ECSError.self) {
            try world.query(Write<Padded>.self).forEachChunk { _, p in _ = try p.scalars() }
        }
    }
}

@Suite struct LifetimeTests {
    final class Holder {
        let world = World()
        let query: Query<Read<Name>>
        init() throws {
            query = world.query(Read<Name>.self)
            try world.spawn(count: 10) { i in Name(text: "value \(i) with a heap-allocated string payload") }
            #expect(query.count == 10)
        }
    }

    @Test func queryMayOutliveItsWorldsLastOtherReference() throws {
        var holder: Holder? = try Holder()
        #expect(holder?.query.count == 10)
        holder = nil
        #expect(holder == nil)
    }
}
