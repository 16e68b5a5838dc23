/// A value a typed system receives on each run, and the access it implies.
///
/// A system added with ``App/addSystem(_:in:_:)`` names its parameters by type, for example
/// `(q: Query<Write<Position>, Read<Velocity>>, time: Res<Time>)`; its ``SystemAccess`` is
/// the union of what the parameters declare, so access is written once, in the signature.
/// Conforming types: ``Query``, ``Res``, ``ResMut``, ``Commands``, ``EventReader`` and
/// ``EventWriter``.
public protocol SystemParam: SendableMetatype {
    /// What the parameter keeps between runs: a query, a reader's cursor.
    associatedtype State
    /// Adds what the parameter touches to `access`, for the system named `system`.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when the system then names one
    ///   type both written and read (or written twice).
    static func declare(in access: inout SystemAccess, system: String) throws(ECSError)
    /// The state, made once when the system is added to `world`'s app.
    static func makeState(_ world: World) throws(ECSError) -> State
    /// The value for one run.
    static func fetch(_ state: State, _ context: SystemContext) throws(ECSError) -> Self
}

extension SystemAccess {
    /// Adds `type`, read or written, for the system named `system`.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when the system already names
    ///   `type` and one of the two accesses writes it: two views of one value, one of them
    ///   mutable, would alias.
    public mutating func add(_ type: Any.Type, writing: Bool, system: String) throws(ECSError) {
        let id = ObjectIdentifier(type)
        if writes.contains(id) || (writing && reads.contains(id)) {
            throw ECSError(
                .invalidArgument,
                "system '\(system)' names \(type) twice with a write; one parameter per type when it is written",
                metadata: ["system": system, "type": "\(type)"])
        }
        if writing { writes.insert(id) } else { reads.insert(id) }
    }
}

extension Query: SystemParam {
    /// The query itself, built once.
    public typealias State = Query<repeat each T>

    /// Reads or writes each term's component.
    public static func declare(in access: inout SystemAccess, system: String) throws(ECSError) {
        repeat try access.add((each T).Component.self, writing: (each T).isWrite, system: system)
    }

    /// The query over `world`.
    public static func makeState(_ world: World) throws(ECSError) -> Query<repeat each T> {
        try world.query(repeat (each T).self)
    }

    /// The query built when the system was added.
    public static func fetch(_ state: Query<repeat each T>, _ context: SystemContext) throws(ECSError) -> Query<repeat each T> {
        state
    }
}

extension Commands: SystemParam {
    /// Nothing: the buffer belongs to the system's place in its schedule.
    public typealias State = Void

    /// Declares nothing: commands are applied at a sync point, never during the run.
    public static func declare(in access: inout SystemAccess, system: String) throws(ECSError) {}

    /// Nothing to make.
    public static func makeState(_ world: World) throws(ECSError) {}

    /// The system's command buffer.
    public static func fetch(_ state: Void, _ context: SystemContext) throws(ECSError) -> Commands {
        context.commands
    }
}

/// A typed system parameter that makes the system exclusive: it runs alone and may change the
/// world's structure directly (spawn, destroy, insert, remove), through ``world``.
public struct ExclusiveWorld: SystemParam {
    /// The world, held alone while the system runs.
    public let world: World

    /// Nothing kept between runs.
    public typealias State = Void

    /// Marks the access exclusive.
    public static func declare(in access: inout SystemAccess, system: String) throws(ECSError) {
        access.isExclusive = true
    }

    /// Nothing to make.
    public static func makeState(_ world: World) throws(ECSError) {}

    /// The world.
    public static func fetch(_ state: Void, _ context: SystemContext) throws(ECSError) -> ExclusiveWorld {
        ExclusiveWorld(world: context.world)
    }
}
