/// What a matched table needs for a query's added-since filters and `or` groups: their columns
/// in the table and whether loops test its rows one by one. A query without such filters has
/// none, so its loops test one word for them (``QueryMatch/rowFilters``).
@usableFromInline
final class MatchedRowFilters: Sendable {
    /// Columns of the added-since filters in the table, in the query's filter order.
    @usableFromInline let addedColumns: [Int]
    /// Per `or` group of the query: the alternatives that depend on versions, with their
    /// columns; empty when an alternative always passes in the table.
    @usableFromInline let orCandidates: [[OrGroup.Candidate]]
    /// Whether loops test the rows one by one: an added filter, or an `or` group whose
    /// candidates include one.
    @usableFromInline let testsRows: Bool

    /// The filters' columns in one table.
    init(addedColumns: [Int], orCandidates: [[OrGroup.Candidate]], testsRows: Bool) {
        self.addedColumns = addedColumns
        self.orCandidates = orCandidates
        self.testsRows = testsRows
    }
}
