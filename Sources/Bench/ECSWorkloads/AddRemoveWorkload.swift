import BenchKit
import ECS

/// ecs_bench_suite `add_remove`: N entities with `A` get a `B` one by one, then lose it again.
/// With table storage each add and remove moves a row between two tables; the sparse variant
/// (`add_remove_sparse`) declares `B` a sparse-set component, so each touches only `B`'s set,
/// as EnTT's `emplace` and `erase` do.
///
/// Checksum components: `A`, then `B` for an entity that still holds one (none after a whole
/// frame). Work: `updated` = N per frame (each entity gets `B` and loses it).
final class AddRemoveWorkload: AllocationFreeWorkload, VerifiableWorkload {
    struct A { var value: Float = 0 }
    struct B { var value: Float = 0 }
    /// `B` stored in a sparse set.
    struct SparseB: StorageDeclaring {
        static var storage: ComponentStorage { .sparseSet }
        var value: Float = 0
    }

    let entities: Int
    /// Whether `B` is the sparse-set `SparseB`.
    let sparse: Bool
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let ids: [Entity]

    /// A world of `entities` entities with `A`; `sparse` picks the sparse-set `B`.
    init(entities: Int, sparse: Bool = false) throws {
        self.entities = entities
        self.sparse = sparse
        ids = try world.spawn(count: entities) { _ in A() }
    }

    var name: String { sparse ? "ecs.add_remove_sparse" : "ecs.add_remove" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * 4 * MemoryLayout<A>.stride }
    var isParallel: Bool { false }

    func runFrame() {
        if sparse {
            cycleSparse()
        } else {
            // Cannot throw: every id was spawned in `init` and none is destroyed, and no query
            // is iterating.
            for entity in ids { try! world.insert(B(), into: entity) }
            for entity in ids { try! world.remove(B.self, from: entity) }
        }
        work.addFrame(updated: ids.count)
    }

    /// Adds the sparse-set `SparseB` to every entity, then removes it from every entity. Out of
    /// line, so that the table loops of ``runFrame()`` compile as they would alone.
    @inline(never)
    private func cycleSparse() {
        // Cannot throw: as in ``runFrame()``.
        for entity in ids { try! world.insert(SparseB(), into: entity) }
        for entity in ids { try! world.remove(SparseB.self, from: entity) }
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        sparse ? try checksum(SparseB.self) : try checksum(B.self)
    }

    /// The checksum with `Component` as `B`: `A` of the entities without it, then `A` and `B`
    /// of those with it.
    private func checksum<Component>(_: Component.Type) throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(Read<A>.self).without(Component.self).forEachChunk { chunk, values in
            for row in 0..<chunk.count { checksum.add(values[row]) }
        }
        try world.query(Read<A>.self, Read<Component>.self).forEachChunk { chunk, a, b in
            for row in 0..<chunk.count { checksum.add(a[row], b[row]) }
        }
        return checksum
    }
}
