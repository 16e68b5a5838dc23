import Testing
@testable import ECS

/// One seeded randomized run over the features built on the core: hooks and observers, the
/// hierarchy, `added` filters and snapshots. After every step:
/// - the `Place` values rebuilt from observer events alone equal the world's (each change was
///   observed once, with the right value, and every remove saw the value being removed);
/// - an `added` filter since the previous step visits exactly the entities whose `Place` add
///   events fired in the step;
/// - every `ChildOf` appears in its parent's `Children` and the other way round, and no
///   parent is dead;
/// and every few steps the world survives a snapshot round trip in both encodings.
final class FeatureModelRun {
    let world = World()
    private var random: SplitMix64
    private let seed: UInt64
    private(set) var step = 0
    private var operation = 0
    private let schema: SnapshotSchema
    /// `Place` of each entity, as the observers saw it.
    private var observed: [Entity: Place] = [:]
    /// Entities whose `Place` add events fired since the last check.
    private var addedSinceCheck: Set<Entity> = []
    /// Entities whose `Place` was added far out, which the chained observer tags.
    private var farAdded: Set<Entity> = []
    /// Entities the destroy observer saw.
    private(set) var destroyedSeen = 0
    private let addedQuery: Query<Read<Place>>
    private var lastVersion: UInt64

    init(seed: UInt64) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        schema = try SnapshotFixtures.schema()
        addedQuery = try world.query(Read<Place>.self)
        _ = try addedQuery.added(Place.self, since: 0)
        lastVersion = world.version
        try world.observe(.add, Place.self) { [unowned self] trigger in
            #expect(observed[trigger.entity] == nil, "seed \(seed) step \(step): add of a Place the entity had")
            observed[trigger.entity] = trigger.value
            addedSinceCheck.insert(trigger.entity)
        }
        try world.observe(.set, Place.self) { [unowned self] trigger in
            #expect(observed[trigger.entity] != nil, "seed \(seed) step \(step): set of a Place the entity lacked")
            observed[trigger.entity] = trigger.value
        }
        try world.observe(.remove, Place.self) { [unowned self] trigger in
            #expect(observed.removeValue(forKey: trigger.entity) == trigger.value, "seed \(seed) step \(step): remove saw another value")
            addedSinceCheck.remove(trigger.entity)
        }
        try world.observeDestroy { [unowned self] trigger in
            #expect(trigger.world.isAlive(trigger.entity))
            destroyedSeen += 1
        }
        // A chain: a Place added far out records a Tag through commands.
        try world.observe(.add, Place.self) { [unowned self] trigger in
            guard trigger.value.x > 90 else { return }
            trigger.commands.insert(Tag(label: "far"), into: trigger.entity)
            farAdded.insert(trigger.entity)
        }
    }

    private func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    private func place() -> Place { Place(x: Float(next(100)), y: Float(next(100))) }

    /// A live entity, or nil in an empty world.
    private func pickLive() -> Entity? {
        var live: [Entity] = []
        try? world.query(Read<Tag>?.self).forEach { entity, _ in live.append(entity) }
        try? world.query(Read<Place>.self).without(Tag.self).forEach { entity, _ in live.append(entity) }
        try? world.query(Read<Dose>.self).without(Tag.self).without(Place.self).forEach { entity, _ in live.append(entity) }
        return live.isEmpty ? nil : live.sorted { $0.index < $1.index }[next(live.count)]
    }

    func advance() throws {
        operation = next(14)
        do { try operate() } catch {
            Issue.record("seed \(seed) step \(step) operation \(operation): \(error)")
            throw error
        }
        try check()
        step += 1
    }

    private func operate() throws {
        switch operation {
        case 0: _ = try world.spawn(place())
        case 1: _ = try world.spawn(place(), Tag(label: "t\(step)"))
        case 2: _ = try world.spawn(count: next(4)) { _ in (Tag(label: "batch"), Place(x: 1, y: 1)) }
        case 3: _ = try world.spawnRepeating(count: next(3), Place(x: 95, y: 0))
        case 4: if let e = pickLive() { try world.insert(place(), into: e) }
        case 5: if let e = pickLive(), world.has(Place.self, e) { try world.set(place(), of: e) }
        case 6: if let e = pickLive(), world.has(Place.self, e) { try world.remove(Place.self, from: e) }
        case 7: if let e = pickLive() { try world.destroy(e) }
        case 8:
            if let child = pickLive(), let parent = pickLive() {
                do throws(ECSError) { try world.setParent(child, to: parent) } catch { #expect(error.code == .cycle) }
            }
        case 9: if let e = pickLive() { try world.removeParent(e) }
        case 10: if let e = pickLive(), next(3) == 0 { try world.destroyRecursively(e) }
        case 11: world.compact()
        case 12:
            let limit = Float(next(100))
            try world.retain(Place.self) { $0.y < limit || $0.y > 97 }
        default:
            if let e = pickLive() { try world.insert(Dose(amount: Int32(step), lethal: false), into: e) }
        }
    }

    private func check() throws {
        var actual: [Entity: Place] = [:]
        try world.query(Read<Place>.self).forEach { entity, place in actual[entity] = place }
        #expect(actual == observed, "seed \(seed) step \(step) operation \(operation): observed Place values differ")
        var added: Set<Entity> = []
        try addedQuery.added(Place.self, since: lastVersion).forEach { entity, _ in added.insert(entity) }
        #expect(added == addedSinceCheck, "seed \(seed) step \(step) operation \(operation): added filter differs")
        addedSinceCheck = []
        lastVersion = world.version
        try HierarchyTests.checkConsistent(world)
        for entity in farAdded where world.isAlive(entity) {
            #expect(world.has(Tag.self, entity), "seed \(seed) step \(step): the observer's command was lost")
        }
        if step % 8 == 0 { try SnapshotRoundTripCheck.expectReproduces(world, schema: schema) }
    }
}

@Suite struct FeatureModelTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func featuresMatchTheirModel(seed: UInt64) throws {
        let run = try FeatureModelRun(seed: seed)
        while run.step < 1_000 { try run.advance() }
        #expect(run.destroyedSeen > 20, "the run destroyed too few entities to matter")
        #expect(run.world.entityCount > 0)
    }
}
