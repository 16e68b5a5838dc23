/// The decoded `C` values of one snapshot section and their entity indices.
@usableFromInline
struct StagedSection<C>: StagedComponents {
    @usableFromInline let name: String
    @usableFromInline var entities: [UInt32] = []
    @usableFromInline var values: [C] = []

    /// An empty section named `name` with room for `capacity` values.
    @inlinable
    init(name: String, capacity: Int) {
        self.name = name
        entities.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Appends the value of entity index `entity`.
    @inlinable
    mutating func append(_ value: C, of entity: UInt32) {
        entities.append(entity)
        values.append(value)
    }

    @usableFromInline
    func componentID(in world: World) throws(ECSError) -> ComponentID {
        try world.componentID(for: C.self)
    }

    @usableFromInline
    func place(into world: World, as id: ComponentID) {
        world.placeRestored(values, of: entities, as: id)
    }
}
