import BenchKit
import ECS

/// `ecs.schedule_app`: the `ecs.schedule` swaps as an app: `ab` in the fixed update, run twice
/// a frame (a frame of 2/60 s owes two 1/60 s steps), then in the update `cd`, `ce` ordered
/// after it explicitly, and `sum`, a reader of `A` ordered after the set `swaps`, folding the
/// values into a resource. `ecs.schedule_loop` does the same work as a loop of direct calls over
/// the same queries, so the two rows compare the app's schedule (stages, the fixed-step driver,
/// the dependency graph, typed parameters) with no schedule at all.
///
/// Work per frame: 2 × N/4 × 4 swaps (`ab`), N/4 (`cd`), N/4 (`ce`), N reads (`sum`).
final class AppScheduleWorkload: Workload {
    typealias A = ScheduleWorkload.A
    typealias B = ScheduleWorkload.B
    typealias C = ScheduleWorkload.C
    typealias D = ScheduleWorkload.D
    typealias E = ScheduleWorkload.E

    /// The sum `sum` folds `A` into.
    struct Total { var value: Float = 0 }

    let entities: Int
    let threads: Int
    /// Whether frames run through the app (`ecs.schedule_app`) or the loop (`ecs.schedule_loop`).
    let scheduled: Bool
    private let app: App
    private let ab: Query<Write<A>, Write<B>>
    private let cd: Query<Write<C>, Write<D>>
    private let ce: Query<Write<C>, Write<E>>
    private let sum: Query<Read<A>>
    private var total: Float = 0

    init(entities: Int, threads: Int, scheduled: Bool) throws {
        self.entities = entities
        self.threads = threads
        self.scheduled = scheduled
        app = try App(threads: threads, fixedTimestep: FixedTimestep(step: 1.0 / 60))
        let world = app.world
        let quarter = entities / 4
        try world.spawn(count: quarter) { _ in (A(), B()) }
        try world.spawn(count: quarter) { _ in (A(), B(), C()) }
        try world.spawn(count: quarter) { _ in (A(), B(), C(), D()) }
        try world.spawn(count: quarter) { _ in (A(), B(), C(), E()) }
        try app.insertResource(Total())
        ab = try world.query(Write<A>.self, Write<B>.self)
        cd = try world.query(Write<C>.self, Write<D>.self)
        ce = try world.query(Write<C>.self, Write<E>.self)
        sum = try world.query(Read<A>.self)
        guard scheduled else { return }
        try app.addSystem("ab", in: .fixedUpdate, sets: ["swaps"]) { (q: Query<Write<A>, Write<B>>) in try Self.swapAB(q) }
        try app.addSystem("ce", sets: ["swaps"], after: ["cd"]) { (q: Query<Write<C>, Write<E>>) in try Self.swapCE(q) }
        try app.addSystem("cd", sets: ["swaps"]) { (q: Query<Write<C>, Write<D>>) in try Self.swapCD(q) }
        try app.addSystem("sum", after: ["swaps"]) { (q: Query<Read<A>>, total: ResMut<Total>) in
            total.value.value += try Self.fold(q)
        }
    }

    var name: String { scheduled ? "ecs.schedule_app" : "ecs.schedule_loop" }
    var params: [String: Int] { ["entities": entities, "threads": threads] }
    var entitiesPerFrame: Int { entities }
    /// Two passes of `ab` over A and B, one of `cd` and of `ce`, one read of A.
    var bytesPerFrame: Int { entities * MemoryLayout<Float>.stride * (2 * 2 * 2 + 2 * 2 / 4 * 2 + 1) }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        if scheduled {
            // Cannot throw: every system's queries touch what its parameters declare.
            try! app.update(deltaTime: 2.0 / 60)
            return
        }
        // Cannot throw: no schedule runs, so nothing is checked against a declaration.
        try! Self.swapAB(ab)
        try! Self.swapAB(ab)
        try! Self.swapCD(cd)
        try! Self.swapCE(ce)
        total += try! Self.fold(sum)
    }

    static func swapAB(_ query: Query<Write<A>, Write<B>>) throws {
        try query.forEachChunk { _, a, b in for i in a.indices { swap(&a[i].value, &b[i].value) } }
    }

    static func swapCD(_ query: Query<Write<C>, Write<D>>) throws {
        try query.forEachChunk { _, c, d in for i in c.indices { swap(&c[i].value, &d[i].value) } }
    }

    static func swapCE(_ query: Query<Write<C>, Write<E>>) throws {
        try query.forEachChunk { _, c, e in for i in c.indices { swap(&c[i].value, &e[i].value) } }
    }

    static func fold(_ query: Query<Read<A>>) throws -> Float {
        var sum: Float = 0
        try query.forEachChunk { _, a in for i in a.indices { sum += a[i].value } }
        return sum
    }
}
