import ECS

/// Writes `Out` from `In` and the resource `Source` on every entity holding both components,
/// with a chunk loop on `threads` threads.
final class MixSystem<Out: StressValue, In: StressValue, Source: StressValue>: System {
    let name: String
    let access: SystemAccess
    private let query: Query<Write<Out>, Read<In>>
    private let threads: Int
    private let chunkSize: Int

    init(_ name: String, world: World, extra: SystemAccess, threads: Int, chunkSize: Int) throws {
        self.name = name
        access = SystemAccess(
            reads: [In.self, Source.self] + extra.reads.compactMap(StressTypes.type(of:)),
            writes: [Out.self] + extra.writes.compactMap(StressTypes.type(of:)))
        query = try world.query(Write<Out>.self, Read<In>.self)
        self.threads = threads
        self.chunkSize = chunkSize
    }

    func run(_ context: SystemContext) throws {
        let source = try context.world.resources.get(Source.self).value
        try query.forEachChunk(threads: threads, chunkSize: chunkSize) { _, outs, ins in
            for i in outs.indices { outs[i].value = stressMix(outs[i].value, ins[i].value ^ source) }
        }
    }
}

/// Folds every `In` value into the resource `Target`.
final class FoldSystem<Target: StressValue, In: StressValue>: System {
    let name: String
    let access: SystemAccess
    private let query: Query<Read<In>>

    init(_ name: String, world: World, extra: SystemAccess) throws {
        self.name = name
        access = SystemAccess(
            reads: [In.self] + extra.reads.compactMap(StressTypes.type(of:)),
            writes: [Target.self] + extra.writes.compactMap(StressTypes.type(of:)))
        query = try world.query(Read<In>.self)
    }

    func run(_ context: SystemContext) throws {
        var state = try context.world.resources.get(Target.self).value
        try query.forEachChunk { _, ins in
            for value in ins { state = stressMix(state, value.value) }
        }
        try context.world.resources.insert(Target(value: state))
    }
}

/// Destroys the entities whose `In` value has a chosen residue and spawns a replacement
/// holding `In`, through its command buffer.
final class RespawnSystem<In: StressValue>: System {
    let name: String
    let access: SystemAccess
    private let query: Query<Read<In>>
    private let residue: UInt64

    init(_ name: String, world: World, residue: UInt64) throws {
        self.name = name
        access = SystemAccess(reads: [In.self])
        query = try world.query(Read<In>.self)
        self.residue = residue
    }

    func run(_ context: SystemContext) throws {
        try query.forEachChunk { chunk, ins in
            for i in ins.indices where ins[i].value % 13 == residue {
                context.commands.destroy(chunk.entities[i])
                context.commands.spawn(In(value: ins[i].value / 3))
            }
        }
    }
}

/// Changes the world directly: spawns entities holding `A` and `B`, then compacts.
final class ExclusiveSpawnSystem<A: StressValue, B: StressValue>: System {
    let name: String
    let access = SystemAccess.exclusive

    init(_ name: String) { self.name = name }

    func run(_ context: SystemContext) throws {
        let seed = context.world.version
        try context.world.spawn(count: 5) { i in (A(value: seed &+ UInt64(i)), B(value: UInt64(i))) }
        context.world.compact()
    }
}

extension StressTypes {
    /// The stress type whose identifier is `id`.
    static func type(of id: ObjectIdentifier) -> Any.Type? {
        (components + resources).first { ObjectIdentifier($0) == id }
    }
}
