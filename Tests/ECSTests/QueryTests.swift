import Testing
@testable import ECS

@Suite struct QueryTests {
    @Test func chunksVisitEveryMatchingTableWithFilters() throws {
        let world = World()
        try world.spawn(count: 10) { i in (Position(x: Float(i), y: 0), Velocity(dx: 1, dy: 2)) }
        try world.spawn(count: 5) { _ in (Position(x: 0, y: 0), Velocity(dx: 1, dy: 2), Frozen()) }
        try world.spawn(count: 7) { _ in Position(x: 0, y: 0) }
        let movement = try world.query(Write<Position>.self, Read<Velocity>.self).without(Frozen.self)
        #expect(movement.count == 10)
        try movement.forEachChunk { chunk, positions, velocities in
            #expect(positions.count == chunk.count && velocities.count == chunk.count)
            for i in 0..<chunk.count { positions[i].x += velocities[i].dx }
        }
        var frozen = 0
        try world.query(Read<Position>.self).with(Frozen.self).forEach { _, p in
            #expect(p.x == 0)
            frozen += 1
        }
        #expect(frozen == 5)
        var sum: Float = 0
        try movement.forEach { _, p, _ in sum += p.value.x }
        #expect(sum == (0..<10).reduce(0) { $0 + Float($1) } + 10)
    }

    @Test func queryPicksUpTablesCreatedAfterIt() throws {
        let world = World()
        let health = try world.query(Read<Health>.self)
        #expect(health.count == 0)
        try world.spawn(Health(value: 1))
        try world.spawn(Health(value: 2), Frozen())
        #expect(health.count == 2)
    }

    @Test func perEntityWritesGoThrough() throws {
        let world = World()
        let e = try world.spawn(Health(value: 1))
        try world.query(Write<Health>.self).forEach { _, h in h.value.value += 41 }
        #expect(try world.get(Health.self, of: e).value == 42)
    }

    @Test func parallelChunksAreBitIdenticalForAnyThreadCount() throws {
        func run(threads: Int) throws -> [Float] {
            let world = World()
            try world.spawn(count: 10_000) { i in (Position(x: Float(i) * 0.37, y: 1), Velocity(dx: 0.1, dy: Float(i % 13))) }
            let query = try world.query(Write<Position>.self, Read<Velocity>.self)
            for _ in 0..<5 {
                try query.forEachChunk(threads: threads, chunkSize: 333) { _, p, v in
                    for i in p.indices { p[i].x = (p[i].x + v[i].dx).squareRoot() * 1.5; p[i].y += v[i].dy * 0.25 }
                }
            }
            var out: [Float] = []
            try query.forEach { _, p, _ in out.append(p.value.x); out.append(p.value.y) }
            return out
        }
        let serial = try run(threads: 1)
        #expect(try run(threads: 2) == serial)
        #expect(try run(threads: 8) == serial)
    }

    @Test func parallelLoopRejectsBadArguments() throws {
        let world = World()
        let query = try world.query(Read<Position>.self)
        #expect(throws: ECSError.self) { try query.forEachChunk(threads: 0) { _, _ in } }
        #expect(throws: ECSError.self) { try query.forEachChunk(threads: 1, chunkSize: 0) { _, _ in } }
    }

    @Test func termsThatAliasAWriteAreRejectedWhenBuilt() throws {
        let world = World()
        let twice = try #require(throws: ECSError.self) { try world.query(Write<Position>.self, Write<Position>.self) }
        #expect(twice.code == .invalidArgument)
        #expect(twice.message.contains("names Position twice"))
        #expect(throws: ECSError.self) { try world.query(Read<Position>.self, Write<Position>.self) }
        #expect(throws: ECSError.self) { try world.query(Write<Position>.self, Read<Velocity>.self, Read<Position>.self) }
        _ = try world.query(Read<Position>.self, Read<Position>.self)
    }

    @Test func parallelWritesStampEachTableOnce() throws {
        let world = World()
        try world.spawn(count: 5_000) { i in (Position(x: Float(i), y: 0), Velocity(dx: 1, dy: 0)) }
        try world.spawn(count: 3_000) { i in Position(x: Float(i), y: 0) }
        let query = try world.query(Write<Position>.self)
        let before = world.version
        try query.forEachChunk(threads: 4, chunkSize: 100) { _, p in
            for i in p.indices { p[i].y += 1 }
        }
        let stamp = try query.versionStamp
        #expect(stamp > before && stamp <= world.version)
        #expect(try world.query(Read<Position>.self).changed(Position.self, since: before).count == 8_000)
        #expect(try world.query(Read<Position>.self).changed(Position.self, since: stamp).count == 0)
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
        try world.query(Read<Vec>.self).forEach { _, v in xs.append(v.x) }
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
            query = try world.query(Read<Name>.self)
            try world.spawn(count: 10) { i in Name(text: "value \(i) with a heap-allocated string payload") }
            #expect(query.count == 10)
        }
    }

    @Test func queryMayOutliveItsWorldsLastOtherReference() throws {
        var holder: Holder? = try Holder()
        let query = try #require(holder?.query)
        weak let world = holder?.world
        holder = nil
        #expect(world != nil)
        #expect(query.count == 10)
        var texts: [String] = []
        try query.forEach { _, name in texts.append(name.text) }
        #expect(texts.last == "value 9 with a heap-allocated string payload")
    }
}
