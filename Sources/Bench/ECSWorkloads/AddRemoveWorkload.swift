import ECS

/// ecs_bench_suite `add_remove`: N entities with `A` get a `B` one by one, then lose it again;
/// each add and remove moves a row between two tables.
///
/// Checksum components: `A`, then `B` for an entity that still holds one (none after a whole
/// frame). Work: `updated` = N per frame (each entity gets `B` and loses it).
final class AddRemoveWorkload: AllocationFreeWorkload, VerifiableWorkload {
    struct A { var value: Float = 0 }
    struct B { var value: Float = 0 }

    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let ids: [Entity]

    init(entities: Int) throws {
        self.entities = entities
        ids = try world.spawn(count: entities) { _ in A() }
    }

    var name: String { "ecs.add_remove" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * 4 * MemoryLayout<A>.stride }
    var isParallel: Bool { false }

    func runFrame() {
        // Cannot throw: every id was spawned in `init` and none is destroyed, and no query is
        // iterating.
        for entity in ids { try! world.insert(B(), into: entity) }
        for entity in ids { try! world.remove(B.self, from: entity) }
        work.addFrame(updated: ids.count)
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(Read<A>.self).without(B.self).forEachChunk { chunk, values in
            for row in 0..<chunk.count { checksum.add(values[row]) }
        }
        try world.query(Read<A>.self, Read<B>.self).forEachChunk { chunk, a, b in
            for row in 0..<chunk.count { checksum.add(a[row], b[row]) }
        }
        return checksum
    }
}
