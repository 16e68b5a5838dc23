import Testing
import ECS

// The second example of README.md ("Observers, hierarchies, filters and snapshots"), compiled
// and run as it is printed there.

private struct Transform: Codable { var x: Float, y: Float }
private struct WorldTransform { var x: Float, y: Float }
private struct Hull: Codable { var points: Int }

@Test func readmeFeatureExampleRuns() throws {
    let world = World()
    // An `added` filter tracks its component from the query's first use: make it first.
    let hulls = try world.query(Read<Hull>.self).added(Hull.self, since: world.version)

    // Observers: fire at the change; structural changes go through the trigger's commands.
    try world.observe(.remove, Hull.self) { trigger in
        if trigger.value.points > 0 { trigger.commands.spawn(Hull(points: 0)) }
    }

    // A hierarchy: destroying a parent destroys its children; propagation visits parents first.
    let ship = try world.spawn(Transform(x: 10, y: 0), WorldTransform(x: 0, y: 0), Hull(points: 3))
    let turret = try world.spawn(Transform(x: 0, y: 2), WorldTransform(x: 0, y: 0))
    try world.setParent(turret, to: ship)
    let propagate = try ParentFirstPropagation<Transform, WorldTransform>(world)
    try propagate.run { parent, local in
        WorldTransform(x: (parent?.x ?? 0) + local.x, y: (parent?.y ?? 0) + local.y)
    }

    // Filters: entities whose Hull was added since a version; an optional term.
    let since = world.version
    let medic = try world.spawn(Hull(points: 9))
    var arrivals: [Entity] = []
    try hulls.added(Hull.self, since: since).forEach { entity, _ in arrivals.append(entity) }
    var reach: Float = 0
    try world.query(Read<Hull>.self, Read<Transform>?.self).forEach { _, _, transform in reach += transform?.x ?? 0 }

    // Snapshots: opt components in by name, save, load into an empty world with the same ids.
    var schema = SnapshotSchema()
    try schema.register(Transform.self, name: "Transform")
    try schema.register(Hull.self, name: "Hull")
    let bytes = try schema.save(world)
    let copy = World()
    try schema.load(bytes, into: copy)

    #expect(try world.get(WorldTransform.self, of: turret).x == 10)
    try world.destroy(ship)  // the turret goes too; the observer spawns a Hull(points: 0)
    #expect(!world.isAlive(turret))
    #expect(arrivals == [medic])
    #expect(reach == 10)
    #expect(copy.isAlive(ship) && copy.isAlive(turret))
    #expect(world.entityCount == 2)
}
