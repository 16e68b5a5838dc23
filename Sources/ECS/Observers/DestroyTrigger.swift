/// What an observer of entity destruction receives (see ``World/observeDestroy(_:)``).
///
/// The callback runs just before the entity is destroyed, while it still holds all its
/// components, with structural changes locked out; changes go to ``commands``.
public struct DestroyTrigger {
    /// The entity about to be destroyed; it is still alive while the callback runs.
    public let entity: Entity
    /// The world, for reads.
    public let world: World
    /// Where the callback records structural changes; applied when the destroy is done.
    public let commands: Commands
}
