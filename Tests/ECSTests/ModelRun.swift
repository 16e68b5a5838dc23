import Testing
@testable import ECS

/// One seeded randomized run: a world, its ``WorldModel``, and the queries checked against the
/// model after every step.
final class ModelRun {
    /// The world under test.
    let world = World()
    /// What the world must hold.
    private(set) var model = WorldModel()
    /// The seeded source of every choice.
    private var random: SplitMix64
    /// The seed, for failure messages.
    private let seed: UInt64
    /// The number of steps run so far.
    private(set) var step = 0
    /// Every entity holding `Health`; its version stamp is checked step by step.
    private let healthQuery: Query<Read<Health>>
    /// Entities holding `Health` and `Name`, without `Frozen`.
    private let namedQuery: Query<Read<Health>, Read<Name>>
    /// Writes `Health` of every entity that is not `Frozen`.
    private let thawedHealthQuery: Query<Write<Health>>
    /// Entities holding `Health` and the sparse-set `Poisoned`.
    private let poisonedHealthQuery: Query<Read<Health>, Read<Poisoned>>
    /// Entities holding `Health` but not `Poisoned` (a sparse `without` filter).
    private let unpoisonedHealthQuery: Query<Read<Health>>
    /// Every entity holding `Poisoned` (a sparse-only query).
    private let poisonQuery: Query<Read<Poisoned>>
    /// Writes `Poisoned` of every entity that is not `Frozen`.
    private let thawedPoisonQuery: Query<Write<Poisoned>>
    /// The component id of `Health`.
    private let healthID: ComponentID
    /// The number of the last operation run, for failure messages.
    private var operation = 0
    /// The number of the operation that compacts the world.
    private let compactOperation = 12
    /// How many of the model's dead entities have been checked since they died.
    private var deadChecked = 0

    /// A run whose every choice follows from `seed`.
    init(seed: UInt64) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        healthQuery = try world.query(Read<Health>.self)
        namedQuery = try world.query(Read<Health>.self, Read<Name>.self).without(Frozen.self)
        thawedHealthQuery = try world.query(Write<Health>.self).without(Frozen.self)
        poisonedHealthQuery = try world.query(Read<Health>.self, Read<Poisoned>.self)
        unpoisonedHealthQuery = try world.query(Read<Health>.self).without(Poisoned.self)
        poisonQuery = try world.query(Read<Poisoned>.self)
        thawedPoisonQuery = try world.query(Write<Poisoned>.self).without(Frozen.self)
        healthID = try world.componentID(for: Health.self)
    }

    /// Runs one random operation, then checks the whole world against the model, and that the
    /// `Health` query's version stamp moved exactly when a table holding `Health` was rewritten
    /// (and always when the model's health values changed).
    ///
    /// A batch spawn of zero entities is the one operation whose stamp is left unchecked: it
    /// changes nothing, yet the world stamps the bundle's table as changed.
    func advance() throws {
        let stampBefore = try healthQuery.versionStamp
        let tablesBefore = healthTableCount
        let healthBefore = model.health
        let rewroteHealth = try operate()
        try check()
        let stampAfter = try healthQuery.versionStamp
        let expectChange = rewroteHealth.map { $0 || healthTableCount != tablesBefore }
        #expect(
            expectChange.map { (stampAfter != stampBefore) == $0 } ?? true,
            "seed \(seed) step \(step) operation \(operation): stamp \(stampBefore) -> \(stampAfter), expected a change: \(expectChange)"
        )
        #expect(stampAfter >= stampBefore, "seed \(seed) step \(step): the stamp went back")
        #expect(model.health == healthBefore || expectChange != false, "seed \(seed) step \(step): model changed unnoticed")
        step += 1
    }

    /// The number of tables holding `Health`.
    private var healthTableCount: Int {
        world.tables.count { $0.componentIDs.contains(healthID) }
    }

    /// A random value for a `Health` component.
    private func nextHealth() -> Int {
        Int(random.next() % 1_000)
    }

    /// A random number in `0..<bound`.
    private func next(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    /// Runs one random operation on the world and the model; returns whether it rewrote a
    /// table holding `Health` (its rows, their order or its `Health` column), or `nil` when
    /// the stamp is not checked.
    private func operate() throws -> Bool? {
        operation = next(21)
        switch operation {
        case 0:
            let value = nextHealth()
            model.spawned(try world.spawn(Health(value: value)), .init(health: value))
            return true
        case 1:
            let value = nextHealth()
            let text = "s\(step)"
            model.spawned(try world.spawn(Health(value: value), Name(text: text)), .init(health: value, name: text))
            return true
        case 2:
            let text = "n\(step)"
            model.spawned(try world.spawn(Name(text: text)), .init(name: text))
            return false
        case 3:
            let count = next(6)
            let base = nextHealth()
            let spawned = try world.spawn(count: count) { i in Health(value: base + i) }
            #expect(spawned.count == count)
            for (i, entity) in spawned.enumerated() { model.spawned(entity, .init(health: base + i)) }
            return count > 0 ? true : nil
        case 4:
            let count = next(5)
            let value = nextHealth()
            let text = "b\(step)"
            let spawned = try world.spawnRepeating(count: count, Health(value: value), Name(text: text))
            #expect(spawned.count == count && Set(spawned).count == count)
            for entity in spawned { model.spawned(entity, .init(health: value, name: text)) }
            return count > 0 ? true : nil
        case 5:
            guard let entity = model.pickLive(&random), let components = model.live[entity] else { return false }
            try world.destroy(entity)
            model.destroyed(entity)
            return components.health != nil
        case 6:
            guard let entity = model.pickDead(&random) else { return false }
            expectStale { try world.destroy(entity) }
            expectStale { try world.insert(Name(text: "late"), into: entity) }
            expectStale { try world.remove(Health.self, from: entity) }
            expectStale { _ = try world.get(Health.self, of: entity) }
            return false
        case 7:
            guard let entity = model.pickLive(&random), let components = model.live[entity] else { return false }
            let text = "r\(step)"
            try world.insert(Name(text: text), into: entity)
            model.update(entity) { $0.name = text }
            return components.health != nil && components.name == nil
        case 8:
            guard let entity = model.pickLive(&random), let components = model.live[entity] else { return false }
            guard components.name != nil else {
                let error = #expect(throws: ECSError.self) { try world.remove(Name.self, from: entity) }
                #expect(error?.code == .missingComponent)
                return false
            }
            try world.remove(Name.self, from: entity)
            model.update(entity) { $0.name = nil }
            return components.health != nil
        case 9:
            guard let entity = model.pickLive(&random), let components = model.live[entity] else { return false }
            if components.frozen {
                try world.remove(Frozen.self, from: entity)
            } else {
                try world.insert(Frozen(), into: entity)
            }
            model.update(entity) { $0.frozen.toggle() }
            return components.health != nil
        case 10:
            guard let entity = model.pickLive(&random) else { return false }
            let value = nextHealth()
            try world.insert(Health(value: value), into: entity)
            model.update(entity) { $0.health = value }
            return true
        case 11:
            guard let entity = model.pickLive(&random), let components = model.live[entity] else { return false }
            guard components.health != nil else {
                let error = #expect(throws: ECSError.self) { try world.remove(Health.self, from: entity) }
                #expect(error?.code == .missingComponent)
                return false
            }
            try world.remove(Health.self, from: entity)
            model.update(entity) { $0.health = nil }
            return true
        case compactOperation:
            let reclaimsHealthRows = world.tables.contains { $0.componentIDs.contains(healthID) && $0.count > $0.aliveCount }
            world.compact()
            #expect(world.tables.allSatisfy { $0.count == $0.aliveCount })
            return reclaimsHealthRows
        case 13:
            let limit = nextHealth()
            let removed = try world.retain(Health.self) { $0.value < limit }
            let doomed = model.live.filter { ($0.value.health ?? .min) >= limit }.map(\.key)
            #expect(removed == doomed.count)
            for entity in doomed { model.destroyed(entity) }
            return removed > 0
        case 14:
            return try applyCommands()
        case 16...20:
            return try operateOnPoison()
        default:
            let thawed = model.live.filter { $0.value.health != nil && !$0.value.frozen }.map(\.key)
            try thawedHealthQuery.forEach { _, health in health.value.value += 1 }
            for entity in thawed { model.update(entity) { $0.health? += 1 } }
            return !thawed.isEmpty
        }
    }

    /// Runs one random operation on the sparse-set `Poisoned` component (add, replace, remove,
    /// spawns mixing it with table components, query writes with a changed-since check, retain)
    /// on the world and the model; returns whether it rewrote a table holding `Health`.
    private func operateOnPoison() throws -> Bool? {
        switch operation {
        case 16:
            guard let entity = model.pickLive(&random) else { return false }
            let dose = nextHealth()
            try world.insert(Poisoned(dose: dose), into: entity)
            model.update(entity) { $0.poison = dose }
            return false
        case 17:
            guard let entity = model.pickLive(&random), let components = model.live[entity] else { return false }
            guard components.poison != nil else {
                let error = #expect(throws: ECSError.self) { try world.remove(Poisoned.self, from: entity) }
                #expect(error?.code == .missingComponent)
                return false
            }
            try world.remove(Poisoned.self, from: entity)
            model.update(entity) { $0.poison = nil }
            return false
        case 18:
            let value = nextHealth()
            switch next(3) {
            case 0:
                model.spawned(try world.spawn(Poisoned(dose: value), Health(value: value)), .init(health: value, poison: value))
                return true
            case 1:
                let count = next(4)
                let spawned = try world.spawn(count: count) { i in (Health(value: value + i), Poisoned(dose: i)) }
                for (i, entity) in spawned.enumerated() { model.spawned(entity, .init(health: value + i, poison: i)) }
                return count > 0 ? true : nil
            default:
                let text = "p\(step)"
                let spawned = try world.spawnRepeating(count: next(4), Name(text: text), Poisoned(dose: value))
                for entity in spawned { model.spawned(entity, .init(name: text, poison: value)) }
                return false
            }
        case 19:
            let before = world.version
            let thawed = model.live.filter { $0.value.poison != nil && !$0.value.frozen }.map(\.key)
            try thawedPoisonQuery.forEach { _, poison in poison.value.dose += 1 }
            for entity in thawed { model.update(entity) { $0.poison? += 1 } }
            var changed: Set<Entity> = []
            try world.query(Read<Poisoned>.self).changed(Poisoned.self, since: before).forEach { entity, _ in changed.insert(entity) }
            #expect(changed == Set(thawed), "seed \(seed) step \(step): changed-since sees other entities than the write")
            return false
        default:
            let limit = nextHealth()
            let removed = try world.retain(Poisoned.self) { $0.dose < limit }
            let doomed = model.live.filter { ($0.value.poison ?? .min) >= limit }
            #expect(removed == doomed.count)
            for entity in doomed.keys { model.destroyed(entity) }
            return doomed.values.contains { $0.health != nil }
        }
    }

    /// Records one to five random commands (some of them failing: destroying an entity twice,
    /// removing a missing name) and applies them, mirroring each on the model in order.
    private func applyCommands() throws -> Bool {
        let commands = Commands()
        var rewroteHealth = false
        var expectsError = false
        var spawned: [String: Int] = [:]
        for index in 0..<(1 + next(5)) {
            switch next(4) {
            case 0:
                let value = nextHealth()
                let text = "c\(step).\(index)"
                commands.spawn(Health(value: value), Name(text: text))
                spawned[text] = value
                rewroteHealth = true
            case 1:
                guard let entity = model.pickLive(&random) else { continue }
                commands.destroy(entity)
                // The entity may have been picked by an earlier command of this batch.
                guard let components = model.live[entity] else { expectsError = true; continue }
                model.destroyed(entity)
                rewroteHealth = rewroteHealth || components.health != nil
            case 2:
                guard let entity = model.pickLive(&random) else { continue }
                let text = "i\(step).\(index)"
                commands.insert(Name(text: text), into: entity)
                guard let components = model.live[entity] else { expectsError = true; continue }
                model.update(entity) { $0.name = text }
                rewroteHealth = rewroteHealth || (components.health != nil && components.name == nil)
            default:
                guard let entity = model.pickLive(&random) else { continue }
                commands.remove(Name.self, from: entity)
                guard let components = model.live[entity], components.name != nil else { expectsError = true; continue }
                model.update(entity) { $0.name = nil }
                rewroteHealth = rewroteHealth || components.health != nil
            }
        }
        do {
            try world.apply(commands)
            #expect(!expectsError, "seed \(seed) step \(step): a failing command went unreported")
        } catch {
            #expect(expectsError, "seed \(seed) step \(step): unexpected \(error)")
        }
        #expect(commands.count == 0)
        var found = 0
        try namedQuery.forEach { entity, health, name in
            guard let value = spawned[name.text] else { return }
            #expect(health.value == value)
            model.spawned(entity, .init(health: value, name: name.text))
            found += 1
        }
        #expect(found == spawned.count, "seed \(seed) step \(step): \(found) of \(spawned.count) spawns found")
        return rewroteHealth
    }

    /// Expects `body` to throw ``ECSError/Code-swift.enum/staleEntity``.
    private func expectStale(_ body: () throws -> Void) {
        let error = #expect(throws: ECSError.self, "seed \(seed) step \(step)") { try body() }
        #expect(error?.code == .staleEntity)
    }

    /// Checks the whole world against the model: table invariants, every live entity's
    /// components, every dead entity, and the queries' entities, counts and sums.
    func check() throws {
        expectInvariants(world)
        expectSparseInvariants(world)
        let context = "seed \(seed) step \(step)"
        #expect(world.entityCount == model.live.count, "\(context)")
        let wrong = model.live.filter { entity, expected in
            let actual = WorldModel.Components(
                health: (try? world.get(Health.self, of: entity))?.value,
                name: (try? world.get(Name.self, of: entity))?.text,
                frozen: world.has(Frozen.self, entity),
                poison: (try? world.get(Poisoned.self, of: entity))?.dose
            )
            return actual != expected || !world.isAlive(entity)
        }
        #expect(wrong.isEmpty, "\(context): \(wrong.count) entities differ from the model, for example \(wrong.first.map { "\($0)" } ?? "")")
        // A dead id can only come back to life when compaction reuses its index, so every dead
        // id is checked after a compaction and the others when they die.
        let recentlyDead = operation == compactOperation ? model.dead[...] : model.dead[deadChecked...]
        #expect(recentlyDead.allSatisfy { !world.isAlive($0) }, "\(context): a destroyed entity is alive")
        deadChecked = model.dead.count

        let health = model.health
        var seen: [Entity: Int] = [:]
        var repeated = 0
        try healthQuery.forEach { entity, value in
            if seen.updateValue(value.value, forKey: entity) != nil { repeated += 1 }
        }
        #expect(repeated == 0 && seen == health, "\(context): the Health query sees other entities than the model")
        #expect(healthQuery.count == health.count, "\(context)")
        var sum = 0
        var rows = 0
        try healthQuery.forEachChunk { chunk, values in
            rows += chunk.count
            for value in values { sum += value.value }
        }
        #expect(rows == health.count && sum == health.values.reduce(0, +), "\(context): chunk rows or sum differ")

        var named: [Entity: String] = [:]
        try namedQuery.forEach { entity, health, name in named[entity] = "\(health.value) \(name.text)" }
        #expect(named == model.namedUnfrozen, "\(context): the filtered query differs from the model")
        #expect(namedQuery.count == named.count, "\(context)")
        try checkPoison(context)
    }

    /// Checks the queries over the sparse-set `Poisoned` against the model.
    private func checkPoison(_ context: String) throws {
        var mixed: [Entity: String] = [:]
        try poisonedHealthQuery.forEach { entity, health, poison in mixed[entity] = "\(health.value) \(poison.dose)" }
        #expect(mixed == model.poisonedHealth, "\(context): the mixed sparse and table query differs from the model")
        #expect(poisonedHealthQuery.count == mixed.count, "\(context)")

        var unpoisoned: Set<Entity> = []
        try unpoisonedHealthQuery.forEach { entity, _ in unpoisoned.insert(entity) }
        #expect(unpoisoned == Set(model.health.keys).subtracting(model.poison.keys), "\(context): without(Poisoned) differs")

        var doses: [Entity: Int] = [:]
        var oneEntityChunks = true
        try poisonQuery.forEachChunk { chunk, poison in
            oneEntityChunks = oneEntityChunks && chunk.count == 1 && poison.count == 1
            doses[chunk.entities[0]] = poison[0].dose
        }
        #expect(oneEntityChunks, "\(context): a sparse chunk holds other than one entity")
        #expect(doses == model.poison, "\(context): the sparse-only query differs from the model")
    }
}
