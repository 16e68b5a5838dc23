import Testing
@testable import ECS

/// Long random sequences of spawn / destroy / insert / remove / compact / retain, checked step by
/// step against a plain dictionary model of what each live entity holds.
@Suite struct RandomizedModelTests {
    struct Model: Equatable {
        var health: Int?
        var name: String?
        var frozen = false
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func worldMatchesModel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let world = World()
        var model: [Entity: Model] = [:]
        var dead: [Entity] = []

        func pick() -> Entity? {
            guard !model.isEmpty else { return nil }
            let keys = model.keys.sorted { $0.id < $1.id }
            return keys[Int(random.next() % UInt64(keys.count))]
        }

        for step in 0..<3_000 {
            switch random.next() % 9 {
            case 0, 1:
                let value = Int(random.next() % 1_000)
                let e = try world.spawn(Health(value: value))
                model[e] = Model(health: value)
            case 2:
                let e = try world.spawn(Health(value: step), Name(text: "n\(step)"))
                model[e] = Model(health: step, name: "n\(step)")
            case 3:
                guard let e = pick() else { continue }
                try world.destroy(e)
                model[e] = nil
                dead.append(e)
            case 4:
                guard let e = pick() else { continue }
                let text = "r\(step)"
                try world.insert(Name(text: text), into: e)
                model[e]?.name = text
            case 5:
                guard let e = pick() else { continue }
                if model[e]?.name != nil {
                    try world.remove(Name.self, from: e)
                    model[e]?.name = nil
                } else {
                    #expect(throws: ECSError.self) { try world.remove(Name.self, from: e) }
                }
            case 6:
                guard let e = pick() else { continue }
                if model[e]!.frozen {
                    try world.remove(Frozen.self, from: e)
                } else {
                    try world.insert(Frozen(), into: e)
                }
                model[e]!.frozen.toggle()
            case 7:
                world.compact()
            default:
                let limit = Int(random.next() % 1_000)
                let removed = try world.retain(Health.self) { $0.value < limit }
                let doomed = model.filter { ($0.value.health ?? .min) >= limit }.map(\.key)
                #expect(removed == doomed.count)
                for e in doomed { model[e] = nil; dead.append(e) }
            }
            if step % 100 == 0 { check(world, model, dead) }
        }
        check(world, model, dead)
    }

    private func check(_ world: World, _ model: [Entity: Model], _ dead: [Entity]) {
        expectInvariants(world)
        #expect(world.entityCount == model.count)
        for (e, expected) in model {
            let actual = Model(
                health: (try? world.get(Health.self, of: e))?.value,
                name: (try? world.get(Name.self, of: e))?.text,
                frozen: world.has(Frozen.self, e)
            )
            #expect(actual == expected)
        }
        for e in dead { #expect(!world.isAlive(e)) }
    }
}
