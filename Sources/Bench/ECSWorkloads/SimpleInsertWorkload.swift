import ECS

/// ecs_bench_suite `simple_insert`: a fresh world gets N entities with a 4x4 matrix and three
/// 3-float vectors (the same values for all, as in the original), spawned one by one, or in one
/// batch when `batched`.
final class SimpleInsertWorkload: Workload {
    let entities: Int
    let batched: Bool

    init(entities: Int, batched: Bool) {
        self.entities = entities
        self.batched = batched
    }

    var name: String { batched ? "ecs.simple_insert_batch" : "ecs.simple_insert" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * (MemoryLayout<Transform>.stride + 3 * MemoryLayout<Vector3>.stride) }
    var isParallel: Bool { false }

    func runFrame() {
        let world = World()
        if batched {
            _ = try! world.spawnRepeating(count: entities, Transform(), Position(), Rotation(), Velocity())
        } else {
            for _ in 0..<entities {
                _ = try! world.spawn(Transform(), Position(), Rotation(), Velocity())
            }
        }
    }
}
