/// A cached query over every table holding all of its terms' components (optional terms
/// aside), with with / without / changed-since / added-since filters and `or` groups of them.
///
/// ```swift
/// let movement = try world.query(Write<Position>.self, Read<Velocity>.self)
/// try movement.forEachChunk { chunk, positions, velocities in
///     for i in 0..<chunk.count { positions[i].x += velocities[i].dx * dt }
/// }
/// ```
/// The chunk loop is the fast path: the body sees each table's columns as plain buffers and
/// compiles to straight (vectorisable) loops. Matching tables are cached and extended as new
/// tables appear. Structural changes are rejected while a loop runs; record them in
/// ``Commands`` and apply them afterwards. Inside a scheduled system each loop first checks
/// its terms (and changed-since filters) against the system's ``SystemAccess``. Terms and
/// filters may name sparse-set components (see ``ComponentStorage``); such a query visits
/// entities one at a time, as described in `forEachSparseChunk(_:)`. With an added-since
/// filter loops hand out only the added rows, in runs of consecutive rows.
public final class Query<each T: QueryTerm> {
    // The stored state below is read by loops and changed only by the filter methods and
    // `refresh()`, which call no user code while they change it: every access is over before
    // a loop body runs (loops iterate copies), so no two accesses overlap and the dynamic
    // exclusivity checks, a runtime call per read, are left out; `@safe` records that audit,
    // so that the accesses need no `unsafe` of their own.

    /// The world queried.
    public let world: World
    @usableFromInline let termIDs: [ComponentID]
    /// Whether each term is optional (`Read<C>?`, `Write<C>?`).
    let optionalTerms: [Bool]
    /// The component type of each term and filter a loop touches, and whether it writes it.
    @exclusivity(unchecked) @safe var accesses: [(type: Any.Type, writes: Bool)] = []
    @exclusivity(unchecked) @safe var requiredIDs: [ComponentID] = []
    @exclusivity(unchecked) @safe var excludedIDs: [ComponentID] = []
    @exclusivity(unchecked) @safe @usableFromInline var changedFilters: [(id: ComponentID, since: UInt64)] = []
    @exclusivity(unchecked) @safe @usableFromInline var addedFilters: [(id: ComponentID, since: UInt64)] = []
    @exclusivity(unchecked) @safe @usableFromInline var orGroups: [OrGroup] = []
    @exclusivity(unchecked) @safe @usableFromInline var matches: [QueryMatch<repeat each T>] = []
    @exclusivity(unchecked) @safe @usableFromInline var scannedTables = 0
    /// Whether a term writes (a write stamps its column).
    @usableFromInline let writes: Bool
    /// The sparse-set components the terms and filters name.
    @exclusivity(unchecked) @safe @usableFromInline var sparse = SparseQueryPlan()

    /// Creates a query; prefer ``World/query(_:)``.
    init(world: World, _ terms: repeat (each T).Type) throws(ECSError) {
        self.world = world
        var ids: [ComponentID] = []
        var optional: [Bool] = []
        var accesses: [(type: Any.Type, writes: Bool)] = []
        func add<Term: QueryTerm>(_ term: Term.Type) throws(ECSError) {
            let id = try world.componentID(for: Term.Component.self)
            if let earlier = ids.firstIndex(of: id), Term.isWrite || accesses[earlier].writes {
                throw ECSError(
                    .invalidArgument,
                    "a query names \(Term.Component.self) twice with a write (\(Self.self)); one term per component when it is written"
                )
            }
            if Term.isOptional, unsafe world.sparseSet(id) != nil {
                throw ECSError(
                    .invalidArgument,
                    "\(Term.self) names \(Term.Component.self), a sparse-set component; optional terms take table components"
                )
            }
            ids.append(id)
            optional.append(Term.isOptional)
            accesses.append((Term.Component.self, Term.isWrite))
        }
        repeat try add(each terms)
        termIDs = ids
        optionalTerms = optional
        self.accesses = accesses
        writes = accesses.contains { $0.writes }
        for id in ids where unsafe world.sparseSet(id) != nil { sparse.addTerm(id) }
    }

    /// Checks the terms and filters against the declared access of the system running on this
    /// thread, if any: one atomic load when no schedule runs on the world.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess``.
    @inlinable
    func checkDeclaredAccess() throws(ECSError) {
        if world.isRunningSchedule { try checkRunningSystemAccess() }
    }

    /// The check of ``checkDeclaredAccess()`` while a schedule runs.
    @usableFromInline
    func checkRunningSystemAccess() throws(ECSError) {
        guard let system = RunningSystem.current(in: world) else { return }
        for access in accesses { try system.check(access.type, writing: access.writes) }
    }

    /// Forgets the matched tables, to match them again under changed filters.
    func reset() -> Self {
        matches.removeAll()
        scannedTables = 0
        return self
    }

    /// Matches the tables created since the last call.
    @usableFromInline
    func refresh() {
        world.fillPendingHole()
        let tables = world.tables
        while scannedTables < tables.count {
            let table = tables[scannedTables]
            scannedTables += 1
            if let match = self.match(table) { matches.append(match) }
        }
    }

    /// The match of `table` if it holds every required term and passes the with / without
    /// filters and the static part of the `or` groups.
    private func match(_ table: Table) -> QueryMatch<repeat each T>? {
        // SAFETY: the component ids of a live table are initialised for their whole count.
        let ids = unsafe Array(table.componentIDs)
        guard termIDs.indices.allSatisfy({ optionalTerms[$0] || sparse.isTerm(termIDs[$0]) || ids.contains(termIDs[$0]) }),
              requiredIDs.allSatisfy(ids.contains), !excludedIDs.contains(where: ids.contains),
              changedFilters.allSatisfy({ ids.contains($0.id) }), addedFilters.allSatisfy({ ids.contains($0.id) }) else { return nil }
        var rowFilters: MatchedRowFilters?
        if !addedFilters.isEmpty || !orGroups.isEmpty {
            var orCandidates: [[OrGroup.Candidate]] = []
            for group in orGroups {
                guard let candidates = group.candidates(in: table, ids: ids) else { return nil }
                orCandidates.append(candidates)
            }
            rowFilters = MatchedRowFilters(
                addedColumns: addedFilters.map { table.columnIndex(of: $0.id)! },
                orCandidates: orCandidates,
                testsRows: !addedFilters.isEmpty || zip(orGroups, orCandidates).contains { $0.testsRows($1) })
        }
        var term = 0
        var sparseTerm = 0
        // The column look-ups below cannot fail: the guard above checked that the table holds
        // every required table term and every changed-since and added-since filter. A sparse
        // term gets the negative index of ``SparseQueryPlan/addTerm(_:)``.
        func column<Term>(_: Term.Type) -> TermColumn<Term> {
            defer { term += 1 }
            guard !sparse.isTerm(termIDs[term]) else {
                sparseTerm += 1
                return TermColumn(index: -sparseTerm)
            }
            return TermColumn(index: table.columnIndex(of: termIDs[term]) ?? TermColumn<Term>.absent)
        }
        return QueryMatch(
            table: table,
            columns: (repeat column((each T).self)),
            changedColumns: changedFilters.map { table.columnIndex(of: $0.id)! },
            rowFilters: rowFilters
        )
    }

    /// Whether `match` passes the filters that apply to whole tables: the changed-since
    /// filters, a row added after each added-since filter's version, and an alternative of
    /// each `or` group that may pass. A query without filters reads none of them.
    @inlinable
    func admitsTable(_ match: QueryMatch<repeat each T>) -> Bool {
        let table = match.table
        if !match.changedColumns.isEmpty {
            for (filter, column) in zip(changedFilters, match.changedColumns) where !table.isChanged(column: column, since: filter.since) {
                return false
            }
        }
        guard let rowFilters = match.rowFilters else { return true }
        return admitsTable(rowFilters, table)
    }

    /// The part of ``admitsTable(_:)`` for the added-since filters and the `or` groups, whose
    /// columns in `table` are `filters`.
    @usableFromInline
    func admitsTable(_ filters: MatchedRowFilters, _ table: Table) -> Bool {
        for (filter, column) in zip(addedFilters, filters.addedColumns) where table.latestAdded(column: column) <= filter.since {
            return false
        }
        for (group, candidates) in zip(orGroups, filters.orCandidates) where !candidates.isEmpty && !group.admitsTable(candidates, table) {
            return false
        }
        return true
    }

    /// Number of live entities matched (filters included). Allocates nothing: the loop runs
    /// over indices, which unspecialised code steps through without boxing an iterator.
    public var count: Int {
        refresh()
        if sparse.isActive { return sparseCount }
        var total = 0
        for index in 0..<matches.count where admitsTable(matches[index]) {
            let match = matches[index]
            guard match.rowFilters?.testsRows == true else {
                total += match.table.aliveCount
                continue
            }
            forEachRun(match, in: 0..<match.table.aliveCount) { total += $0.count }
        }
        return total
    }

    /// Calls `body` with every matching table that has live rows and passes the filters, and
    /// its live row range (or, with an added-since filter, each run of consecutive added
    /// rows), after stamping the written columns; structural changes are locked out meanwhile.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess`` (checked once, before any row),
    ///   and what `body` throws.
    @inlinable
    func forEachMatch(_ body: (QueryMatch<repeat each T>, Range<Int>) throws -> Void) throws {
        try checkDeclaredAccess()
        refresh()
        world.beginIteration()
        defer { world.endIteration() }
        let version = world.nextVersion()
        for match in matches {
            let rows = 0..<match.table.aliveCount
            guard !rows.isEmpty, admitsTable(match) else { continue }
            repeat (each match.columns).stamp(match.table, version: version)
            try forEachRun(match, in: rows) { run in try body(match, run) }
        }
    }

    /// Runs `body` once per matching table with the table's live rows: the chunk (entities and
    /// row range) and one buffer per term, in term order (nil for an optional term the table
    /// lacks). With an added-since filter, or an `or` group of them, `body` runs once per run of
    /// consecutive admitted rows instead, so it sees exactly the added entities.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess`` inside a system that did not
    ///   declare a term, and what `body` throws.
    @inlinable
    public func forEachChunk(_ body: (Chunk, repeat (each T).Column) throws -> Void) throws {
        if sparse.isActive {
            try checkDeclaredAccess()
            return try forEachSparseChunk(body)
        }
        try forEachMatch { match, rows in
            try body(Chunk(table: match.table, range: rows), repeat (each match.columns).view(match.table, rows))
        }
    }

    /// Runs `body` once per matching entity: the entity, then per term a value (``Read``) or a
    /// ``Mut`` reference (``Write``), optional for an optional term (`Read<C>?`). Convenient for code off
    /// the hot path.
    /// - Throws: The errors of ``forEachChunk(_:)``.
    @inlinable
    public func forEach(_ body: (Entity, repeat (each T).Item) throws -> Void) throws {
        if sparse.isActive {
            try checkDeclaredAccess()
            return try forEachSparseItem(body)
        }
        try forEachMatch { match, rows in
            let columns = (repeat (each match.columns).view(match.table, rows))
            for row in rows {
                // SAFETY: `row` is a live row of the table, inside every term's view (the views
                // start at the run's first row); the loop keeps the rows in place while `body` runs.
                try body(unsafe match.table.entities[row], repeat unsafe (each T).item(each columns, at: row &- rows.lowerBound))
            }
        }
    }

    /// Runs `body` with `entity`'s items, as ``forEach(_:)`` hands them out (a value per
    /// ``Read``, a ``Mut`` reference per ``Write``, optional for an optional term), and returns
    /// what it returns: a system reaches one entity through the query it declared, as bevy's
    /// `Query::get_mut` does. The written terms are stamped as by a loop over the entity's
    /// table, and structural changes are rejected while `body` runs.
    ///
    /// ```swift
    /// try movement.get(player) { position, velocity in position.value.x += velocity.dx * dt }
    /// ```
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess`` inside a system that did not
    ///   declare a term, ``ECSError/Code-swift.enum/staleEntity`` for a dead entity,
    ///   ``ECSError/Code-swift.enum/queryMismatch`` when the query does not match it (a term it
    ///   lacks, or a filter that rejects it), and what `body` throws.
    @inlinable
    public func get<Result>(_ entity: Entity, _ body: (repeat (each T).Item) throws -> Result) throws -> Result {
        try checkDeclaredAccess()
        refresh()
        guard let location = world.slots.location(of: entity) else { throw ECSError.stale(entity) }
        if sparse.isActive { return try getSparse(entity, at: location, body) }
        guard let match = admittedMatch(at: location) else { throw mismatch(entity) }
        world.beginIteration()
        defer { world.endIteration() }
        if writes {
            let version = world.nextVersion()
            repeat (each match.columns).stamp(match.table, version: version)
        }
        let row = location.row
        let columns = (repeat (each match.columns).view(match.table, row..<(row &+ 1)))
        // SAFETY: each view holds the entity's one value, kept in place by the iteration guard
        // while `body` runs.
        return try body(repeat unsafe (each T).item(each columns, at: 0))
    }

    /// ``get(_:_:)`` for a query that names a sparse-set component: the entity's sets and dense
    /// positions are looked up as a sparse loop does.
    @usableFromInline
    func getSparse<Result>(
        _ entity: Entity, at location: EntityLocation, _ body: (repeat (each T).Item) throws -> Result
    ) throws -> Result {
        world.beginIteration()
        defer { world.endIteration() }
        let version = world.nextVersion()
        var result: Result?
        let admitted = try unsafe visitRow(of: entity, at: location) { match, row, sets, dense in
            repeat unsafe (each match.columns).stampSparse(match.table, sets, dense, version: version)
            // SAFETY: `row` is the entity's live row and each view holds its one value, kept in
            // place by the iteration guard while `body` runs.
            result = try body(repeat unsafe (each T).item((each match.columns).sparseView(match.table, row, sets, dense), at: 0))
        }
        guard admitted, let result else { throw mismatch(entity) }
        return result
    }

    /// The match of the table holding `location` when it passes the table and row filters
    /// (sparse sets aside); nil when the query does not match that row.
    @inlinable
    func admittedMatch(at location: EntityLocation) -> QueryMatch<repeat each T>? {
        // SAFETY: a live entity's table storage is valid while the world lives.
        let table = unsafe location.table.pointee.index
        var index = 0
        while index < matches.count && matches[index].table.index != table { index &+= 1 }
        guard index < matches.count, admitsTable(matches[index]), admitsRow(matches[index], location.row) else { return nil }
        return matches[index]
    }

    /// The error of ``get(_:_:)`` for an entity the query does not match.
    @usableFromInline @inline(never)
    func mismatch(_ entity: Entity) -> ECSError {
        ECSError(.queryMismatch, "entity \(entity) does not match the query \(Self.self)")
    }

    /// The largest version among the matched tables' structure, the columns of the terms and the
    /// sparse sets the query names:
    /// it changes exactly when something the query reads may have changed. Use it as the key
    /// of a ``VersionedCache``. Reading the versions is a read of the terms' components, so
    /// inside a system it is checked against the declared access like a loop.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess``.
    public var versionStamp: UInt64 {
        get throws(ECSError) {
            try checkDeclaredAccess()
            refresh()
            var stamp: UInt64 = 0
            for match in matches {
                stamp = Swift.max(stamp, match.table.structuralVersion)
                for term in termIDs where !sparse.isTerm(term) {
                    // An optional term's component may be missing from the table.
                    guard let column = match.table.columnIndex(of: term) else { continue }
                    // SAFETY: the index is the table's own column of `term`.
                    stamp = Swift.max(stamp, unsafe match.table.columns[column].version)
                }
            }
            return Swift.max(stamp, sparseStamp)
        }
    }
}

extension World {
    /// A query over every entity holding all of the terms' components.
    ///
    /// ```swift
    /// try world.query(Write<Position>.self, Read<Velocity>.self)
    /// ```
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when two terms name the same
    ///   component and one of them writes it (`Write<A>` with `Write<A>` or `Read<A>`); the
    ///   errors of ``componentID(for:)``.
    public func query<each T: QueryTerm>(_ terms: repeat (each T).Type) throws(ECSError) -> Query<repeat each T> {
        try Query(world: self, repeat each terms)
    }
}
