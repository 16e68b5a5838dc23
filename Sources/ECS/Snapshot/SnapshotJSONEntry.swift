/// One component value of a JSON snapshot: `{"entity": <index>, "value": <the component>}`.
@usableFromInline
struct SnapshotJSONEntry<C: Codable>: Codable {
    /// The entity index the value belongs to.
    @usableFromInline var entity: UInt32
    /// The component.
    @usableFromInline var value: C

    @inlinable
    init(entity: UInt32, value: C) {
        self.entity = entity
        self.value = value
    }
}
