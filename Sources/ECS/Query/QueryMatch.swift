/// A table matched by a query, with the column of each term in that table.
public struct QueryMatch<each T: QueryTerm> {
    @usableFromInline let table: Table
    @usableFromInline let columns: (repeat TermColumn<each T>)
    /// Columns of the changed-since filters in this table.
    @usableFromInline let changedColumns: [Int]
    /// The added-since filters' and `or` groups' columns in this table; nil when the query has
    /// neither.
    @usableFromInline let rowFilters: MatchedRowFilters?
}
