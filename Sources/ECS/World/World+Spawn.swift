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
        try checkStructuralChange()
        let bundle = try self.bundle(repeat (each C).self)
        let (table, entity, row) = try claimSpawnRow(bundle)
        withUnsafeTemporaryAllocation(of: (repeat each C).self, capacity: 1) { values in
            values.baseAddress!.initialize(to: (repeat each components))
            table.pointee.initializeRow(row, movingFrom: UnsafeMutableRawPointer(values.baseAddress!), bundle)
        }
        return entity
    }

    /// Allocates an entity and its row in the bundle's table, and stamps the table; the caller
    /// has checked that structural changes are allowed and initialises the row's values.
    @usableFromInline
    func claimSpawnRow(_ bundle: SpawnBundle) throws(ECSError) -> (UnsafeMutablePointer<TableStorage>, Entity, Int) {
        let table = tableStorage(bundle.table)
        let entity = try allocateEntity()
        let row = table.pointee.claimRow(for: entity)
        setLocation(entity, table: table, row: row)
        table.pointee.structuralVersion = nextStructuralVersion()
        diagnostics.countExclusive(.spawned)
        return (table, entity, row)
    }

    /// Spawns `count` entities at once; `make(i)` gives the components of the `i`-th.
    ///
    /// Storage is reserved once and ids are allocated in bulk, which makes this several
    /// times faster than spawning one by one. `make` runs while the new rows are claimed but
    /// not yet filled, so structural changes inside it are rejected.
    /// - Returns: The new entities, in `make` order.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a negative count or a
    ///   repeated component type, and the errors of ``spawn(_:)``. A structural change inside
    ///   `make` throws ``ECSError/Code-swift.enum/reentrantStructuralChange`` to `make` itself.
    @inlinable
    @discardableResult
    public func spawn<each C>(count: Int, _ make: (Int) -> (repeat each C)) throws(ECSError) -> [Entity] {
        try checkStructuralChange()
        let bundle = try self.bundle(repeat (each C).self)
        let (table, first, spawned) = try claimSpawnRows(bundle, count: count)
        withCallbackGuard { () -> Void in
            withUnsafeTemporaryAllocation(of: (repeat each C).self, capacity: 1) { values in
                guard let slot = values.baseAddress else { return }
                for i in 0..<count {
                    slot.initialize(to: make(i))
                    table.pointee.initializeRow(first &+ i, movingFrom: UnsafeMutableRawPointer(slot), bundle)
                }
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
        try checkStructuralChange()
        let bundle = try self.bundle(repeat (each C).self)
        let (table, first, spawned) = try claimSpawnRows(bundle, count: count)
        guard count > 0 else { return spawned }
        var elements = bundle.elements.makeIterator()
        repeat table.pointee.fill(each components, column: elements.next()!.column, rows: first..<(first + count))
        return spawned
    }

    /// Allocates `count` entities and their rows (placed and stamped); the caller has checked
    /// that structural changes are allowed and initialises the values. Returns the table, the first row and the entities.
    @usableFromInline
    func claimSpawnRows(_ bundle: SpawnBundle, count: Int) throws(ECSError) -> (UnsafeMutablePointer<TableStorage>, Int, [Entity]) {
        guard count >= 0 else { throw ECSError(.invalidArgument, "spawn count must not be negative (got \(count))") }
        let table = tableStorage(bundle.table)
        guard count <= TableStorage.maximumRows - table.pointee.aliveCount else {
            throw ECSError(.capacity, "spawning \(count) entities exceeds the table limit of \(TableStorage.maximumRows) rows")
        }
        var spawned = [Entity]()
        spawned.reserveCapacity(count)
        let reused = Swift.min(count, freeIndices.count)
        for _ in 0..<reused { spawned.append(try allocateEntity()) }
        let fresh = count - reused
        guard fresh <= Int(UInt32.max) - slots.count else {
            throw ECSError(.capacity, "entity index space exhausted (\(UInt32.max) slots)")
        }
        let firstIndex = slots.append(fresh)
        for index in firstIndex..<(firstIndex + fresh) { spawned.append(Entity(index: UInt32(index), generation: 0)) }
        let first = table.pointee.claimRows(count)
        for (offset, entity) in spawned.enumerated() {
            table.pointee.entities[first + offset] = entity
            setLocation(entity, table: table, row: first + offset)
        }
        table.pointee.structuralVersion = nextStructuralVersion()
        diagnostics.countExclusive(.spawned, by: count)
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
        var layouts: [(size: Int, alignment: Int)] = []
        func add<T>(_ type: T.Type) throws(ECSError) {
            ids.append(try componentID(for: type))
            layouts.append((MemoryLayout<T>.size, MemoryLayout<T>.alignment))
        }
        repeat try add(each types)
        let signature = ids.sorted()
        guard Set(signature).count == signature.count else {
            throw ECSError(.invalidArgument, "a spawn bundle names the same component type twice: \((repeat each C).self)")
        }
        let table = tableStorage(table(for: signature))
        let offsets = SpawnBundle.tupleOffsets(layouts)
        let bundle = SpawnBundle(table: table.pointee.index, elements: ids.indices.map {
            SpawnBundle.Element(column: table.pointee.columnIndex(of: ids[$0])!, offset: offsets[$0])
        })
        storage.pointee.bundles[key] = bundle
        return bundle
    }
}

extension TableStorage {
    /// Initialises `row` by moving the bundle's values out of the tuple at `values`, which is
    /// left uninitialised.
    @usableFromInline
    func initializeRow(_ row: Int, movingFrom values: UnsafeMutableRawPointer, _ bundle: SpawnBundle) {
        for element in bundle.elements {
            columns[element.column].initialize(row: row, movingFrom: values + element.offset)
        }
    }

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
}
