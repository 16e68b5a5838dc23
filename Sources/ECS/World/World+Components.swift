import Synchronization

extension World {
    /// The `C` component of `entity`.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` or
    ///   ``ECSError/Code-swift.enum/missingComponent``.
    @inlinable
    public func get<C>(_ type: C.Type, of entity: Entity) throws(ECSError) -> C {
        // SAFETY: the pointer addresses the live entity's initialised value, read at once.
        try unsafe pointer(to: C.self, of: entity).pointee
    }

    /// Whether the live `entity` has a `C` component (false for a stale entity).
    public func has<C>(_ type: C.Type, _ entity: Entity) -> Bool {
        guard let location = try? location(of: entity), let id = componentID(ObjectIdentifier(C.self)) else {
            return false
        }
        // SAFETY: a live entity's table storage, and the world's sparse sets, are valid while
        // the world lives.
        if let set = unsafe sparseSet(id) { return unsafe set.pointee.denseIndex(of: entity) != nil }
        return unsafe location.table.pointee.columnIndex(of: id) != nil
    }

    /// Replaces the existing `C` component of `entity` and bumps that column's version.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` or
    ///   ``ECSError/Code-swift.enum/missingComponent`` (use `insert(_:into:)` to add).
    @inlinable
    public func set<C>(_ value: C, of entity: Entity) throws(ECSError) {
        // SAFETY: the pointer addresses the live entity's initialised value, assigned at once.
        try unsafe pointer(to: C.self, of: entity, writing: true).pointee = value
        if isObserved { try observeSet(value, of: entity) }
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
        // A query loop inside `body` would fill a destroy's pending row, which may move the
        // entity: fill it before taking the address.
        fillPendingHole()
        let value = try unsafe pointer(to: C.self, of: entity, writing: true)
        // SAFETY: the value stays at its address while `body` runs, because the callback guard
        // rejects every structural change until it returns.
        return try withCallbackGuard { () throws -> R in try unsafe body(&value.pointee) }
    }

    /// The address of `entity`'s `C` value; `writing` bumps the column version. In debug
    /// builds the access is checked against the running system's declaration. The address is
    /// valid until the next structural change.
    @usableFromInline
    func pointer<C>(to type: C.Type, of entity: Entity, writing: Bool = false) throws(ECSError) -> UnsafeMutablePointer<C> {
        #if DEBUG
        try RunningSystem.current(in: self)?.check(C.self, writing: writing)
        #endif
        let location = try self.location(of: entity)
        // SAFETY: a live entity's table storage is valid while the world lives; `column` is its
        // column of `C` and `location.row` the entity's live, initialised row.
        let table = unsafe location.table
        guard let id = componentID(ObjectIdentifier(C.self)) else { throw ECSError.missing(C.self, on: entity) }
        guard let column = unsafe table.pointee.columnIndex(of: id) else {
            guard let set = unsafe sparseSet(id) else { throw ECSError.missing(C.self, on: entity) }
            return try unsafe sparsePointer(to: C.self, in: set, of: entity, writing: writing)
        }
        if writing { unsafe table.pointee.columns[column].version = nextVersion() }
        return unsafe table.pointee.columns[column].element(at: location.row).assumingMemoryBound(to: C.self)
    }

    /// Adds a `C` component to `entity`, moving it to the table of its new component set; if it
    /// already has one, the value is replaced in place.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable @inline(__always)
    public func insert<C>(_ value: C, into entity: Entity) throws(ECSError) {
        let id = try componentID(for: C.self)
        let state = iterations.load(ordering: .relaxed)
        if state != 0 { return try insert(value, id, into: entity, slowPath: state) }
        let (slot, replacing) = try unsafe prepareInsert(id, into: entity, flags: 0)
        // SAFETY: `slot` is the entity's row in its column of `C`, initialised exactly when
        // replacing.
        unsafe Self.store(value, at: slot, replacing: replacing)
    }

    /// ``insert(_:into:)`` of component `id` when the iteration state is not zero: the
    /// structural check's slow path (which fills a destroy's pending row, or throws), then the
    /// insert, with its added ticks kept when additions are tracked, observed when observers
    /// are registered. Inlinable, so that it is specialised for `C`; out of line, so that the
    /// common path keeps nothing alive across this call.
    @inlinable @inline(never)
    func insert<C>(_ value: C, _ id: ComponentID, into entity: Entity, slowPath state: Int) throws(ECSError) {
        try checkFlaggedStructuralChange(state)
        let (slot, replacing) = try unsafe prepareInsert(id, into: entity, flags: Self.lastingFlags(state))
        // SAFETY: as in ``insert(_:into:)``.
        unsafe Self.store(value, at: slot, replacing: replacing)
        guard state & Self.observedBit != 0 else { return }
        // SAFETY: `slot` holds the value just stored; callbacks cannot move it.
        unsafe fire(C.self, replacing ? .set : .add, id, entity, at: slot)
        try settleObservers()
    }

    /// Writes `value` into the `C` slot `slot`: an assignment when `replacing` (the slot holds
    /// a value), an initialisation otherwise.
    @unsafe @inlinable @inline(__always)
    static func store<C>(_ value: C, at slot: UnsafeMutableRawPointer, replacing: Bool) {
        // SAFETY: the caller passes a `C` slot that is initialised exactly when `replacing`.
        let typed = unsafe slot.assumingMemoryBound(to: C.self)
        if replacing { unsafe typed.pointee = value } else { unsafe typed.initialize(to: value) }
    }

    /// Finds or makes the slot for component `id` of `entity`: its address, and whether it
    /// holds a value already (otherwise it is uninitialised). The caller has checked that the
    /// change is allowed; registering `id` needed no check: registration itself is rejected
    /// while loops or systems run. A sparse-set component goes to its set and moves no row.
    /// `flags` are the iteration state's lasting flags (``lastingFlags(_:)``), 0 on the fast path.
    @inlinable @inline(__always)
    func prepareInsert(_ id: ComponentID, into entity: Entity, flags: Int) throws(ECSError) -> (UnsafeMutableRawPointer, Bool) {
        let location = try self.location(of: entity)
        // SAFETY: the entity's table and the edge's target are storages of this world, valid
        // while it lives; `location.row` is the entity's live row and `row` its claimed row in
        // the target, and `edge.column` is the target's column of `id`.
        let source = unsafe location.table
        guard let edge = unsafe source.pointee.edge(id, adding: true) else {
            return unsafe prepareInsertWithoutEdge(id, into: entity, at: location)
        }
        let row = unsafe move(entity, from: source, row: location.row, along: edge, flags: flags)
        return unsafe (edge.target.pointee.columns[edge.column].element(at: row), false)
    }

    /// ``prepareInsert(_:into:flags:)`` when the entity's table has no cached add edge for `id`: a
    /// sparse-set component, or see ``prepareTableInsertWithoutEdge(_:into:at:)``. Out of
    /// line, so that the cached edge path stays small, and small itself, so that a sparse add
    /// pays little for the call. `location` is the live entity's.
    @unsafe @usableFromInline @inline(never)
    func prepareInsertWithoutEdge(_ id: ComponentID, into entity: Entity, at location: EntityLocation) -> (UnsafeMutableRawPointer, Bool) {
        // SAFETY: as in ``prepareInsert(_:into:flags:)``.
        if let set = unsafe sparseSet(id) { return unsafe prepareSparseInsert(set, entity) }
        return unsafe prepareTableInsertWithoutEdge(id, into: entity, at: location)
    }

    /// ``prepareInsert(_:into:flags:)`` of a table component without a cached add edge: a component
    /// the table holds already (replaced in place), or the first add of `id` from this table
    /// (the edge is made).
    @unsafe @usableFromInline @inline(never)
    func prepareTableInsertWithoutEdge(_ id: ComponentID, into entity: Entity, at location: EntityLocation) -> (UnsafeMutableRawPointer, Bool) {
        // SAFETY: as in ``prepareInsert(_:into:flags:)``.
        let source = unsafe location.table
        if let column = unsafe source.pointee.columnIndex(of: id) {
            unsafe source.pointee.columns[column].version = nextStructuralVersion()
            return unsafe (source.pointee.columns[column].element(at: location.row), true)
        }
        let edge = unsafe self.edge(from: source, adding: true, id)
        let row = unsafe move(entity, from: source, row: location.row, along: edge, flags: lastingFlags)
        return unsafe (edge.target.pointee.columns[edge.column].element(at: row), false)
    }

    /// Removes the `C` component of `entity`, moving it to the table of its new component set
    /// (or, for a sparse-set component, taking it out of its set without moving a row).
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/missingComponent``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable @inline(__always)
    public func remove<C>(_ type: C.Type, from entity: Entity) throws(ECSError) {
        try removeComponent(C.self, from: entity)
    }

    /// ``remove(_:from:)`` for any component type, sparse or not, found through the entity's
    /// table: the body of the unconstrained overload, which the ``StorageDeclaring`` overload
    /// reuses for table components.
    @inlinable @inline(__always)
    func removeComponent<C>(_ type: C.Type, from entity: Entity) throws(ECSError) {
        let state = iterations.load(ordering: .relaxed)
        if state != 0 { return try removeComponent(C.self, from: entity, slowPath: state) }
        try removeComponentAllowed(C.self, from: entity, flags: 0)
    }

    /// ``removeComponent(_:from:)`` when the iteration state is not zero: the structural
    /// check's slow path, then the removal, observed when observers are registered. Inlinable,
    /// so that it is specialised for `C`; out of line, as ``insert(_:_:into:slowPath:)``.
    @inlinable @inline(never)
    func removeComponent<C>(_ type: C.Type, from entity: Entity, slowPath state: Int) throws(ECSError) {
        try checkFlaggedStructuralChange(state)
        try removeComponentAllowed(C.self, from: entity, flags: Self.lastingFlags(state))
    }

    /// The observed ``removeComponentAllowed(_:from:flags:)`` of component `id` (of type `C`)
    /// when the entity's table has no cached remove edge for it: a sparse-set component, or the
    /// first removal of `id` from this table. The callbacks see the value where it is stored;
    /// then the removal, and the recorded commands settle.
    /// - Throws: ``ECSError/Code-swift.enum/missingComponent``, and the errors of the settled
    ///   commands.
    @inlinable @inline(never)
    func removeObservedWithoutEdge<C>(_ type: C.Type, _ id: ComponentID, from entity: Entity, flags: Int) throws(ECSError) {
        try observeRemoval(of: id, from: entity)
        try removeComponentAllowed(C.self, from: entity, flags: flags & ~Self.observedBit)
        try settleObservers()
    }

    /// The body of ``removeComponent(_:from:)`` once the change is known to be allowed, with
    /// the iteration state's lasting flags `flags` (0 on the fast path, where the observed code
    /// folds away). Observed (``observedBit`` in `flags`): the callbacks see the value in place,
    /// then the row moves (they cannot change the structure, so it stays where it was), then
    /// their recorded commands settle.
    @inlinable @inline(__always)
    func removeComponentAllowed<C>(_ type: C.Type, from entity: Entity, flags: Int) throws(ECSError) {
        let isObserved = flags & Self.observedBit != 0
        let location = try self.location(of: entity)
        // SAFETY: the entity's table storage is valid while the world lives and `location.row`
        // is its live row. A table has a cached remove edge for `id` only when it holds `id`,
        // and the edge's column is the source's column of `id`. The callbacks run under the
        // callback guard, so the row and its value stay in place until the move.
        let source = unsafe location.table
        guard let id = componentID(ObjectIdentifier(C.self)) else { throw .missing(type, on: entity) }
        guard let edge = unsafe source.pointee.edge(id, adding: false) else {
            if isObserved { return try removeObservedWithoutEdge(C.self, id, from: entity, flags: flags) }
            return try unsafe removeWithoutEdge(C.self, id, from: entity, at: location)
        }
        if isObserved {
            unsafe fire(C.self, .remove, id, entity, at: source.pointee.columns[edge.column].element(at: location.row))
        }
        _ = unsafe move(entity, from: source, row: location.row, along: edge, flags: flags)
        if isObserved { try settleObservers() }
    }

    /// ``remove(_:from:)`` when the entity's table has no cached remove edge for `id` (of type
    /// `C`): a sparse-set component, or the first removal of `id` from this table (the edge is
    /// made). Out of line, so that the cached edge path stays small; inlinable, so that the
    /// sparse removal is specialised for `C`. `location` is the live entity's.
    /// - Throws: ``ECSError/Code-swift.enum/missingComponent``.
    @unsafe @inlinable @inline(never)
    func removeWithoutEdge<C>(_ type: C.Type, _ id: ComponentID, from entity: Entity, at location: EntityLocation) throws(ECSError) {
        // SAFETY: as in ``remove(_:from:)``.
        if let set = unsafe sparseSet(id) { return try unsafe removeSparse(C.self, set, entity) }
        try unsafe removeFromTableWithoutEdge(type, id, from: entity, at: location)
    }

    /// ``remove(_:from:)`` of a table component without a cached remove edge: the first
    /// removal of `id` from this table (the edge is made).
    /// - Throws: ``ECSError/Code-swift.enum/missingComponent``.
    @unsafe @usableFromInline @inline(never)
    func removeFromTableWithoutEdge(_ type: Any.Type, _ id: ComponentID, from entity: Entity, at location: EntityLocation) throws(ECSError) {
        // SAFETY: as in ``remove(_:from:)``.
        let source = unsafe location.table
        guard unsafe source.pointee.columnIndex(of: id) != nil else { throw .missing(type, on: entity) }
        _ = unsafe move(entity, from: source, row: location.row, along: edge(from: source, adding: false, id), flags: lastingFlags)
    }

    /// Moves a live row along a table edge: shared components move, a removed component is
    /// dropped, an added component is left uninitialised for the caller. Returns the row in
    /// the target table. `row` must be the live row of `entity` in `source`, and `edge` an
    /// edge of `source`. With ``additionsTrackedBit`` in `flags` the row's added ticks move
    /// along and an added component is stamped with the change's version.
    @unsafe @inlinable @inline(__always)
    func move(_ entity: Entity, from source: UnsafeMutablePointer<TableStorage>, row: Int, along edge: TableEdge, flags: Int) -> Int {
        // SAFETY: both storages belong to this world; the caller passes the entity's live row
        // and an edge of `source`, and `newRow` is claimed in the target just before the move.
        let target = unsafe edge.target
        let newRow = unsafe target.pointee.claimRow(for: entity)
        let version = nextStructuralVersion()
        if flags & Self.additionsTrackedBit != 0 {
            unsafe source.pointee.moveAddedTicks(row, along: edge, to: newRow, version: version)
        }
        if let moved = unsafe source.pointee.moveRow(row, along: edge, to: newRow) {
            unsafe setLocation(moved, table: source, row: row)
        }
        unsafe setLocation(entity, table: target, row: newRow)
        unsafe source.pointee.structuralVersion = version
        unsafe target.pointee.structuralVersion = version
        return newRow
    }
}
