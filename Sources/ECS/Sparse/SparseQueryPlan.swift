/// The sparse-set part of a ``Query``: the sparse components its terms and filters name, which
/// a loop checks entity by entity, since sparse components are not part of any table.
@usableFromInline
struct SparseQueryPlan {
    /// The sparse components an entity must hold: the sparse terms first, in term order, then
    /// those of `with`, changed-since and added-since filters.
    @usableFromInline var required: [ComponentID] = []
    /// How many leading entries of ``required`` are terms.
    @usableFromInline var termCount = 0
    /// The sparse components an entity must not hold.
    @usableFromInline var excluded: [ComponentID] = []
    /// Changed-since filters on sparse components: the position in ``required`` and the version
    /// the value's change tick must exceed.
    @usableFromInline var changed: [(slot: Int, since: UInt64)] = []
    /// Added-since filters on sparse components: the position in ``required`` and the version
    /// the value's added tick must exceed.
    @usableFromInline var added: [(slot: Int, since: UInt64)] = []

    /// Whether the query names any sparse component, so its loops take the per-entity path.
    @inlinable var isActive: Bool { !required.isEmpty || !excluded.isEmpty }

    /// Records term `id` (a sparse component). In matches its term column index is
    /// `-1 - position`, never a table column.
    mutating func addTerm(_ id: ComponentID) {
        precondition(required.count == termCount, "sparse terms must come before sparse filters")
        required.append(id)
        termCount += 1
    }

    /// The position of `id` in ``required``, added as a filter when absent.
    mutating func requirement(_ id: ComponentID) -> Int {
        if let slot = required.firstIndex(of: id) { return slot }
        required.append(id)
        return required.count - 1
    }

    /// Whether `id` is one of the sparse terms.
    @inlinable
    func isTerm(_ id: ComponentID) -> Bool { required.prefix(termCount).contains(id) }
}
