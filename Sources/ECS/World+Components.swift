extension World {
    /// The `C` component of `entity`.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` or
    ///   ``ECSError/Code-swift.enum/missingComponent``.
    @inlinable
    public func get<C>(_ type: C.Type, of entity: Entity) throws(ECSError) -> C {
        try pointer(to: C.self, of: entity).pointee
    }

    /// Whether the live `entity` has a `C` component (false for a stale entity).
    public func has<C>(_ type: C.Type, _ entity: Entity) -> Bool {
        guard let location = try? location(of: entity), let id = componentID(ObjectIdentifier(C.self)) else {
            return false
        }
        return tables[Int(location.table)].columnIndex(of: id) != nil
    }

    /// Replaces the existing `C` component of `entity` and bumps that column's version.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` or
    ///   ``ECSError/Code-swift.enum/missingComponent`` (use ``insert(_:into:)`` to add).
    @inlinable
    public func set<C>(_ value: C, of entity: Entity) throws(ECSError) {
        try pointer(to: C.self, of: entity, writing: true).pointee = value
    }

    /// Mutates the `C` component of `entity` in place and bumps that column's version.
    /// - Throws: The errors of ``set(_:of:)`` and whatever `body` throws.
    @inlinable
    public func modify<C, R>(_ type: C.Type, of entity: Entity, _ body: (inout C) throws -> R) throws -> R {
        try body(&pointer(to: C.self, of: entity, writing: true).pointee)
    }

    /// The address of `entity`'s `C` value; `writing` bumps the column version.
    @usableFromInline
    func pointer<C>(to type: C.Type, of entity: Entity, writing: Bool = false) throws(ECSError) -> UnsafeMutablePointer<C> {
        let location = try self.location(of: entity)
        let table = tables[Int(location.table)]
        guard let id = componentID(ObjectIdentifier(C.self)), let column = table.columnIndex(of: id) else {
            throw ECSError.missing(C.self, on: entity)
        }
        if writing { table.columns[column].version = nextVersion() }
        return table.columns[column].pointer(at: Int(location.row)).assumingMemoryBound(to: C.self)
    }

    /// Adds a `C` component to `entity`, moving it to the table of its new component set; if it
    /// already has one, the value is replaced in place.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable
    public func insert<C>(_ value: C, into entity: Entity) throws(ECSError) {
        let (table, row, column, replacing) = try prepareInsert(componentID(for: C.self), into: entity)
        let slot = table.columns[column].pointer(at: row).assumingMemoryBound(to: C.self)
        if replacing { slot.pointee = value } else { slot.initialize(to: value) }
    }

    /// Finds or makes the slot for component `id` of `entity`: the table, row and column, and
    /// whether the slot holds a value already (otherwise it is uninitialised).
    @usableFromInline
    func prepareInsert(_ id: ComponentID, into entity: Entity) throws(ECSError) -> (Table, Int, Int, Bool) {
        try checkStructuralChange()
        let location = try self.location(of: entity)
        let source = tables[Int(location.table)]
        if let column = source.columnIndex(of: id) {
            source.columns[column].version = nextVersion()
            return (source, Int(location.row), column, true)
        }
        let target = neighbour(of: source, adding: id)
        let row = move(entity, from: source, row: Int(location.row), to: target)
        return (target, row, target.columnIndex(of: id)!, false)
    }

    /// Removes the `C` component of `entity`, moving it to the table of its new component set.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/missingComponent``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable
    public func remove<C>(_ type: C.Type, from entity: Entity) throws(ECSError) {
        try remove(componentID(ObjectIdentifier(C.self)), of: C.self, from: entity)
    }

    @usableFromInline
    func remove(_ id: ComponentID?, of type: Any.Type, from entity: Entity) throws(ECSError) {
        try checkStructuralChange()
        let location = try self.location(of: entity)
        let source = tables[Int(location.table)]
        guard let id, source.columnIndex(of: id) != nil else {
            throw ECSError(.missingComponent, "entity \(entity) has no \(type) component")
        }
        _ = move(entity, from: source, row: Int(location.row), to: neighbour(of: source, removing: id))
    }

    /// Moves a live row to another table: shared components move, components the target lacks
    /// are dropped; a component only the target has is left uninitialised for the caller.
    /// Returns the row in `target`.
    private func move(_ entity: Entity, from source: Table, row: Int, to target: Table) -> Int {
        let newRow = target.claimRow(for: entity)
        var targetColumn = 0
        for (sourceColumn, id) in source.componentIDs.enumerated() {
            while targetColumn < target.componentIDs.count && target.componentIDs[targetColumn] < id {
                targetColumn += 1
            }
            let column = source.columns[sourceColumn]
            if targetColumn < target.componentIDs.count && target.componentIDs[targetColumn] == id {
                column.type.move(to: target.columns[targetColumn].pointer(at: newRow), from: column.pointer(at: row), count: 1)
            } else if !column.type.isTrivial {
                column.type.deinitialize(column.pointer(at: row), 1)
            }
        }
        if let moved = source.removeVacatedRow(row) {
            setLocation(moved, table: source.index, row: row)
        }
        setLocation(entity, table: target.index, row: newRow)
        let version = nextVersion()
        source.structuralVersion = version
        target.structuralVersion = version
        return newRow
    }
}
