@testable import ECS

/// The reference a randomized run checks the world against: what each live entity holds,
/// which entities died, and whether a destroyed row holding `Health` still awaits compaction.
struct WorldModel {
    /// The components one entity holds.
    struct Components: Equatable {
        var health: Int?
        var name: String?
        var frozen = false
        /// The dose of the sparse-set `Poisoned` component.
        var poison: Int?
    }

    /// Every live entity's components.
    private(set) var live: [Entity: Components] = [:]
    /// The live entities in a seed-determined order, for picking one at random.
    private var order: [Entity] = []
    /// Where each live entity sits in `order`.
    private var positions: [Entity: Int] = [:]
    /// Every entity destroyed so far.
    private(set) var dead: [Entity] = []

    /// Records that `entity` was spawned holding `components`.
    mutating func spawned(_ entity: Entity, _ components: Components) {
        live[entity] = components
        positions[entity] = order.count
        order.append(entity)
    }

    /// Changes the components of the live `entity`.
    mutating func update(_ entity: Entity, _ change: (inout Components) -> Void) {
        if var components = live[entity] {
            change(&components)
            live[entity] = components
        }
    }

    /// Records that `entity` was destroyed.
    mutating func destroyed(_ entity: Entity) {
        guard live.removeValue(forKey: entity) != nil, let position = positions.removeValue(forKey: entity) else { return }
        let last = order.removeLast()
        if position < order.count {
            order[position] = last
            positions[last] = position
        }
        dead.append(entity)
    }

    /// A live entity chosen by `random`, `nil` when none is alive.
    func pickLive(_ random: inout SplitMix64) -> Entity? {
        order.isEmpty ? nil : order[Int(random.next() % UInt64(order.count))]
    }

    /// A destroyed entity chosen by `random`, `nil` when none died yet.
    func pickDead(_ random: inout SplitMix64) -> Entity? {
        dead.isEmpty ? nil : dead[Int(random.next() % UInt64(dead.count))]
    }

    /// Health by entity for every live entity holding `Health`: what `query(Read<Health>)` sees.
    var health: [Entity: Int] {
        live.compactMapValues(\.health)
    }

    /// Health and dose by entity for the live entities holding both (a table and a sparse term).
    var poisonedHealth: [Entity: String] {
        live.compactMapValues { components in
            guard let health = components.health, let poison = components.poison else { return nil }
            return "\(health) \(poison)"
        }
    }

    /// Dose by entity for the live entities holding `Poisoned`.
    var poison: [Entity: Int] {
        live.compactMapValues(\.poison)
    }

    /// Health and name by entity for the live entities holding both and not `Frozen`.
    var namedUnfrozen: [Entity: String] {
        live.compactMapValues { components in
            guard let health = components.health, let name = components.name, !components.frozen else { return nil }
            return "\(health) \(name)"
        }
    }
}
