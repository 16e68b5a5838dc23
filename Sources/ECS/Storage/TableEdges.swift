/// An edge of the table graph: the table reached from a table by adding or removing one
/// component, with the column correspondence a row move needs.
@usableFromInline
struct TableEdge {
    /// The table reached.
    @usableFromInline let target: UnsafeMutablePointer<TableStorage>
    /// The column of the edge's component: in the target table for an added component, in
    /// the source table for a removed one.
    @usableFromInline let column: Int
    /// For each source column, the target column it moves to (in the target's column buffer,
    /// which never moves), or nil when the target lacks it.
    @usableFromInline let columnMap: UnsafeMutablePointer<UnsafeMutablePointer<Column>?>
}

/// The cached edges of one table, by component number.
///
/// A raw buffer rather than an array, so that ``TableStorage`` stays plain bits and hot paths
/// that read it do no reference counting.
@usableFromInline
struct TableEdges {
    @usableFromInline private(set) var edges: UnsafeMutablePointer<TableEdge?>
    @usableFromInline private(set) var count = 0

    init() {
        edges = UnsafeMutablePointer(bitPattern: MemoryLayout<TableEdge?>.alignment)!
    }

    /// Frees the edges and their column maps; they must not be used afterwards.
    func deallocate() {
        guard count > 0 else { return }
        for id in 0..<count { edges[id]?.columnMap.deallocate() }
        edges.deinitialize(count: count).deallocate()
    }

    /// The edge through component number `id`, if known.
    @inlinable @inline(__always)
    subscript(id: Int) -> TableEdge? {
        id < count ? edges[id] : nil
    }

    /// Records the edge through component number `id` (the edges take ownership of its map).
    mutating func set(_ id: Int, _ edge: TableEdge) {
        if id >= count {
            let newCount = Swift.max(id + 1, count * 2, 8)
            let fresh = UnsafeMutablePointer<TableEdge?>.allocate(capacity: newCount)
            fresh.initialize(repeating: nil, count: newCount)
            if count > 0 {
                fresh.update(from: edges, count: count)
                edges.deinitialize(count: count).deallocate()
            }
            edges = fresh
            count = newCount
        }
        edges[id]?.columnMap.deallocate()
        edges[id] = edge
    }
}
