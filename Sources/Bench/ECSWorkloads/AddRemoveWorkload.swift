import ECS

/// ecs_bench_suite `add_remove`: N entities with `A` get a `B` one by one, then lose it again;
/// each add and remove moves a row between two tables.
final class AddRemoveWorkload: AllocationFreeWorkload {
    struct A { var value: Float = 0 }
    struct B { var value: Float = 0 }

    let entities: Int
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
        for entity in ids { try! world.insert(B(), into: entity) }
        for entity in ids { try! world.remove(B.self, from: entity) }
    }
}
