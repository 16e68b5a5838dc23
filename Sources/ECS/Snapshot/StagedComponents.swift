/// The decoded values of one component type in a ``SnapshotImage``, waiting to be placed in a
/// world: the entity index of each value, ascending.
@usableFromInline
protocol StagedComponents {
    /// The name the component is saved under.
    var name: String { get }
    /// The entity index of each value.
    var entities: [UInt32] { get }
    /// The component's id in `world`, registering its type there if needed (a load checked
    /// beforehand that `world` may register types).
    func componentID(in world: World) throws(ECSError) -> ComponentID
    /// Stores each value in `world` as component `id` of its entity, which
    /// ``World/restore(_:)`` has made alive at a claimed, uninitialised row of its table.
    func place(into world: World, as id: ComponentID)
}
