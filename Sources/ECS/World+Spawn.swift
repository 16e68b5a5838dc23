extension World {
    /// Spawns one entity with the given components (each of a different type).
    ///
    /// ```swift
    /// let ship = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 0))
    /// ```
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a repeated component type,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a query loop,
    ///   ``ECSError/Code-swift.enum/capacity`` when the entity space is exhausted.
    @discardableResult
    public func spawn<each C>(_ components: repeat each C) throws(ECSError) -> Entity {
        try checkStructuralChange()
        let bundle = try self.bundle(repeat (each C).self)
        let table = tables[bundle.table]
        let entity = try allocateEntity()
        let row = table.claimRow(for: entity)
        var element = 0
        for value in repeat each components {
            table.initialize(value, column: bundle.columns[element], row: row)
            element += 1
        }
        setLocation(entity, table: table.index, row: row)
        table.structuralVersion = nextVersion()
        diagnostics.count(.spawned)
        return entity
    }

    /// Spawns `count` entities at once; `make(i)` gives the components of the `i`-th.
    ///
    /// Storage is reserved once and ids are allocated in bulk, which makes this several
    /// times faster than spawning one by one.
    /// - Returns: The new entities, in `make` order.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a negative count or a
    ///   repeated component type, and the errors of ``spawn(_:)``.
    @discardableResult
    public func spawn<each C>(count: Int, _ make: (Int) -> (repeat each C)) throws(ECSError) -> [Entity] {
        try checkStructuralChange()
        guard count >= 0 else { throw ECSError(.invalidArgument, "spawn count must not be negative (got \(count))") }
        guard count <= Table.maximumRows else {
            throw ECSError(.capacity, "spawn count \(count) exceeds the table limit of \(Table.maximumRows) rows")
        }
        let bundle = try self.bundle(repeat (each C).self)
        let table = tables[bundle.table]
        var spawned = [Entity]()
        spawned.reserveCapacity(count)
        for _ in 0..<count { spawned.append(try allocateEntity()) }
        let first = table.claimRows(count)
        for i in 0..<count {
            let row = first + i
            let values = make(i)
            var element = 0
            for value in repeat each values {
                table.initialize(value, column: bundle.columns[element], row: row)
                element += 1
            }
            table.entities[row] = spawned[i]
            setLocation(spawned[i], table: table.index, row: row)
        }
        table.structuralVersion = nextVersion()
        diagnostics.count(.spawned, by: count)
        return spawned
    }

    /// The table and column order for a bundle of component types, cached per bundle type.
    func bundle<each C>(_ types: repeat (each C).Type) throws(ECSError) -> SpawnBundle {
        let key = ObjectIdentifier((repeat each C).self)
        if let bundle = bundles[key] { return bundle }
        var ids: [ComponentID] = []
        for type in repeat each types { ids.append(componentID(for: type)) }
        let signature = ids.sorted()
        guard Set(signature).count == signature.count else {
            throw ECSError(.invalidArgument, "a spawn bundle names the same component type twice: \((repeat each C).self)")
        }
        let table = table(for: signature)
        let bundle = SpawnBundle(table: table.index, columns: ids.map { table.columnIndex(of: $0)! })
        bundles[key] = bundle
        return bundle
    }
}

extension Table {
    /// Initialises the value of `column` at `row`.
    @inlinable
    func initialize<C>(_ value: C, column: Int, row: Int) {
        columns[column].pointer(at: row).assumingMemoryBound(to: C.self).initialize(to: value)
    }
}
