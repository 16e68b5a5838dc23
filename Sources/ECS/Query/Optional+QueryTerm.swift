/// An optional term, `Read<C>?` or `Write<C>?` (bevy's `Option<&C>`, flecs' optional terms):
/// the query matches tables with or without `C`; a chunk body gets the wrapped term's buffer or
/// nil, a per-entity body the value (or ``Mut`` reference) or nil.
///
/// ```swift
/// let bodies = try world.query(Read<Position>.self, Read<Mass>?.self)
/// try bodies.forEach { entity, position, mass in
///     let weight = (mass ?? Mass(kilograms: 1)).kilograms * gravity
/// }
/// ```
/// Access is the wrapped term's: an optional write is a declared write of `C`, and visiting a
/// table that holds `C` bumps its column's version. Optional terms take table components; a
/// sparse-set component is rejected when the query is made.
extension Optional: @unsafe QueryTerm where Wrapped: QueryTerm {
    public typealias Component = Wrapped.Component
    /// The wrapped term's writes.
    @inlinable public static var isWrite: Bool { Wrapped.isWrite }
    /// Matches tables with or without the component.
    @inlinable public static var isOptional: Bool { true }
    /// nil: the table lacks the component.
    @inlinable public static var absentColumn: Wrapped.Column? { nil }
    /// The wrapped term's view of the chunk.
    @inlinable
    @unsafe public static func column(_ base: UnsafeMutableRawPointer, count: Int) -> Wrapped.Column? {
        // SAFETY: the caller's guarantees are the wrapped term's.
        unsafe Wrapped.column(base, count: count)
    }
    /// The wrapped term's item, or nil when the table lacks the component.
    @inlinable
    @unsafe public static func item(_ column: Wrapped.Column?, at row: Int) -> Wrapped.Item? {
        // SAFETY: the caller passes a row inside the view, as the wrapped term requires.
        guard let column else { return nil }
        return unsafe Wrapped.item(column, at: row)
    }
}
