import BenchKit
import CECSReference

/// `observe_c`: the callbacks' own work of `observe` in plain C: the add and the remove
/// callback, each counting what it sees, called through function pointers once per entity
/// each per frame, with no component change to fire them. `observe` minus `add_remove` is what
/// the observers add; this is what they would add if firing cost nothing.
///
/// Checksum: `observe`'s (the two counts, then each entity's `A`, whose value is 0), so equal
/// checksums after equal frames prove both ran the same callbacks. Work: `updated` = N per
/// frame.
final class ObserveReferenceWorkload: AllocationFreeWorkload, VerifiableWorkload {
    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let ids: UnsafeMutableBufferPointer<UInt64>
    private let values: UnsafeMutableBufferPointer<Float>
    private let tally = UnsafeMutablePointer<ecsref_tally>.allocate(capacity: 1)

    /// `entities` entity ids and `B` values (0), and a tally at zero.
    init(entities: Int) {
        self.entities = entities
        ids = .allocate(capacity: entities)
        values = .allocate(capacity: entities)
        for i in 0..<entities {
            ids[i] = UInt64(i)
            values[i] = 0
        }
        tally.initialize(to: ecsref_tally(added: 0, removed: 0))
    }

    deinit {
        ids.deallocate()
        values.deallocate()
        tally.deallocate()
    }

    var name: String { "ecs.observe_c" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * 2 * (MemoryLayout<UInt64>.stride + MemoryLayout<Float>.stride) }
    var isParallel: Bool { false }

    func runFrame() {
        ecsref_call_each(ecsref_count_added, ecsref_count_removed, tally, ids.baseAddress, values.baseAddress, Int64(entities))
        work.addFrame(updated: entities)
    }

    /// The checksum the type's doc comment describes.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        checksum.add(tally.pointee.added, tally.pointee.removed)
        for _ in 0..<entities { checksum.add(Float(0)) }
        return checksum
    }
}
