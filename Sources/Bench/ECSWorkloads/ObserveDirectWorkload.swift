import BenchKit
import ECS

/// `observe_direct`: `observe`'s work with no observer: the workload itself calls the two
/// counting closures, the add one right after each insert of `B` and the remove one right
/// before each removal. What this adds to `add_remove` in the same run is the least any
/// observer that calls a callback per change can add: the calls alone, with no registry, guard,
/// trigger or recorded commands, in the middle of the changes as an observer's are.
///
/// Checksum and work: `observe`'s (``ObserveWorkload/checksum(of:_:)``), so equal checksums
/// after equal frames prove both saw every change.
final class ObserveDirectWorkload: AllocationFreeWorkload, VerifiableWorkload {
    typealias A = ObserveWorkload.A
    typealias B = ObserveWorkload.B

    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let ids: [Entity]
    private let tally = ObserveWorkload.Tally()
    /// The callbacks, held where the optimiser cannot see their bodies, as a registry's are.
    private let onAdd: (Entity, B) -> Void
    private let onRemove: (Entity, B) -> Void

    /// A world of `entities` entities with `A`, and the two counting closures.
    init(entities: Int) throws {
        self.entities = entities
        ids = try world.spawn(count: entities) { _ in A() }
        let tally = self.tally
        onAdd = { _, _ in tally.added += 1 }
        onRemove = { _, _ in tally.removed += 1 }
    }

    var name: String { "ecs.observe_direct" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * 4 * MemoryLayout<A>.stride }
    var isParallel: Bool { false }

    func runFrame() {
        // Cannot throw: every id was spawned in `init` and none is destroyed, and no query is
        // iterating.
        for entity in ids {
            try! world.insert(B(), into: entity)
            onAdd(entity, B())
        }
        for entity in ids {
            onRemove(entity, B())
            try! world.remove(B.self, from: entity)
        }
        work.addFrame(updated: ids.count)
    }

    /// `observe`'s checksum of this world and tally.
    func stateChecksum() throws -> StateChecksum { try ObserveWorkload.checksum(of: world, tally) }
}
