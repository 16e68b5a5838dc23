/// A buffer of structural changes recorded while queries iterate, applied in recording order
/// at a sync point with ``World/apply(_:)``.
///
/// Destroys are stored without allocation once the buffer has grown to its steady size.
public final class Commands {
    @usableFromInline enum Command {
        case destroy(Entity)
        case apply((World) throws(ECSError) -> Void)
    }

    /// The recorded commands. A buffer is not `Sendable`, so one thread uses it at a time, and
    /// ``apply(to:)`` iterates a copy while changes it makes may record more: no access can
    /// overlap another, and the dynamic exclusivity checks (a thread-local look-up each) are left
    /// out of this hot storage.
    @exclusivity(unchecked) @usableFromInline var commands: [Command] = []

    /// An empty buffer.
    public init() {}

    /// Number of recorded commands.
    @inlinable
    public var count: Int { unsafe commands.count }

    /// Records spawning an entity with `components`.
    public func spawn<each C>(_ components: repeat each C) {
        let values = (repeat each components)
        unsafe commands.append(.apply { world throws(ECSError) in try world.spawn(repeat each values) })
    }

    /// Records destroying `entity`.
    public func destroy(_ entity: Entity) {
        unsafe commands.append(.destroy(entity))
    }

    /// Records adding (or replacing) a component.
    public func insert<C>(_ value: C, into entity: Entity) {
        unsafe commands.append(.apply { world throws(ECSError) in try world.insert(value, into: entity) })
    }

    /// Records removing a component.
    public func remove<C>(_ type: C.Type, from entity: Entity) {
        unsafe commands.append(.apply { world throws(ECSError) in try world.remove(C.self, from: entity) })
    }

    /// Records making `child` a child of `parent` (see ``World/setParent(_:to:)``).
    public func setParent(_ child: Entity, to parent: Entity) {
        unsafe commands.append(.apply { world throws(ECSError) in try world.setParent(child, to: parent) })
    }

    /// Records detaching `child` from its parent (see ``World/removeParent(_:)``).
    public func removeParent(_ child: Entity) {
        unsafe commands.append(.apply { world throws(ECSError) in try world.removeParent(child) })
    }

    /// Records running `body` on the world, for the library's own deferred steps.
    func run(_ body: @escaping (World) throws(ECSError) -> Void) {
        unsafe commands.append(.apply(body))
    }

    /// Records the event of a `set` whose callbacks fire when the buffer is applied (see
    /// ``World/observe(_:_:_:)``).
    func recordSet<C>(_ value: C, of entity: Entity) {
        unsafe commands.append(.apply { world throws(ECSError) in try world.fireRecordedSet(value, of: entity) })
    }

    /// Drops every recorded command (keeping the storage).
    func removeAll() {
        unsafe commands.removeAll(keepingCapacity: true)
    }

    /// Applies every command in order and empties the buffer (keeping its storage). A command
    /// that fails (for example destroying an entity destroyed earlier) does not stop the rest;
    /// the first error is thrown after all were applied.
    func apply(to world: World) throws(ECSError) {
        var firstError: ECSError?
        for command in unsafe commands {
            do throws(ECSError) {
                switch command {
                case .destroy(let entity): try world.destroy(entity)
                case .apply(let body): try body(world)
                }
            } catch {
                firstError = firstError ?? error
            }
        }
        unsafe commands.removeAll(keepingCapacity: true)
        if let firstError { throw firstError }
    }
}

extension World {
    /// Applies the recorded commands (a sync point).
    /// - Throws: The first error of a failed command, after applying all the others;
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a query loop.
    public func apply(_ commands: Commands) throws(ECSError) {
        try checkStructuralChange()
        try commands.apply(to: self)
    }
}
