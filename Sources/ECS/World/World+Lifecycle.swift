extension World {
    /// Destroys `entity`: its id becomes stale at once and its row leaves the live prefix of its
    /// table (the last live row takes its place). The row's values are reclaimed, and the id's
    /// slot becomes reusable, at the next ``compact()``.
    ///
    /// In a table of plain-bits components the move of the last live row is deferred: a spawn
    /// into the same table that comes next takes the destroyed row instead, so a
    /// destroy-and-respawn pair moves no row and touches no other entity's slot. Any other
    /// operation makes the move first (`fillPendingHole()`), so what it sees is the same.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a query loop.
    public func destroy(_ entity: Entity) throws(ECSError) {
        let state = iterations.load(ordering: .relaxed)
        if state != 0 { return try destroy(entity, slowPath: state) }
        try destroyAllowed(entity, flags: 0)
    }

    /// ``destroy(_:)`` when the iteration state is not zero: the structural check's slow path,
    /// then the destroy, observed when observers are registered.
    @inline(never)
    func destroy(_ entity: Entity, slowPath state: Int) throws(ECSError) {
        try checkFlaggedStructuralChange(state)
        guard state & Self.observedBit != 0 else { return try destroyAllowed(entity, flags: Self.lastingFlags(state)) }
        try observeDestroy(of: entity)
    }

    /// The body of ``destroy(_:)`` once the change is known to be allowed and no row is
    /// pending, with the iteration state's lasting flags `flags` (``lastingFlags(_:)``; 0 on
    /// the fast path), which the state keeps.
    @inline(__always)
    func destroyAllowed(_ entity: Entity, flags: Int) throws(ECSError) {
        let location = try self.location(of: entity)
        // SAFETY: the entity is alive (checked above), so its table storage is valid and
        // `location.row` is its live row, which `kill` requires.
        let table = unsafe location.table
        if unsafe !table.pointee.ownsReferences && location.row != table.pointee.aliveCount &- 1 {
            // SAFETY: `storage` is valid for the world's lifetime; no row is pending (the check
            // above filled it), and no loop or callback runs, so the state is `flags`.
            unsafe storage.pointee.pendingHole = location
            iterations.store(flags | Self.pendingHoleBit, ordering: .relaxed)
        } else {
            if flags & Self.additionsTrackedBit != 0 { unsafe table.pointee.killAddedTicks(row: location.row) }
            if let moved = unsafe table.pointee.kill(row: location.row, of: entity) {
                // SAFETY: `moved` is alive in the same table, so its slot exists and keeps its table.
                unsafe slots[Int(moved.index)].row = UInt32(truncatingIfNeeded: location.row)
            }
        }
        retire(entity)
        unsafe table.pointee.structuralVersion = nextStructuralVersion()
        diagnostics.countExclusive(.destroyed)
    }

    /// Reclaims the rows of destroyed entities in every table in one pass and makes their id
    /// slots reusable. Live entities keep their rows: every live id resolves before and after.
    public func compact() {
        fillPendingHole()
        var reclaimed = 0
        for table in tables {
            // SAFETY: a table's storage is valid while the table (held by `tables`) lives.
            let dead = unsafe table.storage.pointee.dropDeadRows()
            if dead > 0 {
                reclaimed += dead
                unsafe table.storage.pointee.structuralVersion = nextStructuralVersion()
            }
        }
        // SAFETY: `storage` is valid for the world's lifetime and the world is held by one thread.
        unsafe storage.pointee.freeIDs.takeAll(from: &storage.pointee.pendingFree)
        if reclaimed > 0 { diagnostics.countExclusive(.compactions) }
    }

    /// Destroys, in one stable pass per table, every entity whose `C` component fails
    /// `isIncluded`; survivors keep their relative row order. Entities without `C` are untouched.
    ///
    /// This is the in-place compaction of a particle cloud: mark particles dead in a component,
    /// then `retain` the live ones. For a sparse-set `C`, or in a world with observers, the
    /// entities are tested first and the failing ones then destroyed one by one (observed, and
    /// without keeping the survivors' order). The predicate sees the stored values, so structural
    /// changes inside it are rejected.
    /// - Returns: The number of entities destroyed (in a world with observers, not counting
    ///   those an observer's cascade destroyed first).
    /// - Throws: ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a loop,
    ///   ``ECSError/Code-swift.enum/reentrantStructuralChange`` for a structural change inside
    ///   the predicate, and what the predicate throws.
    @discardableResult
    public func retain<C>(_ type: C.Type, where isIncluded: (C) throws -> Bool) throws -> Int {
        try checkStructuralChange()
        let id = try componentID(for: C.self)
        if let set = unsafe sparseSet(id) { return try unsafe retainSparse(C.self, set, where: isIncluded) }
        if isObserved { return try retainObserved(C.self, id, where: isIncluded) }
        var destroyed = 0
        var keep: [Bool] = []
        for owner in tables {
            // SAFETY: the storage is valid while `owner` (held by `tables`) lives. The live rows
            // `0..<aliveCount` of column `column` hold initialised values of `C`, and the
            // callback guard keeps the predicate from moving them; `keep` has one flag per
            // live row; rows `firstChanged..<after` are live after the pass.
            let table = unsafe owner.storage
            guard unsafe table.pointee.aliveCount > 0, let column = unsafe table.pointee.columnIndex(of: id) else { continue }
            let values = unsafe UnsafeBufferPointer(
                start: table.pointee.columns[column].base.assumingMemoryBound(to: C.self), count: table.pointee.aliveCount)
            keep.removeAll(keepingCapacity: true)
            try withCallbackGuard { () throws -> Void in
                for unsafe value in unsafe values { keep.append(try isIncluded(value)) }
            }
            let before = unsafe table.pointee.aliveCount
            let firstChanged = unsafe keep.withUnsafeBufferPointer { flags in
                unsafe table.pointee.retain(keep: flags) { retire($0) }
            }
            let after = unsafe table.pointee.aliveCount
            guard after != before || firstChanged < before else { continue }
            for row in firstChanged..<after {
                unsafe setLocation(table.pointee.entity(at: row), table: table, row: row)
            }
            destroyed += before - after
            unsafe table.pointee.structuralVersion = nextStructuralVersion()
        }
        diagnostics.countExclusive(.destroyed, by: destroyed)
        return destroyed
    }
}
