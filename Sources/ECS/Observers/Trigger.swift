/// What a hook or observer of a ``ComponentEvent`` on component `C` receives.
///
/// The callback runs while the world is consistent and the change is in place (for
/// ``ComponentEvent/remove``, just before it), with structural changes locked out: reading the
/// world (`get`, `has`, queries) is fine, and a change to its structure is recorded in
/// ``commands``, which the world applies as soon as the change that fired the callback is
/// done (see ``World/observe(_:_:_:)``).
public struct Trigger<C> {
    /// What happened.
    public let event: ComponentEvent
    /// The entity whose component changed.
    public let entity: Entity
    /// The component's value: the one stored (add, set) or the one being removed (remove).
    public let value: C
    /// The world, for reads. Valid while the callback runs (the world is alive then); a
    /// trigger kept past its callback must not outlive its world.
    public var world: World { unsafe _world }
    /// The world, held without reference counting: a world reached through a weak reference
    /// keeps its counts in a side table, which would make each trigger cost two slow atomic
    /// updates.
    @usableFromInline unowned(unsafe) let _world: World
    /// Where the callback records structural changes; applied when the firing change is done.
    /// Valid while the callback runs, like ``world``.
    public var commands: Commands { unsafe _commands }
    /// The commands, held without reference counting (the world keeps them alive).
    @usableFromInline unowned(unsafe) let _commands: Commands

    /// A trigger; only the world makes one.
    @usableFromInline
    init(event: ComponentEvent, entity: Entity, value: C, world: World, commands: Commands) {
        self.event = event
        self.entity = entity
        self.value = value
        unsafe _world = world
        unsafe _commands = commands
    }
}
