import Testing
@testable import ECS

/// Checks every sparse set of `world`: each dense element's sparse entry points back at it,
/// its entity is alive, no two elements share an entity, and the counts fit the buffers.
func expectSparseInvariants(_ world: World, sourceLocation: SourceLocation = #_sourceLocation) {
    for set in world.storage.pointee.sparseSets.all {
        let storage = set.pointee
        #expect(storage.count >= 0 && storage.count <= storage.capacity, sourceLocation: sourceLocation)
        var seen: Set<Entity> = []
        for dense in 0..<storage.count {
            let entity = storage.entities[dense]
            #expect(seen.insert(entity).inserted, "\(entity) twice in a sparse set", sourceLocation: sourceLocation)
            #expect(world.isAlive(entity), "dead \(entity) in a sparse set", sourceLocation: sourceLocation)
            #expect(storage.denseIndex(of: entity) == dense, "sparse entry of \(entity) is not \(dense)", sourceLocation: sourceLocation)
        }
    }
}
