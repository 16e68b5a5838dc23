/// An `or` of filters as a ``Query`` holds it (``Query/or(_:_:_:)``): each alternative with its
/// component's id. A table matches when one alternative can pass there; the alternatives that
/// depend on versions are checked on each loop, those on added ticks row by row.
@usableFromInline
struct OrGroup {
    /// One alternative: what it asks, of which component.
    @usableFromInline
    struct Alternative {
        /// What the alternative asks.
        @usableFromInline var kind: QueryFilter.Kind
        /// The component it names.
        @usableFromInline let id: ComponentID
    }

    /// An alternative that depends on versions, in a matched table: its position in the group
    /// and the table's column of its component.
    @usableFromInline
    struct Candidate: Sendable {
        /// Position in ``OrGroup/alternatives``.
        @usableFromInline let alternative: Int
        /// The table's column of the alternative's component.
        @usableFromInline let column: Int
    }

    /// The alternatives, in the order given.
    @usableFromInline var alternatives: [Alternative]

    /// How the group applies to a table of components `ids`: nil when no alternative can pass
    /// there (the table does not match), an empty list when one always passes (a `with` of a
    /// component it holds or a `without` of one it lacks), and otherwise the changed and added
    /// alternatives whose component it holds, with their columns.
    func candidates(in table: Table, ids: [ComponentID]) -> [Candidate]? {
        var candidates: [Candidate] = []
        for (position, alternative) in alternatives.enumerated() {
            switch alternative.kind {
            case .with: if ids.contains(alternative.id) { return [] }
            case .without: if !ids.contains(alternative.id) { return [] }
            case .changed, .added:
                guard let column = table.columnIndex(of: alternative.id) else { continue }
                candidates.append(Candidate(alternative: position, column: column))
            }
        }
        return candidates.isEmpty ? nil : candidates
    }

    /// Whether one of `candidates` may pass in `table`: a changed column, or a column with a row
    /// added after the version.
    @inlinable
    func admitsTable(_ candidates: [Candidate], _ table: Table) -> Bool {
        for candidate in candidates {
            switch alternatives[candidate.alternative].kind {
            case .changed(let since): if table.isChanged(column: candidate.column, since: since) { return true }
            case .added(let since): if table.latestAdded(column: candidate.column) > since { return true }
            case .with, .without: continue
            }
        }
        return false
    }

    /// Whether one of `candidates` passes for `row` of `table`: a changed column, or an added
    /// tick of the row after the version.
    @inlinable
    func admitsRow(_ candidates: [Candidate], _ table: Table, _ row: Int) -> Bool {
        for candidate in candidates {
            switch alternatives[candidate.alternative].kind {
            case .changed(let since): if table.isChanged(column: candidate.column, since: since) { return true }
            case .added(let since): if table.addedTick(column: candidate.column, row: row) > since { return true }
            case .with, .without: continue
            }
        }
        return false
    }

    /// Whether a row must be tested on its own: some candidate is an added alternative.
    func testsRows(_ candidates: [Candidate]) -> Bool {
        candidates.contains { if case .added = alternatives[$0.alternative].kind { true } else { false } }
    }
}
