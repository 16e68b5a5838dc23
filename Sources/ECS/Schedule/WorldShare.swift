/// World-owned state (tables, the world itself, systems) handed to the threads of one parallel
/// loop or schedule batch. The compiler cannot check this, so it is the library's one
/// unchecked `Sendable`, and only the library creates it; it is sound because, while it is
/// shared:
/// - the world's iteration guard is held, so no structural change (table reallocation, entity
///   moves, registration, resource slot changes) can happen;
/// - parallel loop chunks write disjoint rows, and columns are stamped before the chunks start;
/// - systems of one batch have non-conflicting declared accesses, and every query loop and
///   resource access checks itself against the declaration;
/// - the code users pass in (loop bodies, ``FunctionSystem`` closures) is `@Sendable`;
/// - the states of a typed system's parameters (its queries, its event cursors) are touched only
///   by that system's runs, and a system never runs beside itself.
@usableFromInline
struct WorldShare<Value>: @unchecked Sendable {
    /// The shared value.
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
}
