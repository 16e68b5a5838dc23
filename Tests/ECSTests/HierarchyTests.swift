import Testing
@testable import ECS

/// Parent/child relationships: the `Children` lists stay equal to the `ChildOf` links through
/// reparenting, removal and destroys, cycles are refused, and walks visit parents first.
@Suite struct HierarchyTests {
    /// Checks that every `ChildOf` link appears once in its parent's `Children` and that every
    /// listed child links back; returns the number of links.
    @discardableResult
    static func checkConsistent(_ world: World) throws -> Int {
        var links: [Entity: [Entity]] = [:]
        try world.query(Read<ChildOf>.self).forEach { child, link in
            #expect(world.isAlive(link.parent), "\(child)'s parent \(link.parent) is dead")
            links[link.parent, default: []].append(child)
        }
        var listed = 0
        try world.query(Read<Children>.self).forEach { parent, children in
            #expect(!children.entities.isEmpty, "\(parent) keeps an empty Children")
            #expect(Set(children.entities).count == children.entities.count)
            #expect(Set(children.entities) == Set(links[parent] ?? []), "\(parent)'s list differs from its links")
            listed += children.entities.count
        }
        #expect(listed == links.values.reduce(0) { $0 + $1.count })
        return listed
    }

    @Test func setParentLinksBothWaysAndReparentingMovesTheChild() throws {
        let world = World()
        let a = try world.spawn(Health(value: 0))
        let b = try world.spawn(Health(value: 1))
        let c = try world.spawn(Health(value: 2))
        try world.setParent(c, to: a)
        #expect(try world.parent(of: c) == a)
        #expect(try world.children(of: a) == [c])
        try world.setParent(c, to: b)
        #expect(try world.children(of: a) == [])
        #expect(!world.has(Children.self, a))
        #expect(try world.children(of: b) == [c])
        try world.removeParent(c)
        #expect(try world.parent(of: c) == nil)
        #expect(try world.checkedRoots() == [])
        try Self.checkConsistent(world)
    }

    @Test func cyclesAndStaleEntitiesAreRefused() throws {
        let world = World()
        let a = try world.spawn(Health(value: 0))
        let b = try world.spawn(Health(value: 1))
        let c = try world.spawn(Health(value: 2))
        try world.setParent(b, to: a)
        try world.setParent(c, to: b)
        for (child, parent) in [(a, c), (a, a), (b, c)] {
            let error = #expect(throws: ECSError.self) { try world.setParent(child, to: parent) }
            #expect(error?.code == .cycle)
        }
        try world.destroy(c)
        let stale = #expect(throws: ECSError.self) { try world.setParent(c, to: a) }
        #expect(stale?.code == .staleEntity)
        #expect(try world.children(of: b) == [])
        try Self.checkConsistent(world)
    }

    @Test func destroyingAParentDestroysItsSubtreeAndNothingElse() throws {
        let world = World()
        let root = try world.spawn(Health(value: 0))
        var all = [root]
        for i in 1..<40 {
            let child = try world.spawn(Health(value: i))
            try world.setParent(child, to: all[(i - 1) / 3])
            all.append(child)
        }
        let other = try world.spawn(Health(value: 99))
        let middle = all[2]
        let subtree = Set(try descendants(world, of: middle))
        try world.destroy(middle)
        for entity in all { #expect(world.isAlive(entity) == !subtree.contains(entity)) }
        #expect(world.isAlive(other))
        #expect(try !world.children(of: root).contains(middle))
        try Self.checkConsistent(world)
        try world.destroyRecursively(root)
        #expect(world.entityCount == 1)
        world.compact()
        #expect(try Self.checkConsistent(world) == 0)
    }

    @Test func removingChildrenOrphansAndRemovingChildOfDetaches() throws {
        let world = World()
        let parent = try world.spawn(Health(value: 0))
        let kids = try (0..<3).map { i in try world.spawn(Health(value: i + 1)) }
        for kid in kids { try world.setParent(kid, to: parent) }
        try world.remove(ChildOf.self, from: kids[1])
        #expect(try world.children(of: parent) == [kids[0], kids[2]])
        try world.remove(Children.self, from: parent)
        for kid in kids { #expect(world.isAlive(kid)) ; #expect(try world.parent(of: kid) == nil) }
        try Self.checkConsistent(world)
    }

    @Test func walksVisitParentsBeforeChildren() throws {
        let world = World()
        // root -> (a -> (a1, a2), b -> (b1))
        let root = try world.spawn(Health(value: 0))
        let a = try world.spawn(Health(value: 1))
        let b = try world.spawn(Health(value: 2))
        let a1 = try world.spawn(Health(value: 3))
        let a2 = try world.spawn(Health(value: 4))
        let b1 = try world.spawn(Health(value: 5))
        for (child, parent) in [(a, root), (b, root), (a1, a), (a2, a), (b1, b)] { try world.setParent(child, to: parent) }
        var depthFirst: [Entity] = []
        try world.traverse(.depthFirst) { entity, _ in depthFirst.append(entity) }
        #expect(depthFirst == [root, a, a1, a2, b, b1])
        var breadthFirst: [(Entity, Int)] = []
        try world.traverse(.breadthFirst) { entity, depth in breadthFirst.append((entity, depth)) }
        #expect(breadthFirst.map(\.0) == [root, a, b, a1, a2, b1])
        #expect(breadthFirst.map(\.1) == [0, 1, 1, 2, 2, 2])
        var sub: [Entity] = []
        try world.traverse(from: b) { entity, _ in sub.append(entity) }
        #expect(sub == [b, b1])
        let error = #expect(throws: ECSError.self) {
            try world.traverse { _, _ in _ = try world.spawn(Health(value: 9)) }
        }
        #expect(error?.code == .reentrantStructuralChange)
    }

    @Test func commandsReparentInsideSystems() throws {
        let world = World()
        let parent = try world.spawn(Position(x: 0, y: 0))
        let kids = try world.spawn(count: 5) { i in Health(value: i) }
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("adopt", access: SystemAccess(reads: [Health.self])) { context in
            try context.query(Read<Health>.self).forEach { entity, _ in context.commands.setParent(entity, to: parent) }
        })
        try schedule.run(world)
        #expect(Set(try world.children(of: parent)) == Set(kids))
        try Self.checkConsistent(world)
    }

    /// `entity` and its descendants.
    private func descendants(_ world: World, of entity: Entity) throws -> [Entity] {
        var out: [Entity] = []
        try world.traverse(from: entity) { descendant, _ in out.append(descendant) }
        return out
    }
}

extension World {
    /// ``roots()`` for tests.
    fileprivate func checkedRoots() throws -> [Entity] { roots() }
}
