extension World {
    /// Throws unless a snapshot may be loaded into this world now: no loop or callback runs,
    /// and the world has never handed out an entity id (a snapshot brings its own ids and
    /// generations, which must not meet others).
    func checkRestorable() throws(ECSError) {
        try checkStructuralChange()
        guard slots.count == 0 else {
            throw ECSError(
                .invalidArgument,
                "a snapshot loads into an empty world only; this one has handed out \(slots.count) entity ids (\(entityCount) alive)")
        }
    }

    /// Loads a decoded snapshot into this empty world: its slots get the saved generations,
    /// its live entities their components, its free and pending lists the saved order, so
    /// that every saved id resolves, every stale id stays stale and spawns take the ids the
    /// saved world would have given.
    ///
    /// Everything that can fail is checked first (``SnapshotImage/validate()``, the component
    /// types' registration, the tables' row limit); a failure leaves the world without
    /// entities. The live entities of each component set go to their table in index order.
    func restore(_ image: SnapshotImage) throws(ECSError) {
        try checkRestorable()
        try image.validate()
        var ids: [ComponentID] = []
        for section in image.sections { ids.append(try section.componentID(in: self)) }
        let (tableOf, rowCounts) = try restoredTables(image, ids: ids)

        // Nothing below fails: the world takes the snapshot's entities.
        let count = image.generations.count
        _ = slots.append(count)
        var nextRow = [Int](repeating: 0, count: rowCounts.count)
        for (table, rows) in rowCounts.enumerated() where rows > 0 {
            // SAFETY: `table` is one of this world's table indices.
            nextRow[table] = unsafe tableStorage(table).pointee.claimRows(rows)
        }
        for index in 0..<count {
            let generation = image.generations[index]
            guard image.alive[index] else {
                // SAFETY: `index` is below `slots.count` (appended above).
                unsafe slots[index] = .dead(generation: generation)
                continue
            }
            let entity = Entity(index: UInt32(index), generation: generation)
            let table = unsafe tableStorage(tableOf[index])
            let row = nextRow[tableOf[index]]
            nextRow[tableOf[index]] = row + 1
            // SAFETY: as above; `row` is one of the rows claimed in `table` for these entities.
            unsafe slots[index].generation = generation
            unsafe table.pointee.setEntity(entity, at: row)
            unsafe setLocation(entity, table: table, row: row)
        }
        for (section, id) in zip(image.sections, ids) { section.place(into: self, as: id) }
        for index in image.free { freeIDs.push(Entity(index: index, generation: image.generations[Int(index)])) }
        for index in image.pending { pendingFree.push(Entity(index: index, generation: image.generations[Int(index)])) }
        for (table, rows) in rowCounts.enumerated() where rows > 0 {
            // SAFETY: `table` is one of this world's table indices, whose rows
            // `nextRow[table] - rows ..< nextRow[table]` were claimed above.
            let version = nextStructuralVersion()
            unsafe tableStorage(table).pointee.structuralVersion = version
            unsafe tableStorage(table).pointee.stampAddedRows((nextRow[table] - rows)..<nextRow[table], version: version)
        }
        diagnostics.countExclusive(.spawned, by: tableOf.count(where: { $0 >= 0 }))
    }

    /// The table of each live entity of `image` (-1 for a dead slot) and the rows each table
    /// gets: the table of the entity's table-stored components (`ids[s]` is the id of
    /// section `s`), created on first use.
    /// - Throws: ``ECSError/Code-swift.enum/capacity`` when a table would exceed its row limit.
    private func restoredTables(_ image: SnapshotImage, ids: [ComponentID]) throws(ECSError) -> ([Int], [Int]) {
        // SAFETY: the world's sparse sets are valid while it lives.
        let tableSections = image.sections.indices.filter { unsafe sparseSet(ids[$0]) == nil }
        let words = Swift.max(1, (tableSections.count + 63) / 64)
        var masks = [UInt64](repeating: 0, count: image.generations.count * words)
        for (bit, section) in tableSections.enumerated() {
            for index in image.sections[section].entities { masks[Int(index) * words + bit / 64] |= 1 << UInt64(bit % 64) }
        }
        var tableOf = [Int](repeating: -1, count: image.generations.count)
        var rowCounts = [Int](repeating: 0, count: tables.count)
        var tableByMask: [[UInt64]: Int] = [:]
        var previous: (index: Int, table: Int)?
        for index in image.alive.indices where image.alive[index] {
            let start = index * words
            var same = previous != nil
            var word = 0
            while same && word < words {
                same = masks[start + word] == masks[previous!.index * words + word]
                word += 1
            }
            let table: Int
            if same {
                table = previous!.table
            } else {
                let mask = Array(masks[start..<(start + words)])
                if let known = tableByMask[mask] {
                    table = known
                } else {
                    let signature = tableSections.indices.filter { mask[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }
                        .map { ids[tableSections[$0]] }.sorted()
                    table = self.table(for: signature)
                    tableByMask[mask] = table
                    if table >= rowCounts.count { rowCounts += repeatElement(0, count: table + 1 - rowCounts.count) }
                }
            }
            previous = (index, table)
            tableOf[index] = table
            rowCounts[table] += 1
            guard rowCounts[table] <= TableStorage.maximumRows else {
                throw ECSError(.capacity, "a snapshot of more than \(TableStorage.maximumRows) entities with the same components exceeds the table limit")
            }
        }
        return (tableOf, rowCounts)
    }

    /// Stores `values[k]` as component `id` of the live entity at index `entities[k]`, whose
    /// table row ``restore(_:)`` claimed and left uninitialised (or, for a sparse-set
    /// component, into its set). Runs of entities in consecutive rows of one table are copied
    /// at once.
    func placeRestored<C>(_ values: [C], of entities: [UInt32], as id: ComponentID) {
        // SAFETY: every listed entity is alive, so its slot's table storage is valid and its row
        // claimed; the table holds column `id` (its component set was made from the entity's
        // sections) whose rows are uninitialised until this copy; a run covers rows
        // `row..<row + length` of that column and values `k..<k + length` of the array.
        if let set = unsafe sparseSet(id) {
            for k in values.indices {
                let index = Int(entities[k])
                let (slot, replacing) = unsafe prepareSparseInsert(set, Entity(index: entities[k], generation: slots[index].generation))
                unsafe Self.store(values[k], at: slot, replacing: replacing)
            }
            return
        }
        let version = nextVersion()
        unsafe values.withUnsafeBufferPointer { source in
            var k = 0
            while k < source.count {
                let first = unsafe slots[Int(entities[k])]
                let table = unsafe first.table.unsafelyUnwrapped
                var length = 1
                while k + length < source.count {
                    let next = unsafe slots[Int(entities[k + length])]
                    guard unsafe next.table == table, next.row == first.row &+ UInt32(length) else { break }
                    length += 1
                }
                let column = unsafe table.pointee.columnIndex(of: id).unsafelyUnwrapped
                unsafe table.pointee.columns[column].version = version
                let destination = unsafe table.pointee.columns[column].element(at: Int(first.row)).assumingMemoryBound(to: C.self)
                unsafe destination.initialize(from: source.baseAddress.unsafelyUnwrapped + k, count: length)
                k += length
            }
        }
    }
}
