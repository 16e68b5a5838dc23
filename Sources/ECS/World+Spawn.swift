extension World {
    /// Spawns one entity with the given components (each of a different type).
    ///
    /// ```swift
    /// let ship = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 0))
    /// ```
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a repeated component type,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a query loop,
    ///   ``ECSError/Code-swift.enum/capacity`` when the entity space is exhausted.
    @inlinable
    @discardableResult
    public func spawn<each C>(_ components: repeat each C) throws(ECSError) -> Entity {
        let bundle = try self.bundle(repeat (each C).self)
        let (table, entity, row) = try claimSpawnRow(bundle)
        bundle.columns.withUnsafeBufferPointer { columns in
            var cursor = columns.makeIterator()
            repeat table.initialize(each components, column: cursor.next()!, row: row)
        }
        return entity
    }

    /// Allocates an entity and its row in the bundle's table, and stamps the table; the caller
    /// initialises the row's values.
    @usableFromInline
    func claimSpawnRow(_ bundle: SpawnBundle) throws(ECSError) -> (Table, Entity, Int) {
        try checkStructuralChange()
        let table = tables[bundle.table]
        let entity = try allocateEntity()
        let row = table.claimRow(for: entity)
        setLocation(entity, table: table.index, row: row)
        table.structuralVersion = nextVersion()
        diagnostics.count(.spawned)
        return (table, entity, row)
    }

    /// Spawns `count` entities at once; `make(i)` gives the components of the `i`-th.
    ///
    /// Storage is reserved once and ids are allocated in bulk, which makes this several
    /// times faster than spawning one by one.
    /// - Returns: The new entities, in `make` order.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a negative count or a
    ///   repeated component type, and the errors of ``spawn(_:)``.
    @inlinable
    @discardableResult
    public func spawn<each C>(count: Int, _ make: (Int) -> (repeat each C)) throws(ECSError) -> [Entity] {
        let bundle = try self.bundle(repeat (each C).self)
        let (table, first, spawned) = try claimSpawnRows(bundle, count: count)
        for i in 0..<count {
            let row = first &+ i
            let values = make(i)
            bundle.columns.withUnsafeBufferPointer { columns in
                var cursor = columns.makeIterator()
                repeat table.initialize(each values, column: cursor.next()!, row: row)
            }
        }
        return spawned
    }

    /// Spawns `count` entities that all start with the same component values. Each column is
    /// filled in one pass (doubling copies for plain-bits types), the fastest way to populate a
    /// world.
    /// - Returns: The new entities.
    /// - Throws: The errors of ``spawn(count:_:)``.
    @inlinable
    @discardableResult
    public func spawnRepeating<each C>(count: Int, _ components: repeat each C) throws(ECSError) -> [Entity] {
        let bundle = try self.bundle(repeat (each C).self)
        let (table, first, spawned) = try claimSpawnRows(bundle, count: count)
        guard count > 0 else { return spawned }
        bundle.columns.withUnsafeBufferPointer { columns in
            var cursor = columns.makeIterator()
            repeat table.fill(each components, column: cursor.next()!, rows: first..<(first + count))
        }
        return spawned
    }

    /// Allocates `count` entities and their rows (placed and stamped); the caller initialises
    /// the values. Returns the table, the first row and the entities.
    @usableFromInline
    func claimSpawnRows(_ bundle: SpawnBundle, count: Int) throws(ECSError) -> (Table, Int, [Entity]) {
        try checkStructuralChange()
        guard count >= 0 else { throw ECSError(.invalidArgument, "spawn count must not be negative (got \(count))") }
        let table = tables[bundle.table]
        guard count <= Table.maximumRows - table.aliveCount else {
            throw ECSError(.capacity, "spawning \(count) entities exceeds the table limit of \(Table.maximumRows) rows")
        }
        var spawned = [Entity]()
        spawned.reserveCapacity(count)
        let reused = Swift.min(count, freeIndices.count)
        for _ in 0..<reused { spawned.append(try allocateEntity()) }
        let fresh = count - reused
        guard fresh <= Int(UInt32.max) - generations.count else {
            throw ECSError(.capacity, "entity index space exhausted (\(UInt32.max) slots)")
        }
        let firstIndex = generations.count
        generations.append(contentsOf: repeatElement(0, count: fresh))
        locations.append(contentsOf: repeatElement(.dead, count: fresh))
        for index in firstIndex..<(firstIndex + fresh) { spawned.append(Entity(index: UInt32(index), generation: 0)) }
        let first = table.claimRows(count)
        for (offset, entity) in spawned.enumerated() {
            table.entities[first + offset] = entity
            setLocation(entity, table: table.index, row: first + offset)
        }
        table.structuralVersion = nextVersion()
        diagnostics.count(.spawned, by: count)
        return (table, first, spawned)
    }

    /// The table and column order for a bundle of component types, cached per bundle type.
    @inlinable
    func bundle<each C>(_ types: repeat (each C).Type) throws(ECSError) -> SpawnBundle {
        let key = ObjectIdentifier((repeat each C).self)
        if let last = storage.pointee.lastBundle, last.key == key { return last.bundle }
        let bundle = try resolveBundle(key, repeat each types)
        storage.pointee.lastBundle = (key, bundle)
        return bundle
    }

    @usableFromInline
    func resolveBundle<each C>(_ key: ObjectIdentifier, _ types: repeat (each C).Type) throws(ECSError) -> SpawnBundle {
        if let bundle = storage.pointee.bundles[key] { return bundle }
        var ids: [ComponentID] = []
        for type in repeat each types { ids.append(componentID(for: type)) }
        let signature = ids.sorted()
        guard Set(signature).count == signature.count else {
            throw ECSError(.invalidArgument, "a spawn bundle names the same component type twice: \((repeat each C).self)")
        }
        let table = table(for: signature)
        let bundle = SpawnBundle(table: table.index, columns: ids.map { table.columnIndex(of: $0)! })
        storage.pointee.bundles[key] = bundle
        return bundle
    }
}

extension Table {
    /// Initialises `rows` of `column` with copies of `value`.
    @inlinable
    func fill<C>(_ value: C, column: Int, rows: Range<Int>) {
        let start = columns[column].pointer(at: rows.lowerBound)
        start.assumingMemoryBound(to: C.self).initialize(to: value)
        guard _isPOD(C.self) else {
            (start.assumingMemoryBound(to: C.self) + 1).initialize(repeating: value, count: rows.count - 1)
            return
        }
        let stride = MemoryLayout<C>.stride
        var filled = 1
        while filled < rows.count {
            let copy = Swift.min(filled, rows.count - filled)
            (start + filled * stride).copyMemory(from: start, byteCount: copy * stride)
            filled += copy
        }
    }

    /// Initialises the value of `column` at `row`.
    @inlinable
    func initialize<C>(_ value: C, column: Int, row: Int) {
        columns[column].pointer(at: row).assumingMemoryBound(to: C.self).initialize(to: value)
    }
}
