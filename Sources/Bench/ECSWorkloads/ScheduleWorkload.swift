import BenchKit
import ECS

/// ecs_bench_suite `schedule`: three systems swapping component pairs over 4 x N/4 entities;
/// AB runs beside CD, CE waits for CD (both write C).
///
/// Checksum components: those of each entity among `A`, `B`, `C`, `D`, `E`, in that order.
/// Work: `updated` = one per entity and system swapping it: 4 x N/4 (AB) + N/4 (CD) + N/4 (CE)
/// per frame.
final class ScheduleWorkload: VerifiableWorkload {
    struct A { var value: Float = 0 }
    struct B { var value: Float = 1 }
    struct C { var value: Float = 2 }
    struct D { var value: Float = 3 }
    struct E { var value: Float = 4 }

    /// A system swapping the values of two components on every entity holding both.
    final class SwapSystem<First, Second>: System {
        let name: String
        let access = SystemAccess(writes: [First.self, Second.self])
        private let query: Query<Write<First>, Write<Second>>
        private let swap: (inout First, inout Second) -> Void

        init(_ name: String, _ world: World, swap: @escaping (inout First, inout Second) -> Void) throws {
            self.name = name
            self.swap = swap
            query = try world.query(Write<First>.self, Write<Second>.self)
        }

        func run(_ context: SystemContext) throws {
            try query.forEachChunk { _, first, second in
                for i in first.indices { swap(&first[i], &second[i]) }
            }
        }
    }

    let entities: Int
    let threads: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let schedule: Schedule
    /// Entities each of the three systems swaps per frame: its query's count, fixed because
    /// the frames change no structure.
    private let swapped: [Int]

    init(entities: Int, threads: Int) throws {
        self.entities = entities
        self.threads = threads
        let quarter = entities / 4
        try world.spawn(count: quarter) { _ in (A(), B()) }
        try world.spawn(count: quarter) { _ in (A(), B(), C()) }
        try world.spawn(count: quarter) { _ in (A(), B(), C(), D()) }
        try world.spawn(count: quarter) { _ in (A(), B(), C(), E()) }
        schedule = try Schedule(threads: threads)
        schedule.add(try SwapSystem<A, B>("ab", world) { a, b in swap(&a.value, &b.value) })
        schedule.add(try SwapSystem<C, D>("cd", world) { c, d in swap(&c.value, &d.value) })
        schedule.add(try SwapSystem<C, E>("ce", world) { c, e in swap(&c.value, &e.value) })
        swapped = [
            try world.query(Write<A>.self, Write<B>.self).count, try world.query(Write<C>.self, Write<D>.self).count,
            try world.query(Write<C>.self, Write<E>.self).count,
        ]
    }

    var name: String { "ecs.schedule" }
    var params: [String: Int] { ["entities": entities, "threads": threads] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities / 4 * 2 * MemoryLayout<Float>.stride * (4 * 2 + 2 * 2) }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        // Cannot throw: each system's query touches only the components its access declares.
        try! schedule.run(world)
        work.addFrame(updated: swapped.reduce(0, &+))
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(Read<A>.self, Read<B>.self).without(C.self).forEachChunk { chunk, a, b in
            for row in 0..<chunk.count { checksum.add(a[row], b[row]) }
        }
        try world.query(Read<A>.self, Read<B>.self, Read<C>.self).without(D.self).without(E.self)
            .forEachChunk { chunk, a, b, c in
                for row in 0..<chunk.count { checksum.add(a[row], b[row], c[row]) }
            }
        try world.query(Read<A>.self, Read<B>.self, Read<C>.self, Read<D>.self).forEachChunk { chunk, a, b, c, d in
            for row in 0..<chunk.count { checksum.add(a[row], b[row], c[row], d[row]) }
        }
        try world.query(Read<A>.self, Read<B>.self, Read<C>.self, Read<E>.self).forEachChunk { chunk, a, b, c, e in
            for row in 0..<chunk.count { checksum.add(a[row], b[row], c[row], e[row]) }
        }
        return checksum
    }
}
