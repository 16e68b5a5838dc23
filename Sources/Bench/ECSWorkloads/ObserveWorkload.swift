import BenchKit
import ECS

/// `observe`: `add_remove` with one observer on each event: N entities with `A` get a `B` one
/// by one, then lose it again, and an `add` observer and a `remove` observer of `B` each count
/// the entities they see. The difference from `ecs.add_remove` in the same run is what the
/// observers cost: the callbacks' own work (a closure call and an add) plus the observed path.
///
/// Checksum components: `A`, then `B` for an entity that still holds one (none after a whole
/// frame), as `add_remove`'s, plus one entry of the two observers' counts (`UInt64` each, the
/// adds first), which proves each saw every change. Work: `updated` = N per frame.
final class ObserveWorkload: AllocationFreeWorkload, VerifiableWorkload {
    struct A { var value: Float = 0 }
    struct B { var value: Float = 0 }

    /// What the callbacks saw.
    final class Tally {
        var added = 0
        var removed = 0
    }

    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let ids: [Entity]
    private let tally = Tally()

    /// A world of `entities` entities with `A`, and the two observers of `B`.
    init(entities: Int) throws {
        self.entities = entities
        ids = try world.spawn(count: entities) { _ in A() }
        let tally = self.tally
        try world.observe(.add, B.self) { _ in tally.added += 1 }
        try world.observe(.remove, B.self) { _ in tally.removed += 1 }
    }

    var name: String { "ecs.observe" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * 4 * MemoryLayout<A>.stride }
    var isParallel: Bool { false }

    func runFrame() {
        // Cannot throw: every id was spawned in `init` and none is destroyed, no query is
        // iterating, and the observers record no commands.
        for entity in ids { try! world.insert(B(), into: entity) }
        for entity in ids { try! world.remove(B.self, from: entity) }
        work.addFrame(updated: ids.count)
    }

    /// The checksum over the components and counts the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum { try Self.checksum(of: world, tally) }

    /// The checksum the type's doc comment describes, of `world` and the counts in `tally`:
    /// shared with ``ObserveDirectWorkload``, which does the same work.
    static func checksum(of world: World, _ tally: Tally) throws -> StateChecksum {
        var checksum = StateChecksum()
        checksum.add(UInt64(tally.added), UInt64(tally.removed))
        try world.query(Read<A>.self).without(B.self).forEachChunk { chunk, values in
            for row in 0..<chunk.count { checksum.add(values[row]) }
        }
        try world.query(Read<A>.self, Read<B>.self).forEachChunk { chunk, a, b in
            for row in 0..<chunk.count { checksum.add(a[row], b[row]) }
        }
        return checksum
    }
}
