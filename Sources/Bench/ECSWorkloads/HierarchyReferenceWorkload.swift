import BenchKit
import CECSReference

/// `hierarchy_c`: the plain C reference of `hierarchy`: the same tree and transforms as three
/// arrays in breadth-first order (local, global, parent index), walked by `ecsref_propagate`.
/// Its work and checksum equal `hierarchy`'s, which proves both computed the same bits.
final class HierarchyReferenceWorkload: AllocationFreeWorkload, VerifiableWorkload {
    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let local: UnsafeMutableBufferPointer<ecsref_affine>
    private let global: UnsafeMutableBufferPointer<ecsref_affine>
    private let parent: UnsafeMutableBufferPointer<Int32>

    /// The arrays of the tree of `entities` nodes, propagated once, as `hierarchy` starts.
    init(entities: Int) {
        self.entities = entities
        local = .allocate(capacity: entities)
        global = .allocate(capacity: entities)
        parent = .allocate(capacity: entities)
        for i in 0..<entities {
            local[i] = HierarchyTree.local(i).reference
            global[i] = Affine2D.identity.reference
            parent[i] = HierarchyTree.parent(of: i)
        }
        propagate()
    }

    deinit {
        local.deallocate()
        global.deallocate()
        parent.deallocate()
    }

    var name: String { "ecs.hierarchy_c" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * (3 * MemoryLayout<ecsref_affine>.stride + MemoryLayout<Int32>.stride) }
    var isParallel: Bool { false }

    func runFrame() {
        propagate()
        work.addFrame(updated: entities)
    }

    private func propagate() {
        ecsref_propagate(local.baseAddress, global.baseAddress, parent.baseAddress, Int64(entities))
    }

    /// The checksum over each node's local then global transform, as `hierarchy`'s.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        for i in 0..<entities { checksum.add(local[i], global[i]) }
        return checksum
    }
}
