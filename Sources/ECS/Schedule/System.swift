/// What a system touches: the component and resource types it reads and writes. Systems with
/// disjoint accesses may run in parallel; an exclusive system runs alone and may change the
/// world's structure directly.
public struct SystemAccess: Sendable {
    /// Types read.
    public var reads: Set<ObjectIdentifier>
    /// Types written.
    public var writes: Set<ObjectIdentifier>
    /// Whether the system needs the whole world to itself.
    public var isExclusive: Bool

    /// An access set; list component or resource types.
    public init(reads: [Any.Type] = [], writes: [Any.Type] = [], exclusive: Bool = false) {
        self.reads = Set(reads.map(ObjectIdentifier.init))
        self.writes = Set(writes.map(ObjectIdentifier.init))
        self.isExclusive = exclusive
    }

    /// Exclusive access to the whole world.
    public static let exclusive = SystemAccess(exclusive: true)

    /// Whether running two systems with these accesses at the same time could race.
    public func conflicts(with other: SystemAccess) -> Bool {
        isExclusive || other.isExclusive
            || !writes.isDisjoint(with: other.writes) || !writes.isDisjoint(with: other.reads)
            || !reads.isDisjoint(with: other.writes)
    }
}

/// What a running system gets: the world, a command buffer applied after its batch, and the
/// step's time delta.
public struct SystemContext {
    /// The world; structural changes are rejected unless the system is exclusive.
    public let world: World
    /// Structural changes to apply at the end of the system's batch, in system order.
    public let commands: Commands
    /// Seconds simulated by this run.
    public let deltaTime: Double

    /// A query over the world, checked against the running system's declared access.
    /// - Throws: The errors of ``World/query(_:)``, and
    ///   ``ECSError/Code-swift.enum/undeclaredAccess`` for a term the system did not declare.
    public func query<each T: QueryTerm>(_ terms: repeat (each T).Type) throws(ECSError) -> Query<repeat each T> {
        let query = try world.query(repeat each terms)
        try query.checkDeclaredAccess()
        return query
    }
}

/// A unit of per-frame logic with declared data access.
///
/// Create queries in the initializer (registering component types mutates the world), then
/// run them in ``run(_:)``. While the system runs in a ``Schedule``, every query loop and
/// resource access is checked against ``access``: touching an undeclared type throws
/// ``ECSError/Code-swift.enum/undeclaredAccess``, and only an exclusive system may change the
/// world's structure directly (the others record changes in their ``SystemContext/commands``).
public protocol System: AnyObject {
    /// Name used in diagnostics and errors.
    var name: String { get }
    /// The types it reads and writes.
    var access: SystemAccess { get }
    /// Runs the system once.
    func run(_ context: SystemContext) throws
}

/// A system made of a closure. The closure is `@Sendable`, since the schedule may run it on
/// another thread: it reaches the world through its context (``SystemContext/query(_:)``,
/// ``World/resources``) and cannot capture mutable state of its caller.
public final class FunctionSystem: System {
    /// Name used in diagnostics and errors.
    public let name: String
    /// The declared access.
    public let access: SystemAccess
    private let body: @Sendable (SystemContext) throws -> Void

    /// A system named `name` with `access`, running `body`.
    public init(_ name: String, access: SystemAccess, _ body: @escaping @Sendable (SystemContext) throws -> Void) {
        self.name = name
        self.access = access
        self.body = body
    }

    /// Runs the closure.
    public func run(_ context: SystemContext) throws {
        try body(context)
    }
}
