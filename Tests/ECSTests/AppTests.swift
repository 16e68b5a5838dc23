import ECS
import Testing

@testable import ECS

/// The app: plugins, typed systems, stages, ordering, run conditions and typed events.
@Suite struct AppTests {
    struct Gravity { var dy: Float }
    struct Counter { var value = 0 }
    struct Hit: Equatable { var id: Int }

    /// Records the order in which systems ran, from any thread.
    final class Log: Sendable {
        private let entries = Locked<[String]>([])
        func append(_ name: String) { entries.withLock { $0.append(name) } }
        var names: [String] { entries.withLock { $0 } }
    }

    struct GravityPlugin: Plugin {
        func build(_ app: App) throws {
            try app.insertResource(Gravity(dy: -10))
            try app.addSystem("gravity", in: .fixedUpdate) { (q: Query<Write<Velocity>>, g: Res<Gravity>, time: Res<Time>) in
                try q.forEachChunk { _, velocities in
                    for i in velocities.indices { velocities[i].dy += g.value.dy * Float(time.value.delta) }
                }
            }
        }
    }

    struct MovePlugin: Plugin {
        func build(_ app: App) throws {
            try app.addSystem("move", in: .fixedUpdate, after: ["gravity"]) {
                (q: Query<Write<Position>, Read<Velocity>>, time: Res<Time>) in
                let dt = Float(time.value.delta)
                try q.forEachChunk { _, positions, velocities in
                    for i in positions.indices { positions[i].y += velocities[i].dy * dt }
                }
            }
        }
    }

    /// The access of a typed system is what its parameters name.
    @Test func accessComesFromTheParameters() throws {
        let app = try App()
        let config = try app.addSystem("move") { (_: Query<Write<Position>, Read<Velocity>>, _: Res<Gravity>, _: ResMut<Counter>, _: EventWriter<Hit>, _: EventReader<Int>, _: Commands) in }
        let access = app.schedule(.update).system(at: config.position).access
        #expect(access.writes == Set([Position.self, Counter.self, Events<Hit>.self].map(ObjectIdentifier.init)))
        #expect(access.reads == Set([Velocity.self, Gravity.self, Events<Int>.self].map(ObjectIdentifier.init)))
        #expect(!access.isExclusive)
    }

    /// Naming one type written and read, in one query or across parameters, is rejected when
    /// the system is added.
    @Test func aTypeWrittenAndReadIsRejected() throws {
        let app = try App()
        let across = #expect(throws: ECSError.self) {
            try app.addSystem("bad") { (_: Query<Write<Position>>, _: Query<Read<Position>>) in }
        }
        #expect(across?.code == .invalidArgument && across?.message.contains("'bad' names Position twice") == true)
        let resource = #expect(throws: ECSError.self) {
            try app.addSystem("bad resource") { (_: Res<Counter>, _: ResMut<Counter>) in }
        }
        #expect(resource?.code == .invalidArgument)
        try app.addSystem("fine") { (_: Query<Read<Position>>, _: Query<Read<Position>, Read<Velocity>>) in }
    }

    /// Plugins build the same world in any order, and the fixed update runs once per step owed.
    @Test func pluginsComposeAndTheFixedUpdateRunsPerStep() throws {
        func run(_ plugins: [any Plugin]) throws -> [Float] {
            let app = try App(threads: 2)
            for plugin in plugins { try app.add(plugin) }
            try app.world.spawn(count: 100) { i in (Position(x: Float(i), y: 0), Velocity(dx: 0, dy: 0)) }
            for _ in 0..<10 { try app.update(deltaTime: 1.0 / 30) }
            var ys: [Float] = []
            try app.world.query(Read<Position>.self).forEach { _, p in ys.append(p.y) }
            let time = try app.world.resources.get(Time.self)
            #expect(time.frame == 10 && abs(time.elapsed - 1.0 / 3) < 1e-9)
            #expect(abs(time.fixedElapsed - 20.0 / 60) < 1e-9)
            return ys
        }
        let forward = try run([GravityPlugin(), MovePlugin()])
        let backward = try run([MovePlugin(), GravityPlugin()])
        #expect(forward == backward)
        #expect(forward[0] < -0.5)
    }

    /// Adding a plugin twice is a typed error; two registrations of one component with
    /// different storage name both plugins.
    @Test func duplicatesAndStorageConflictsAreTypedErrors() throws {
        let app = try App()
        try app.add(GravityPlugin())
        let duplicate = #expect(throws: ECSError.self) { try app.add(GravityPlugin()) }
        #expect(duplicate?.code == .duplicatePlugin && duplicate?.message == "plugin GravityPlugin is already added to this app")
        struct Tables: Plugin { func build(_ app: App) throws { try app.registerComponent(Counter.self) } }
        struct Sparse: Plugin { func build(_ app: App) throws { try app.registerComponent(Counter.self, storage: .sparseSet) } }
        try app.add(Tables())
        let conflict = #expect(throws: ECSError.self) { try app.add(Sparse()) }
        #expect(conflict?.message == "plugin Sparse registers Counter with sparseSet storage, but plugin Tables registered it with table storage")
        let declared = #expect(throws: ECSError.self) { try app.registerComponent(Poisoned.self, storage: .table) }
        #expect(declared?.code == .invalidArgument)
        try app.registerComponent(Poisoned.self)
        #expect(try app.world.componentStorage(of: app.world.componentID(for: Poisoned.self)) == .sparseSet)
    }

    /// Startup runs once; stages run in order; a run condition skips a system.
    @Test func stagesRunInOrderAndConditionsSkip() throws {
        let app = try App()
        let log = Log()
        for stage in Stage.frame.reversed() {
            try app.addSystem("\(stage)", in: stage) { (_: Commands) in log.append("\(stage)") }
        }
        let skipped = try app.addSystem("odd frames", in: .render) { (_: Commands) in log.append("odd") }
        skipped.runIf { world in try world.resources.get(Time.self).frame % 2 == 1 }
        // Delta 0 owes no fixed step, 1/60 owes one.
        try app.update(deltaTime: 0)
        try app.update(deltaTime: 1.0 / 60)
        #expect(log.names == ["startup", "update", "postUpdate", "render", "fixedUpdate", "update", "postUpdate", "render", "odd"])
    }

    /// `.after` and `.before` hold on every run on 4 threads, also against a set.
    @Test func explicitOrderIsHonoured() throws {
        let app = try App(threads: 4)
        let log = Log()
        struct A {}; struct B {}; struct C {}; struct D {}
        try app.insertResource(A()); try app.insertResource(B()); try app.insertResource(C()); try app.insertResource(D())
        try app.addSystem("last") { (_: ResMut<A>) in log.append("last") }.after("middle")
        try app.addSystem("first") { (_: ResMut<B>) in log.append("first") }.before("middle")
        try app.addSystem("m1", sets: ["middle"]) { (_: ResMut<C>) in log.append("m") }
        try app.addSystem("m2", sets: ["middle"]) { (_: ResMut<D>) in log.append("m") }
        for _ in 0..<50 { try app.update(deltaTime: 0) }
        #expect(log.names.count == 200)
        for frame in 0..<50 {
            #expect(Array(log.names[(frame * 4)..<(frame * 4 + 4)]) == ["first", "m", "m", "last"])
        }
        #expect(try app.ambiguities().isEmpty)
    }

    /// A cycle is a typed error naming it, before anything runs; an unknown label too.
    @Test func cyclesAndUnknownLabelsAreTypedErrors() throws {
        let app = try App()
        try app.addSystem("a") { (_: Commands) in }.after("c")
        try app.addSystem("b") { (_: Commands) in }.after("a")
        try app.addSystem("c") { (_: Commands) in }.after("b")
        let cycle = #expect(throws: ECSError.self) { try app.update(deltaTime: 0) }
        #expect(cycle?.code == .cycle)
        #expect(cycle?.message == "the ordering constraints form a cycle: 'a' -> 'b' -> 'c' -> 'a'")
        let other = try App()
        try other.addSystem("x") { (_: Commands) in }.after("nothing")
        let unknown = #expect(throws: ECSError.self) { try other.update(deltaTime: 0) }
        #expect(unknown?.message == "system 'x' is ordered against 'nothing', which names no system or set of its schedule")
    }

    /// An order against a declared set holds once the set has members and orders against
    /// nothing while it is empty; the same label undeclared and empty is an error.
    @Test func declaredSetsMayBeEmpty() throws {
        let app = try App()
        try app.insertResource(Counter())
        app.declareSet("first layer", in: .render)
        try app.addSystem("last", in: .render, after: ["first layer"]) { (c: ResMut<Counter>) in c.value.value *= 10 }
        try app.update(deltaTime: 0)
        #expect(try app.world.resources.get(Counter.self).value == 0)
        try app.addSystem("early", in: .render, sets: ["first layer"]) { (c: ResMut<Counter>) in c.value.value += 1 }
        try app.update(deltaTime: 0)
        #expect(try app.world.resources.get(Counter.self).value == 10)
        #expect(try app.schedule(.render).order() == ["early", "last"])
        try app.addSystem("typo", in: .render, after: ["frist layer"]) { (_: Res<Counter>) in }
        #expect(throws: ECSError.self) { try app.update(deltaTime: 0) }
    }

    /// Conflicting systems without an order are reported, and run in the order added.
    @Test func ambiguitiesAreReported() throws {
        let app = try App(threads: 2)
        try app.insertResource(Counter())
        try app.addSystem("double") { (c: ResMut<Counter>) in c.value.value *= 2 }
        try app.addSystem("increment") { (c: ResMut<Counter>) in c.value.value += 1 }
        try app.addSystem("read") { (_: Res<Counter>) in }.after("increment")
        let found = try app.ambiguities()
        #expect(found.count == 1 && found[0].stage == .update)
        #expect(found[0].pairs == [SystemAmbiguity(first: "double", second: "increment"), SystemAmbiguity(first: "double", second: "read")])
        try app.update(deltaTime: 0)
        #expect(try app.world.resources.get(Counter.self).value == 1)
        try app.update(deltaTime: 0)
        #expect(try app.world.resources.get(Counter.self).value == 3)
    }

    /// A typed system that reaches a type outside its parameters throws `undeclared_access`.
    @Test func reachingPastTheParametersIsUndeclared() throws {
        let app = try App()
        try app.insertResource(Counter())
        try app.world.spawn(Position(x: 0, y: 0))
        try app.addSystem("sneaky") { (q: Query<Read<Position>>) in
            _ = try q.world.resources.get(Counter.self)
        }
        let error = #expect(throws: ECSError.self) { try app.update(deltaTime: 0) }
        #expect(error?.code == .undeclaredAccess && error?.message.contains("'sneaky' reads Counter") == true)
    }

    /// Each reader sees each event once, within the two frames it lives, whatever the thread
    /// count; a reader added late sees only what is still alive.
    @Test(arguments: [1, 2, 8])
    func readersSeeEachEventOnce(threads: Int) throws {
        let app = try App(threads: threads)
        try app.addEvent(Hit.self)
        try app.insertResource(Counter())
        let seen = Log()
        for writer in 0..<3 {
            try app.addSystem("writer \(writer)") { (events: EventWriter<Hit>, time: Res<Time>) in
                for k in 0..<5 { events.send(Hit(id: Int(time.value.frame) * 100 + writer * 10 + k)) }
            }
        }
        // Every other frame, so events written in one frame are read in the next.
        try app.addSystem("slow reader", in: .postUpdate) { (events: EventReader<Hit>) in
            events.forEach { seen.append("slow \($0.id)") }
        }.runIf { world in try world.resources.get(Time.self).frame % 2 == 1 }
        try app.addSystem("fast reader", in: .update) { (events: EventReader<Hit>) in
            for event in events.read() { seen.append("fast \(event.id)") }
        }
        for _ in 0..<6 { try app.update(deltaTime: 0) }
        let slow = seen.names.filter { $0.hasPrefix("slow") }
        let fast = seen.names.filter { $0.hasPrefix("fast") }
        let expected = (0..<6).flatMap { frame in (0..<3).flatMap { w in (0..<5).map { frame * 100 + w * 10 + $0 } } }
        #expect(Set(slow).count == slow.count && Set(fast).count == fast.count)
        #expect(slow.map { Int($0.dropFirst(5))! }.sorted() == expected.filter { $0 < 600 }.sorted())
        #expect(fast.count == expected.count || fast.count == expected.count - 15)
        let late = try App()
        try late.addEvent(Hit.self)
        try late.addSystem("early writer") { (events: EventWriter<Hit>, time: Res<Time>) in events.send(Hit(id: Int(time.value.frame))) }
        for _ in 0..<3 { try late.update(deltaTime: 0) }
        let lateSeen = Log()
        try late.addSystem("late reader", in: .postUpdate) { (events: EventReader<Hit>) in events.forEach { lateSeen.append("\($0.id)") } }
        try late.update(deltaTime: 0)
        #expect(lateSeen.names == ["2", "3"])
    }

    /// A failing system stops the systems that depend on it; the others of its stage run.
    @Test func aFailureSkipsItsDependents() throws {
        let app = try App(threads: 2)
        let log = Log()
        struct A {}; struct B {}
        try app.insertResource(A()); try app.insertResource(B())
        try app.addSystem("fails") { (_: ResMut<A>) in throw ECSError(.invalidArgument, "boom") }
        try app.addSystem("after it") { (_: Res<A>) in log.append("after it") }
        try app.addSystem("unrelated") { (_: ResMut<B>) in log.append("unrelated") }
        let error = #expect(throws: ECSError.self) { try app.update(deltaTime: 0) }
        #expect(error?.message == "boom")
        #expect(log.names == ["unrelated"])
    }
}
