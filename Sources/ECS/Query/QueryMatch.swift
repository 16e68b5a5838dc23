/// A table matched by a query, with the column of each term in that table.
public struct QueryMatch<each T: QueryTerm> {
    @usableFromInline let table: Table
    @usableFromInline let columns: (repeat TermColumn<each T>)
    /// Columns of the changed-since filters in this table.
    @usableFromInline let changedColumns: [Int]
    /// Columns of the added-since filters in this table.
    @usableFromInline let addedColumns: [Int]
    /// Per `or` group of the query: the alternatives that depend on versions, with their
    /// columns; empty when an alternative always passes in this table.
    @usableFromInline let orCandidates: [[OrGroup.Candidate]]
    /// Whether loops test the rows one by one: an added filter, or an `or` group whose
    /// candidates include one.
    @usableFromInline let testsRows: Bool
}
