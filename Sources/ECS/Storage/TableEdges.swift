/// An edge of the table graph: the table reached from a table by adding or removing one
/// component, with the column correspondence a row move needs.
///
/// Its pointers are valid while both tables live (a world frees its tables together).
@safe @usableFromInline
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
/// that read it do no reference counting. It must be freed with ``deallocate()`` exactly once.
@safe @usableFromInline
struct TableEdges {
    /// One optional edge per component number `0..<count`, all initialised.
    @usableFromInline private(set) var edges: UnsafeMutablePointer<TableEdge?>
    /// Component numbers the buffer covers (0 while nothing is allocated).
    @usableFromInline private(set) var count = 0

    /// No edges.
    init() {
        // SAFETY: an aligned, non-null placeholder never dereferenced while `count` is 0 (the
        // subscript and `deallocate` check `count` first). The literal is not zero, so the
        // optional is never nil.
        unsafe edges = UnsafeMutablePointer(bitPattern: MemoryLayout<TableEdge?>.alignment)!
    }

    /// Frees the edges and their column maps; they must not be used afterwards.
    @unsafe func deallocate() {
        guard count > 0 else { return }
        // SAFETY: slots `0..<count` are initialised, and each map is owned by its edge alone.
        for id in 0..<count { unsafe edges[id]?.columnMap.deallocate() }
        unsafe edges.deinitialize(count: count).deallocate()
    }

    /// The edge through component number `id`, if known.
    @inlinable @inline(__always)
    subscript(id: Int) -> TableEdge? {
        // SAFETY: the unsigned comparison admits exactly `0..<count`, the initialised slots.
        UInt(bitPattern: id) < UInt(bitPattern: count) ? unsafe edges[id] : nil
    }

    /// Records the edge through component number `id` (the edges take ownership of its map).
    mutating func set(_ id: Int, _ edge: TableEdge) {
        assert(id >= 0, "negative component number \(id)")
        if id >= count {
            let newCount = Swift.max(id + 1, count * 2, 8)
            // SAFETY: the fresh buffer is fully initialised before use; the old slots are copied
            // over (the maps change owner, so they are not freed) and the old buffer is freed.
            let fresh = UnsafeMutablePointer<TableEdge?>.allocate(capacity: newCount)
            unsafe fresh.initialize(repeating: nil, count: newCount)
            if count > 0 {
                unsafe fresh.update(from: edges, count: count)
                unsafe edges.deinitialize(count: count).deallocate()
            }
            unsafe edges = fresh
            count = newCount
        }
        // SAFETY: `0 <= id < count` now (a component number is a registry index, never negative,
        // as asserted above); a replaced edge's map is owned by the slot and freed once.
        unsafe edges[id]?.columnMap.deallocate()
        unsafe edges[id] = edge
    }
}
