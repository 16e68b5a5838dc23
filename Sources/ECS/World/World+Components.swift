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
        return location.table.pointee.columnIndex(of: id) != nil
    }

    /// Replaces the existing `C` component of `entity` and bumps that column's version.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` or
    ///   ``ECSError/Code-swift.enum/missingComponent`` (use ``insert(_:into:)`` to add).
    @inlinable
    public func set<C>(_ value: C, of entity: Entity) throws(ECSError) {
        try pointer(to: C.self, of: entity, writing: true).pointee = value
    }

    /// Mutates the `C` component of `entity` in place and bumps that column's version.
    ///
    /// `body` works on the stored value, so structural changes (spawn, destroy, insert,
    /// remove, apply) inside it are rejected.
    /// - Throws: The errors of ``set(_:of:)``,
    ///   ``ECSError/Code-swift.enum/reentrantStructuralChange`` for a structural change inside
    ///   `body`, and whatever `body` throws.
    @inlinable
    public func modify<C, R>(_ type: C.Type, of entity: Entity, _ body: (inout C) throws -> R) throws -> R {
        let value = try pointer(to: C.self, of: entity, writing: true)
        return try withCallbackGuard { () throws -> R in try body(&value.pointee) }
    }

    /// The address of `entity`'s `C` value; `writing` bumps the column version. In debug
    /// builds the access is checked against the running system's declaration.
    @usableFromInline
    func pointer<C>(to type: C.Type, of entity: Entity, writing: Bool = false) throws(ECSError) -> UnsafeMutablePointer<C> {
        #if DEBUG
        try RunningSystem.current(in: self)?.check(C.self, writing: writing)
        #endif
        let location = try self.location(of: entity)
        let table = location.table
        guard let id = componentID(ObjectIdentifier(C.self)), let column = table.pointee.columnIndex(of: id) else {
            throw ECSError.missing(C.self, on: entity)
        }
        if writing { table.pointee.columns[column].version = nextVersion() }
        return table.pointee.columns[column].pointer(at: location.row).assumingMemoryBound(to: C.self)
    }

    /// Adds a `C` component to `entity`, moving it to the table of its new component set; if it
    /// already has one, the value is replaced in place.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable @inline(__always)
    public func insert<C>(_ value: C, into entity: Entity) throws(ECSError) {
        let (slot, replacing) = try prepareInsert(componentID(for: C.self), into: entity)
        let typed = slot.assumingMemoryBound(to: C.self)
        if replacing { typed.pointee = value } else { typed.initialize(to: value) }
    }

    /// Finds or makes the slot for component `id` of `entity`: its address, and whether it
    /// holds a value already (otherwise it is uninitialised). Registering `id` needed no check:
    /// registration itself is rejected while loops or systems run.
    @inlinable @inline(__always)
    func prepareInsert(_ id: ComponentID, into entity: Entity) throws(ECSError) -> (UnsafeMutableRawPointer, Bool) {
        try checkStructuralChange()
        let location = try self.location(of: entity)
        let source = location.table
        let edge: TableEdge
        if let known = source.pointee.edge(id, adding: true) {
            edge = known
        } else if let column = source.pointee.columnIndex(of: id) {
            source.pointee.columns[column].version = nextStructuralVersion()
            return (source.pointee.columns[column].pointer(at: location.row), true)
        } else {
            edge = self.edge(from: source, adding: true, id)
        }
        let row = move(entity, from: source, row: location.row, along: edge)
        return (edge.target.pointee.columns[edge.column].pointer(at: row), false)
    }

    /// Removes the `C` component of `entity`, moving it to the table of its new component set.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/missingComponent``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable @inline(__always)
    public func remove<C>(_ type: C.Type, from entity: Entity) throws(ECSError) {
        try checkStructuralChange()
        let location = try self.location(of: entity)
        let source = location.table
        guard let id = componentID(ObjectIdentifier(C.self)),
              let edge = source.pointee.edge(id, adding: false) ?? removalEdge(from: source, id) else {
            throw .missing(type, on: entity)
        }
        _ = move(entity, from: source, row: location.row, along: edge)
    }

    /// The edge that removes `id` from `table`, created on first use; nil if the table lacks it.
    @usableFromInline
    func removalEdge(from table: UnsafeMutablePointer<TableStorage>, _ id: ComponentID) -> TableEdge? {
        table.pointee.columnIndex(of: id) != nil ? edge(from: table, adding: false, id) : nil
    }

    /// Moves a live row along a table edge: shared components move, a removed component is
    /// dropped, an added component is left uninitialised for the caller. Returns the row in
    /// the target table.
    @inlinable @inline(__always)
    func move(_ entity: Entity, from source: UnsafeMutablePointer<TableStorage>, row: Int, along edge: TableEdge) -> Int {
        let target = edge.target
        let newRow = target.pointee.claimRow(for: entity)
        if let moved = source.pointee.moveRow(row, along: edge, to: newRow) {
            setLocation(moved, table: source, row: row)
        }
        setLocation(entity, table: target, row: newRow)
        let version = nextStructuralVersion()
        source.pointee.structuralVersion = version
        target.pointee.structuralVersion = version
        return newRow
    }
}
