extension World {
    /// Throws unless the world can be saved now: no query loop or system batch runs, since
    /// one could be writing the values a save reads.
    func checkSavable() throws(ECSError) {
        guard !isIterating else {
            throw ECSError(
                .invalidArgument,
                "a world is saved between frames, not while a query loop or system batch runs (it could be writing the values a save reads)")
        }
    }

    /// Calls `body` with the generation of each entity index's slot and whether it is alive, in
    /// index order.
    func forEachSnapshotSlot(_ body: (UInt32, Bool) -> Void) {
        for index in 0..<slots.count {
            // SAFETY: `index` is below `slots.count`.
            let slot = unsafe slots[index]
            unsafe body(slot.generation, slot.table != nil)
        }
    }

    /// The entity indices of the free list, bottom first, and of the destroyed entities that
    /// wait for ``compact()``, in destroy order.
    var snapshotFreeLists: (free: [UInt32], pending: [UInt32]) {
        // SAFETY: each stack's ids `0..<count` are initialised.
        func indices(_ stack: EntityStack) -> [UInt32] { (0..<stack.count).map { unsafe stack.base[$0].index } }
        return (indices(freeIDs), indices(pendingFree))
    }

    /// Whether any live entity holds a component of type `type` (never registering it).
    func hasSnapshotValues(of type: Any.Type) -> Bool {
        guard let id = componentID(ObjectIdentifier(type)) else { return false }
        // SAFETY: the world's sparse sets and table storages are valid while it lives.
        if let set = unsafe sparseSet(id) { return unsafe set.pointee.count > 0 }
        return tables.contains { $0.aliveCount > 0 && $0.columnIndex(of: id) != nil }
    }

    /// Calls `body` with the entity index and value of every live entity's `C` component, in
    /// ascending index order; returns how many it visited. Structural changes inside `body`
    /// are rejected, since the values are read in place. Inlinable, so that the loop is
    /// specialised for `C` where a snapshot registration names it.
    @inlinable
    func forEachSnapshotValue<C, E: Error>(_ type: C.Type, _ body: (UInt32, C) throws(E) -> Void) throws(E) -> Int {
        guard let id = componentID(ObjectIdentifier(C.self)) else { return 0 }
        var visited = 0
        try withCallbackGuard { () throws(E) -> Void in
            // SAFETY: indices below `slots.count` are slots; a live slot's table storage is valid
            // and its row initialised; a sparse set's dense positions below its count hold `C`s,
            // as does a table's column of `id`. The callback guard keeps `body` from moving them.
            if let set = unsafe sparseSet(id) {
                for index in 0..<slots.count {
                    let slot = unsafe slots[index]
                    guard unsafe slot.table != nil,
                          let dense = unsafe set.pointee.denseIndex(of: Entity(index: UInt32(index), generation: slot.generation))
                    else { continue }
                    try unsafe body(UInt32(index), set.pointee.value(at: dense).assumingMemoryBound(to: C.self).pointee)
                    visited &+= 1
                }
                return
            }
            var columns = [Int](repeating: -1, count: tables.count)
            for (table, owner) in tables.enumerated() { columns[table] = owner.columnIndex(of: id) ?? -1 }
            for index in 0..<slots.count {
                let slot = unsafe slots[index]
                guard let table = unsafe slot.table else { continue }
                let column = unsafe columns[table.pointee.index]
                guard column >= 0 else { continue }
                let value = unsafe table.pointee.columns[column].element(at: Int(slot.row)).assumingMemoryBound(to: C.self).pointee
                try body(UInt32(index), value)
                visited &+= 1
            }
        }
        return visited
    }
}
