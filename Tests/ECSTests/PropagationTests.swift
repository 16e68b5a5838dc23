import Testing
@testable import ECS

/// `ParentFirstPropagation`: every entity's result is its parent's result combined with its own
/// input, also after the hierarchy or the tables change between runs.
@Suite struct PropagationTests {
    struct Offset { var x: Int }
    struct Sum: Equatable { var x: Int }

    /// Sums of offsets from the roots, computed by walking up each entity's parents.
    private func expectedSums(_ world: World) throws -> [Entity: Int] {
        var sums: [Entity: Int] = [:]
        try world.query(Read<Offset>.self, Read<Sum>.self).forEach { entity, _, _ in
            var total = 0
            var current: Entity? = entity
            while let next = current, world.has(Offset.self, next), world.has(Sum.self, next) {
                total += try world.get(Offset.self, of: next).x
                current = try world.parent(of: next)
            }
            sums[entity] = total
        }
        return sums
    }

    private func actualSums(_ world: World) throws -> [Entity: Int] {
        var sums: [Entity: Int] = [:]
        try world.query(Read<Sum>.self).forEach { entity, sum in sums[entity] = sum.x }
        return sums
    }

    @Test func resultsFollowTheTreeThroughReparentingAndNewEntities() throws {
        let world = World()
        var nodes: [Entity] = []
        for i in 0..<50 {
            let node = try world.spawn(Offset(x: i + 1), Sum(x: -1))
            if i > 0 { try world.setParent(node, to: nodes[(i - 1) / 3]) }
            nodes.append(node)
        }
        let propagation = try ParentFirstPropagation<Offset, Sum>(world)
        let combine: (Sum?, Offset) -> Sum = { parent, local in Sum(x: (parent?.x ?? 0) + local.x) }
        try propagation.run(combine)
        #expect(propagation.count == 50)
        #expect(try actualSums(world) == expectedSums(world))
        try world.setParent(nodes[40], to: nodes[1])
        try world.set(Offset(x: 1000), of: nodes[1])
        let loose = try world.spawn(Offset(x: 7), Sum(x: 0))
        try world.setParent(try world.spawn(Offset(x: 5), Sum(x: 0)), to: loose)
        let withoutSum = try world.spawn(Offset(x: 100))
        try world.setParent(withoutSum, to: nodes[0])
        try world.setParent(try world.spawn(Offset(x: 3), Sum(x: 0)), to: withoutSum)
        try propagation.run(combine)
        #expect(propagation.count == 50 + 3)
        #expect(try actualSums(world) == expectedSums(world))
        try world.destroy(nodes[1])
        try propagation.run(combine)
        #expect(try actualSums(world) == expectedSums(world))
    }

    @Test func runsBumpTheResultVersionAndCheckTheSystemsAccess() throws {
        let world = World()
        let root = try world.spawn(Offset(x: 1), Sum(x: 0))
        try world.setParent(try world.spawn(Offset(x: 2), Sum(x: 0)), to: root)
        let propagation = try ParentFirstPropagation<Offset, Sum>(world)
        let before = world.version
        try propagation.run { parent, local in Sum(x: (parent?.x ?? 0) + local.x) }
        #expect(try world.query(Read<Sum>.self).changed(Sum.self, since: before).count == 2)
        let schedule = try Schedule()
        schedule.add(FunctionSystem("propagate", access: SystemAccess(reads: [Offset.self, Sum.self])) { _ in
            try propagation.run { parent, local in Sum(x: (parent?.x ?? 0) + local.x) }
        })
        let error = #expect(throws: ECSError.self) { try schedule.run(world) }
        #expect(error?.code == .undeclaredAccess)
    }
}
