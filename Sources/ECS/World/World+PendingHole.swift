import Synchronization

extension World {
    /// Completes the destroy that left a row in its table's live prefix, if one did: the last
    /// live row moves into it, as the destroy would have done at once. Query loops, schedule
    /// batches, ``World/compact()``, ``World/modify(_:of:_:)`` and every structural change but
    /// a spawn call it first (the changes through ``checkStructuralChange()``); a spawn into
    /// that table takes the row itself (``claimRow(in:for:)``). Called only by the thread that
    /// holds the world.
    @inlinable @inline(__always)
    func fillPendingHole() {
        // SAFETY: `storage` is valid for the world's lifetime.
        if unsafe storage.pointee.pendingHole != nil { fillPendingHoleNow() }
    }

    /// The move of `fillPendingHole()`, out of line.
    @usableFromInline @inline(never)
    func fillPendingHoleNow() {
        // SAFETY: `storage` is valid for the world's lifetime. A pending hole is a row of a live
        // table inside its live prefix that holds the destroyed entity, which `kill` requires;
        // the entity that moves into it is alive in the same table, so its slot keeps its table.
        guard let hole = unsafe storage.pointee.pendingHole else { return }
        unsafe storage.pointee.pendingHole = nil
        iterations.subtract(Self.pendingHoleBit, ordering: .relaxed)
        let table = unsafe hole.table
        if _slowPath(unsafe table.pointee.addedTicks != nil) { unsafe table.pointee.killAddedTicks(row: hole.row) }
        if let moved = unsafe table.pointee.kill(row: hole.row, of: table.pointee.entity(at: hole.row)) {
            unsafe slots[Int(moved.index)].row = UInt32(truncatingIfNeeded: hole.row)
        }
    }

    /// A row for the newly allocated `entity` in `table`: the row a destroy left pending there,
    /// or a row claimed past the live prefix (after any pending row elsewhere is filled).
    /// The caller initialises the row's values (and stamps its added ticks). `flags` are the
    /// iteration state's lasting flags, which the state keeps when the pending row is taken.
    @inlinable @inline(__always)
    func claimRow(in table: UnsafeMutablePointer<TableStorage>, for entity: Entity, flags: Int) -> Int {
        // SAFETY: `storage` and `table` are valid for the world's lifetime; a pending row in
        // `table` holds plain bits only, so it is overwritten without dropping a value.
        if let hole = unsafe storage.pointee.pendingHole {
            if unsafe hole.table == table {
                unsafe storage.pointee.pendingHole = nil
                // The spawn's check found the state holding flags alone: drop this one.
                iterations.store(flags, ordering: .relaxed)
                unsafe table.pointee.setEntity(entity, at: hole.row)
                return hole.row
            }
            fillPendingHoleNow()
        }
        return unsafe table.pointee.claimRow(for: entity)
    }
}
