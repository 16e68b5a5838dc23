import Testing
@testable import ECS

/// Hooks and observers: which changes fire which callbacks, with which values, in which order,
/// and what callbacks may change.
@Suite struct ObserverTests {
    /// Events as `kind entity value` strings, in firing order.
    final class Log {
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }

    @Test func insertFiresAddThenSetWithTheStoredValues() throws {
        let world = World()
        let log = Log()
        for event in ComponentEvent.allCases {
            try world.observe(event, Health.self) { log.add("\(event) \($0.entity.index) \($0.value.value)") }
        }
        let e = try world.spawn(Position(x: 0, y: 0))
        try world.insert(Health(value: 1), into: e)
        try world.insert(Health(value: 2), into: e)
        try world.set(Health(value: 3), of: e)
        try world.remove(Health.self, from: e)
        #expect(log.lines == ["add \(e.index) 1", "set \(e.index) 2", "set \(e.index) 3", "remove \(e.index) 3"])
        #expect(!world.has(Health.self, e))
    }

    /// The registry files each event of a component under `id * ComponentEvent.count + index`.
    @Test func eventCountAndIndicesMatchTheCases() {
        #expect(ComponentEvent.count == ComponentEvent.allCases.count)
        #expect(ComponentEvent.allCases.map(\.index) == Array(0..<ComponentEvent.count))
    }

    /// A removal fires the same way through a table's cached remove edge and on the first
    /// removal from a table (no edge yet), and a removal of a component the entity lacks (or of
    /// a type the world never saw) throws and fires nothing.
    @Test func observedRemovalsFireWithAndWithoutACachedEdgeAndRejectMissingComponents() throws {
        let world = World()
        let log = Log()
        try world.observe(.remove, Health.self) { log.add("remove \($0.entity.index) \($0.value.value)") }
        let first = try world.spawn(Position(x: 0, y: 0), Health(value: 1), Velocity(dx: 0, dy: 0))
        let second = try world.spawn(Position(x: 0, y: 0), Health(value: 2), Velocity(dx: 0, dy: 0))
        try world.remove(Health.self, from: first)
        try world.remove(Health.self, from: second)
        #expect(log.lines == ["remove \(first.index) 1", "remove \(second.index) 2"])
        #expect(!world.has(Health.self, first) && !world.has(Health.self, second))
        #expect(try world.get(Velocity.self, of: second) == Velocity(dx: 0, dy: 0))
        struct NeverSeen {}
        #expect { try world.remove(Health.self, from: first) } throws: { ($0 as? ECSError)?.code == .missingComponent }
        #expect { try world.remove(NeverSeen.self, from: first) } throws: { ($0 as? ECSError)?.code == .missingComponent }
        #expect(log.lines.count == 2)
    }

    @Test func hooksRunBeforeObserversAndAreOnePerEvent() throws {
        let world = World()
        let log = Log()
        try world.observe(.add, Health.self) { _ in log.add("observer 1") }
        try world.setHook(.add, for: Health.self) { _ in log.add("hook") }
        try world.observe(.add, Health.self) { _ in log.add("observer 2") }
        let error = #expect(throws: ECSError.self) { try world.setHook(.add, for: Health.self) { _ in } }
        #expect(error?.code == .invalidArgument)
        _ = try world.spawn(Health(value: 1))
        #expect(log.lines == ["hook", "observer 1", "observer 2"])
        #expect(world.observerCount == 3)
    }

    @Test func spawnsFireAddForEachComponentEntityByEntity() throws {
        let world = World()
        let log = Log()
        try world.observe(.add, Health.self) { log.add("health \($0.entity.index) \($0.value.value)") }
        try world.observe(.add, Position.self) { log.add("position \($0.entity.index) \(Int($0.value.x))") }
        let one = try world.spawn(Position(x: 7, y: 0), Health(value: 1))
        #expect(log.lines == ["position \(one.index) 7", "health \(one.index) 1"])
        log.lines = []
        let many = try world.spawn(count: 2) { i in (Health(value: 10 + i), Position(x: Float(i), y: 0)) }
        #expect(log.lines == [
            "health \(many[0].index) 10", "position \(many[0].index) 0", "health \(many[1].index) 11", "position \(many[1].index) 1",
        ])
        log.lines = []
        let repeated = try world.spawnRepeating(count: 2, Health(value: 5))
        #expect(log.lines == repeated.map { "health \($0.index) 5" })
    }

    @Test func destroyFiresTheDestroyObserverThenEachRemoveWhileTheEntityLives() throws {
        let world = World()
        let log = Log()
        try world.observeDestroy { trigger in
            log.add("destroy \(trigger.entity.index) alive=\(trigger.world.isAlive(trigger.entity))")
        }
        try world.observe(.remove, Health.self) { log.add("health \($0.value.value) alive=\($0.world.isAlive($0.entity))") }
        try world.observe(.remove, Poisoned.self) { log.add("poisoned \($0.value.dose)") }
        try world.observe(.remove, Velocity.self) { _ in log.add("velocity") }
        let e = try world.spawn(Health(value: 4), Position(x: 0, y: 0))
        try world.insert(Poisoned(dose: 9), into: e)
        try world.destroy(e)
        #expect(log.lines == ["destroy \(e.index) alive=true", "health 4 alive=true", "poisoned 9"])
        #expect(!world.isAlive(e))
    }

    @Test func sparseComponentsFireLikeTableComponents() throws {
        let world = World()
        let log = Log()
        for event in ComponentEvent.allCases {
            try world.observe(event, Poisoned.self) { log.add("\(event) \($0.value.dose)") }
        }
        let e = try world.spawn(Health(value: 1), Poisoned(dose: 1))
        try world.insert(Poisoned(dose: 2), into: e)
        try world.set(Poisoned(dose: 3), of: e)
        try world.remove(Poisoned.self, from: e)
        #expect(log.lines == ["add 1", "set 2", "set 3", "remove 3"])
    }

    @Test func callbacksChangeTheWorldThroughCommandsBeforeTheChangeReturns() throws {
        let world = World()
        let rejected = Log()
        try world.observe(.add, Health.self) { trigger in
            do throws(ECSError) { _ = try trigger.world.spawn(Frozen()) } catch { rejected.add(error.code.rawValue) }
            if trigger.value.value < 3 { trigger.commands.insert(Health(value: trigger.value.value + 1), into: trigger.entity) }
        }
        try world.observe(.set, Health.self) { trigger in
            if trigger.value.value < 3 { trigger.commands.spawn(Health(value: trigger.value.value + 1)) }
        }
        let e = try world.spawn(Health(value: 1))
        // add 1 -> insert 2 (set) -> spawn 3 (add, stops).
        #expect(rejected.lines == ["reentrant_structural_change", "reentrant_structural_change"])
        #expect(try world.get(Health.self, of: e).value == 2)
        #expect(world.entityCount == 2)
        #expect(!world.isIterating)
    }

    @Test func aChainThatDoesNotSettleIsATypedErrorAndTheWorldStaysUsable() throws {
        let world = World()
        try world.setObserverLimits(ObserverLimits(rounds: 50, commands: 1_000))
        try world.observe(.add, Health.self) { $0.commands.remove(Health.self, from: $0.entity) }
        try world.observe(.remove, Health.self) { $0.commands.insert($0.value, into: $0.entity) }
        let e = try world.spawn(Position(x: 0, y: 0))
        let error = #expect(throws: ECSError.self) { try world.insert(Health(value: 1), into: e) }
        #expect(error?.code == .observerLimit)
        #expect(error?.metadata["rounds"] == "51")
        #expect(world.isAlive(e))
        #expect(!world.isIterating)
        let doubling = World()
        try doubling.setObserverLimits(ObserverLimits(rounds: 1_000, commands: 10_000))
        try doubling.observe(.add, Frozen.self) { trigger in
            trigger.commands.spawn(Frozen())
            trigger.commands.spawn(Frozen())
        }
        let limit = #expect(throws: ECSError.self) { try doubling.spawn(Frozen()) }
        #expect(limit?.code == .observerLimit)
        #expect(doubling.entityCount <= 10_000 + 1)
    }

    @Test func aSetInsideACallbackFiresInTheNextRoundNotRecursively() throws {
        let world = World()
        try world.setObserverLimits(ObserverLimits(rounds: 10, commands: 100))
        var depth = 0
        var deepest = 0
        try world.observe(.set, Health.self) { trigger in
            depth += 1
            deepest = max(deepest, depth)
            try? trigger.world.set(Health(value: trigger.value.value + 1), of: trigger.entity)
            depth -= 1
        }
        let e = try world.spawn(Health(value: 0))
        let error = #expect(throws: ECSError.self) { try world.set(Health(value: 1), of: e) }
        #expect(error?.code == .observerLimit)
        #expect(deepest == 1)
        // The direct set fired with 1 and wrote 2; rounds 1 to 10 fired 2 to 11 and wrote up
        // to 12; round 11 was refused.
        #expect(try world.get(Health.self, of: e).value == 12)
    }

    /// `modify`'s guard rejects structural changes like a callback's, but it is not one: a `set`
    /// inside its body fires at once, and the callbacks' own guard ends with them.
    @Test func aSetInsideModifyFiresAtOnceAndCallbacksLeaveNoGuardBehind() throws {
        let world = World()
        let log = Log()
        try world.observe(.set, Health.self) { log.add("set \($0.value.value) busy \($0.world.isIterating)") }
        let e = try world.spawn(Health(value: 0), Position(x: 0, y: 0))
        try world.modify(Position.self, of: e) { position in
            position.x = 1
            try world.set(Health(value: 5), of: e)
            log.add("after set")
        }
        #expect(log.lines == ["set 5 busy true", "after set"])
        #expect(!world.isIterating)
        try world.insert(Velocity(dx: 1, dy: 0), into: e)
        #expect(world.has(Velocity.self, e))
    }

    @Test func removingObserversStopsThemAndRestoresThePlainPath() throws {
        let world = World()
        let log = Log()
        let add = try world.observe(.add, Health.self) { _ in log.add("add") }
        let destroy = try world.observeDestroy { _ in log.add("destroy") }
        #expect(world.isObserved)
        let e = try world.spawn(Health(value: 1))
        try world.removeObserver(add)
        try world.removeObserver(destroy)
        #expect(!world.isObserved)
        #expect(world.observerCount == 0)
        try world.destroy(try world.spawn(Health(value: 2)))
        try world.destroy(e)
        #expect(log.lines == ["add"])
        let error = #expect(throws: ECSError.self) { try world.removeObserver(add) }
        #expect(error?.code == .invalidArgument)
    }

    @Test func registrationIsRejectedInsideLoops() throws {
        let world = World()
        _ = try world.spawn(Health(value: 1))
        var codes: [ECSError.Code] = []
        try world.query(Read<Health>.self).forEach { _, _ in
            do throws(ECSError) { try world.observe(.add, Health.self) { _ in } } catch { codes.append(error.code) }
        }
        #expect(codes == [.structuralChangeDuringIteration])
        #expect(world.observerCount == 0)
    }

    @Test func retainAndRespawnAreObserved() throws {
        let world = World()
        let log = Log()
        try world.observe(.remove, Health.self) { log.add("remove \($0.value.value)") }
        try world.observe(.add, Health.self) { log.add("add \($0.value.value)") }
        _ = try world.spawn(count: 4) { i in Health(value: i) }
        log.lines = []
        #expect(try world.retain(Health.self) { $0.value % 2 == 0 } == 2)
        #expect(log.lines == ["remove 1", "remove 3"])
        log.lines = []
        var doomed = try healthy(world)
        try world.respawn(&doomed) { k in Health(value: 100 + k) }
        #expect(log.lines == ["remove 0", "add 100", "remove 2", "add 101"])
        #expect(world.entityCount == 2)
    }

    /// A schedule whose systems set, insert and destroy while observers watch: the observed
    /// sequence and the final state are the same for 1, 2 and 8 threads.
    @Test(arguments: [1, 2, 8])
    func scheduledChangesFireInSystemOrderForAnyThreadCount(threads: Int) throws {
        #expect(try scheduledRun(threads: threads) == scheduledRun(threads: 1))
    }

    private func scheduledRun(threads: Int) throws -> [String] {
        let world = World()
        let log = Log()
        try world.observe(.set, Health.self) { log.add("set \($0.entity.index) \($0.value.value)") }
        try world.observe(.add, Frozen.self) { log.add("frozen \($0.entity.index)") }
        try world.observeDestroy { log.add("destroy \($0.entity.index)") }
        _ = try world.spawn(count: 64) { i in (Health(value: i), Position(x: Float(i), y: 0)) }
        let schedule = try Schedule(threads: threads)
        schedule.add(FunctionSystem("heal", access: SystemAccess(writes: [Health.self])) { context in
            for entity in try healthy(context.world) {
                let value = try context.world.get(Health.self, of: entity).value
                try context.world.set(Health(value: value + 1), of: entity)
            }
        })
        schedule.add(FunctionSystem("freeze", access: SystemAccess(reads: [Position.self])) { context in
            try context.query(Read<Position>.self).forEach { entity, position in
                if Int(position.x) % 3 == 0 { context.commands.insert(Frozen(), into: entity) }
                if Int(position.x) % 7 == 0 { context.commands.destroy(entity) }
            }
        })
        for _ in 0..<3 { try schedule.run(world) }
        return log.lines
    }
}

/// The entities with `Health`, in query order.
private func healthy(_ world: World) throws -> [Entity] {
    var entities: [Entity] = []
    try world.query(Read<Health>.self).forEach { entity, _ in entities.append(entity) }
    return entities
}
