extension Query {
    /// The chunk loop of a query that names a sparse-set component: entity by entity, each a
    /// chunk of one row.
    ///
    /// A sparse component's values are not in the tables, so no run of table rows has its
    /// values side by side: every chunk handed to `body` holds exactly one entity (its row in
    /// its table, and per term a one-value view into the table column or the sparse set), and
    /// parallel chunk loops run on the calling thread.
    ///
    /// The loop is driven by the smallest sparse set the entities must hold (a term, `with`,
    /// changed-since or added-since filter), in that set's dense order: each of its entities is
    /// kept when its table and row pass the table terms and filters and the other sparse sets
    /// pass. A query
    /// whose only sparse component is a `without` filter walks its matched tables instead and
    /// probes the set per row. Written table columns are stamped once per visited entity, and
    /// written sparse values get the loop's version as their change tick. The caller checks
    /// the declared access first.
    @inlinable
    func forEachSparseChunk(_ body: (Chunk, repeat (each T).Column) throws -> Void) rethrows {
        try unsafe runSparseLoop { match, row, sets, dense in
            try unsafe body(Chunk(table: match.table, range: row..<(row + 1)), repeat (each match.columns).sparseView(match.table, row, sets, dense))
        }
    }

    /// The per-entity loop of a query that names a sparse-set component, in the order of
    /// `forEachSparseChunk(_:)`. The caller checks the declared access first.
    @inlinable
    func forEachSparseItem(_ body: (Entity, repeat (each T).Item) throws -> Void) rethrows {
        try unsafe runSparseLoop { match, row, sets, dense in
            // SAFETY: `row` is a live row of the match's table and each view holds one value.
            try body(
                unsafe match.table.entities[row],
                repeat unsafe (each T).item((each match.columns).sparseView(match.table, row, sets, dense), at: 0))
        }
    }

    /// Runs `body` on every admitted entity (see ``visitSparseRows(_:)``) with structural
    /// changes locked out, after stamping the entity's written terms with the loop's version.
    @inlinable
    func runSparseLoop(
        _ body: (QueryMatch<repeat each T>, Int, UnsafeBufferPointer<UnsafeMutablePointer<SparseSetStorage>>, UnsafeBufferPointer<Int>) throws -> Void
    ) rethrows {
        refresh()
        world.beginIteration()
        defer { world.endIteration() }
        let version = world.nextVersion()
        try unsafe visitSparseRows { match, row, sets, dense in
            repeat unsafe (each match.columns).stampSparse(match.table, sets, dense, version: version)
            try unsafe body(match, row, sets, dense)
        }
    }

    /// Number of entities a sparse loop would visit.
    @usableFromInline
    var sparseCount: Int {
        var count = 0
        unsafe visitSparseRows { _, _, _, _ in count += 1 }
        return count
    }

    /// The largest version of the sparse sets the query names (0 when it names none).
    @usableFromInline
    var sparseStamp: UInt64 {
        // SAFETY: the query only names registered components; a sparse one has a set that lives
        // as long as the world, which the query holds.
        (sparse.required + sparse.excluded).reduce(0) { stamp, id in
            Swift.max(stamp, unsafe world.sparseSet(id).map { unsafe $0.pointee.values.version } ?? 0)
        }
    }

    /// Calls `body` with every entity the query admits: its match, its live row, the sets of
    /// ``SparseQueryPlan/required`` and the entity's dense position in each. The caller has
    /// refreshed the matches and holds the iteration guard, so no set or table changes.
    @usableFromInline
    func visitSparseRows(
        _ body: (QueryMatch<repeat each T>, Int, UnsafeBufferPointer<UnsafeMutablePointer<SparseSetStorage>>, UnsafeBufferPointer<Int>) throws -> Void
    ) rethrows {
        // SAFETY: every component the plan names is sparse in this world (it was classified by
        // its set), so the unwraps hold; the sets live as long as the world. Dense positions
        // come from the sets' own look-ups, rows from the live prefix of matched tables or the
        // location of a live entity, and the iteration guard keeps all of them in place.
        let sets = unsafe sparse.required.map { unsafe world.sparseSet($0).unsafelyUnwrapped }
        let excluded = unsafe sparse.excluded.map { unsafe world.sparseSet($0).unsafelyUnwrapped }
        var dense = unsafe [Int](repeating: 0, count: sets.count)
        try unsafe sets.withUnsafeBufferPointer { sets in
            try unsafe dense.withUnsafeMutableBufferPointer { dense in
                func admits(_ entity: Entity) -> Bool {
                    unsafe admitsSparse(entity, sets, excluded, dense)
                }
                let positions = UnsafeBufferPointer(dense)
                guard let driver = unsafe sets.min(by: { unsafe $0.pointee.count < $1.pointee.count }) else {
                    for match in matches where admitsTable(match) {
                        for row in 0..<match.table.aliveCount where unsafe admitsRow(match, row) && admits(match.table.entities[row]) {
                            try unsafe body(match, row, sets, positions)
                        }
                    }
                    return
                }
                var matchByTable = [Int](repeating: -1, count: world.tables.count)
                for (index, match) in matches.enumerated() { matchByTable[match.table.index] = index }
                for position in unsafe 0..<driver.pointee.count {
                    let entity = unsafe driver.pointee.entities[position]
                    guard let location = world.slots.location(of: entity) else { continue }
                    let index = unsafe matchByTable[location.table.pointee.index]
                    guard index >= 0, admitsTable(matches[index]), admitsRow(matches[index], location.row), admits(entity) else { continue }
                    try unsafe body(matches[index], location.row, sets, positions)
                }
            }
        }
    }
}

extension Query {
    /// Calls `body` with `entity`'s match, live row, the sets of ``SparseQueryPlan/required``
    /// and its dense position in each, when the query admits the entity; returns false, without
    /// calling `body`, when it does not. The caller has refreshed the matches and holds the
    /// iteration guard; `entity` is alive at `location`.
    @usableFromInline
    func visitRow(
        of entity: Entity, at location: EntityLocation,
        _ body: (QueryMatch<repeat each T>, Int, UnsafeBufferPointer<UnsafeMutablePointer<SparseSetStorage>>, UnsafeBufferPointer<Int>) throws -> Void
    ) rethrows -> Bool {
        guard let match = admittedMatch(at: location) else { return false }
        // SAFETY: as in ``visitSparseRows(_:)``: the sets of the plan exist and live as long as
        // the world, and the guard keeps the entity's row and dense positions in place.
        let sets = unsafe sparse.required.map { unsafe world.sparseSet($0).unsafelyUnwrapped }
        let excluded = unsafe sparse.excluded.map { unsafe world.sparseSet($0).unsafelyUnwrapped }
        var dense = unsafe [Int](repeating: 0, count: sets.count)
        return try unsafe sets.withUnsafeBufferPointer { sets in
            try unsafe dense.withUnsafeMutableBufferPointer { dense in
                guard unsafe admitsSparse(entity, sets, excluded, dense) else { return false }
                try unsafe body(match, location.row, sets, UnsafeBufferPointer(dense))
                return true
            }
        }
    }

    /// Whether `entity` is in every set of `sets` (writing its dense position in each to
    /// `dense`), in none of `excluded`, and passes the sparse changed- and added-since filters.
    @unsafe @usableFromInline
    func admitsSparse(
        _ entity: Entity, _ sets: UnsafeBufferPointer<UnsafeMutablePointer<SparseSetStorage>>,
        _ excluded: [UnsafeMutablePointer<SparseSetStorage>], _ dense: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        for k in sets.indices {
            guard let position = unsafe sets[k].pointee.denseIndex(of: entity) else { return false }
            unsafe dense[k] = position
        }
        for unsafe set in unsafe excluded where unsafe set.pointee.denseIndex(of: entity) != nil { return false }
        for filter in sparse.changed where unsafe sets[filter.slot].pointee.tick(at: dense[filter.slot]) <= filter.since {
            return false
        }
        for filter in sparse.added where unsafe sets[filter.slot].pointee.addedTick(at: dense[filter.slot]) <= filter.since {
            return false
        }
        return true
    }
}

extension TermColumn {
    /// Stamps the term when it writes: a table column (non-negative ``index``) with `version`,
    /// like ``stamp(_:version:)``, or the sparse value at its dense position with `version` as
    /// its change tick.
    @inlinable
    func stampSparse(
        _ table: Table, _ sets: UnsafeBufferPointer<UnsafeMutablePointer<SparseSetStorage>>,
        _ dense: UnsafeBufferPointer<Int>, version: UInt64
    ) {
        guard T.isWrite else { return }
        guard index < 0, index != Self.absent else { return stamp(table, version: version) }
        // SAFETY: a negative index is `-1 - position` of a sparse term in the plan, whose set
        // and the entity's dense position in it the loop passes.
        unsafe sets[-1 - index].pointee.stamp(dense[-1 - index], version: version)
    }

    /// The term's one-value view of `row` of `table` (a table column) or of the entity's value
    /// in its sparse set (a negative ``index``).
    @inlinable
    func sparseView(
        _ table: Table, _ row: Int, _ sets: UnsafeBufferPointer<UnsafeMutablePointer<SparseSetStorage>>,
        _ dense: UnsafeBufferPointer<Int>
    ) -> T.Column {
        // SAFETY: as in ``stampSparse(_:_:_:version:)``; `row` is a live row of `table`, and both
        // values stay in place while the loop body runs.
        if T.isOptional && index == Self.absent { return T.absentColumn }
        guard index < 0 else { return unsafe T.column(table.columns[index].element(at: row), count: 1) }
        return unsafe T.column(sets[-1 - index].pointee.value(at: dense[-1 - index]), count: 1)
    }
}
