import BenchKit
import ECS

/// `added`: bevy's `Added<T>` over N entities with 1% of them getting `T` each frame. All
/// entities hold `A`; all but one window of 1% hold `T`. Each frame `T` is inserted into the
/// window that lacks it and removed from the next window (whose rows the table's last rows,
/// the fresh ones among them, fill), then a query with an added filter on `T` since the
/// previous frame's version visits exactly the window that got `T` and adds 1 to its `A`.
///
/// Windows: entity `i` is in window `i / (N / 100)`, and frame `f` adds `T` to window `f` and
/// removes it from window `f + 1` (both modulo the window count); window 0 starts without `T`.
/// Checksum components: `A`, then `T` for an entity that holds one. Work: `updated` = the
/// entities the filtered loop visits, N / 100 per frame.
final class AddedWorkload: AllocationFreeWorkload, VerifiableWorkload {
    struct A { var value: Float = 0 }
    struct T { var value: Float = 0 }

    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let ids: [Entity]
    /// The loop over the entities whose `T` was added since the previous frame.
    private let arrivals: Query<Write<A>>
    /// Entities per window: 1% of them.
    private let window: Int
    /// Frames run.
    private var frame = 0
    /// The world's version when the previous frame's loop ended.
    private var lastFrame: UInt64

    /// A world of `entities` entities (at least 100) with `A`, all but the first 1% with `T`.
    init(entities: Int) throws {
        guard entities >= 100 else { throw ECSError(.invalidArgument, "the added workload needs at least 100 entities (got \(entities))") }
        self.entities = entities
        window = entities / 100
        // The query exists before the entities, so every `T` is recorded as added when it is.
        arrivals = try world.query(Write<A>.self).added(T.self, since: 0)
        ids = try world.spawn(count: entities) { i in (A(value: Float(i)), T(value: Float(i))) }
        for entity in ids.prefix(window) { try world.remove(T.self, from: entity) }
        lastFrame = world.version
    }

    var name: String { "ecs.added" }
    var params: [String: Int] { ["entities": entities] }
    /// The filter reads every entity's added tick of `T`.
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * MemoryLayout<UInt64>.size }
    var isParallel: Bool { false }

    func runFrame() {
        let windows = entities / window
        let adding = frame % windows * window
        let removing = (frame + 1) % windows * window
        // Cannot throw: every id was spawned in `init` and none is destroyed; the adding window
        // lacks `T`, the removing one holds it, and no query is iterating.
        for k in adding..<(adding + window) { try! world.insert(T(value: Float(frame)), into: ids[k]) }
        for k in removing..<(removing + window) { try! world.remove(T.self, from: ids[k]) }
        var visited = 0
        // Cannot throw: no schedule runs, so no access is checked.
        try! arrivals.added(T.self, since: lastFrame).forEachChunk { chunk, values in
            for row in 0..<chunk.count { values[row].value += 1 }
            visited += chunk.count
        }
        lastFrame = world.version
        frame += 1
        work.addFrame(updated: visited)
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(Read<A>.self).without(T.self).forEachChunk { chunk, values in
            for row in 0..<chunk.count { checksum.add(values[row]) }
        }
        try world.query(Read<A>.self, Read<T>.self).forEachChunk { chunk, a, t in
            for row in 0..<chunk.count { checksum.add(a[row], t[row]) }
        }
        return checksum
    }
}
