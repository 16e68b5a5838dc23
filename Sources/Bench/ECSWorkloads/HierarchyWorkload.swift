import BenchKit
import ECS

/// `hierarchy`: transform propagation over a tree of N entities (``HierarchyTree``: one root,
/// fan-out 8), linked with `setParent`. Each frame a ``ParentFirstPropagation`` sets every
/// entity's global transform to its parent's global transform after its local one. The plain C
/// walk over the same tree as arrays is `hierarchy_c`; run both in one `bench ecs` run.
///
/// Checksum components: `LocalTransform`, `GlobalTransform` (six `Float`s each). Work:
/// `updated` = N per frame.
final class HierarchyWorkload: AllocationFreeWorkload, VerifiableWorkload {
    /// An entity's transform relative to its parent.
    struct LocalTransform { var value: Affine2D }
    /// An entity's transform in the world.
    struct GlobalTransform { var value: Affine2D }

    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let propagation: ParentFirstPropagation<LocalTransform, GlobalTransform>

    /// The tree of `entities` entities, propagated once so that the walk is built.
    init(entities: Int) throws {
        self.entities = entities
        let ids = try world.spawn(count: entities) { i in
            (LocalTransform(value: HierarchyTree.local(i)), GlobalTransform(value: .identity))
        }
        for i in ids.indices.dropFirst() { try world.setParent(ids[i], to: ids[Int(HierarchyTree.parent(of: i))]) }
        propagation = try ParentFirstPropagation(world)
        try propagation.run(Self.combine)
    }

    var name: String { "ecs.hierarchy" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * (MemoryLayout<LocalTransform>.stride + 2 * MemoryLayout<GlobalTransform>.stride) }
    var isParallel: Bool { false }

    func runFrame() {
        // Cannot throw: no system runs, and the walk was built in `init` and stays valid.
        try! propagation.run(Self.combine)
        work.addFrame(updated: entities)
    }

    /// The parent's global transform after the local one; a root's is its local one.
    private static func combine(_ parent: GlobalTransform?, _ local: LocalTransform) -> GlobalTransform {
        guard let parent else { return GlobalTransform(value: local.value) }
        return GlobalTransform(value: parent.value * local.value)
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(Read<LocalTransform>.self, Read<GlobalTransform>.self).forEachChunk { chunk, local, global in
            for row in 0..<chunk.count { checksum.add(local[row], global[row]) }
        }
        return checksum
    }
}
