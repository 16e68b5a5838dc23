import Synchronization

extension World {
    /// Spawns one entity with the given components (each of a different type).
    ///
    /// ```swift
    /// let ship = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 0))
    /// ```
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a repeated component type,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a query loop,
    ///   ``ECSError/Code-swift.enum/capacity`` when the entity space is exhausted.
    ///
    /// Inlined into the caller, so that the components reach the row from registers: passed
    /// to an outlined spawn they would be read back from the caller's stack, and a component
    /// the caller wrote field by field and the spawn read whole cannot be forwarded from the
    /// store buffer, which stalls the spawn until every older store (the cache-missing ones of
    /// a destroy before it included) has reached the cache. The slow paths stay outlined.
    @inlinable @inline(__always)
    @discardableResult
    public func spawn<each C>(_ components: repeat each C) throws(ECSError) -> Entity {
        let state = iterations.load(ordering: .relaxed)
        if _slowPath(state != 0 && state != Self.pendingHoleBit) { return try spawn(slowPath: state, repeat each components) }
        return try spawnAllowed(flags: 0, repeat each components)
    }

    /// ``spawn(_:)`` when the iteration state holds more than a pending row: throws inside a
    /// loop or callback, and otherwise spawns (stamping the row's added ticks when additions
    /// are tracked) and fires the observers of the new components.
    @inlinable @inline(never)
    func spawn<each C>(slowPath state: Int, _ components: repeat each C) throws(ECSError) -> Entity {
        let busy = state & ~Self.flagBits
        guard busy == 0 else { throw structuralChangeError(busy) }
        let entity = try spawnAllowed(flags: Self.lastingFlags(state), repeat each components)
        if state & Self.observedBit != 0 { try observeSpawned([entity], repeat (each C).self) }
        return entity
    }

    /// The body of ``spawn(_:)`` once the change is known to be allowed, with the iteration
    /// state's lasting flags `flags` (``lastingFlags(_:)``; 0 on the fast path).
    @inlinable @inline(__always)
    func spawnAllowed<each C>(flags: Int, _ components: repeat each C) throws(ECSError) -> Entity {
        let bundle = try self.bundle(repeat (each C).self)
        if unsafe bundle.elements.count != Self.count(repeat (each C).self) {
            return try spawnWithSparse(bundle, flags: flags, repeat each components)
        }
        let entity = try allocateEntity()
        // SAFETY: the temporary holds one tuple (its base address is never nil for a capacity
        // of 1); it is initialised, then moved out whole into the claimed, uninitialised row
        // of the bundle's table, which the bundle's column offsets describe.
        unsafe withUnsafeTemporaryAllocation(of: (repeat each C).self, capacity: 1) { values in
            let slot = unsafe values.baseAddress.unsafelyUnwrapped
            unsafe slot.initialize(to: (repeat each components))
            let row = placeSpawned(entity, bundle, flags: flags)
            unsafe bundle.initializeRow(row, movingFrom: UnsafeMutableRawPointer(slot))
        }
        return entity
    }

    /// ``spawn(_:)`` of a bundle with sparse-set components: the table components go to the
    /// bundle's table, the others to their sets. Kept apart so that table-only spawns do not
    /// carry the sparse step, and inlinable so that it is specialised for the bundle: a
    /// table-only spawn then keeps no type metadata alive for a call it does not make.
    @inlinable @inline(never)
    func spawnWithSparse<each C>(_ bundle: SpawnBundle, flags: Int, _ components: repeat each C) throws(ECSError) -> Entity {
        let entity = try allocateEntity()
        // SAFETY: as in ``spawn(_:)``; the sparse values leave the tuple for their sets.
        unsafe withUnsafeTemporaryAllocation(of: (repeat each C).self, capacity: 1) { values in
            let slot = unsafe values.baseAddress.unsafelyUnwrapped
            unsafe slot.initialize(to: (repeat each components))
            let row = placeSpawned(entity, bundle, flags: flags)
            unsafe bundle.initializeRow(row, movingFrom: UnsafeMutableRawPointer(slot))
            unsafe addSparse(entity, movingFrom: UnsafeMutableRawPointer(slot), sparseElements(repeat (each C).self))
        }
        return entity
    }

    /// Claims a row for the newly allocated `entity` in the bundle's table, places the entity
    /// there and stamps the table (and the row's added ticks, with ``additionsTrackedBit`` in
    /// `flags`); returns the row. The caller has checked that structural changes are allowed
    /// and initialises the row's values. Inlined into the spawn that is specialised for its
    /// bundle.
    @inlinable @inline(__always)
    func placeSpawned(_ entity: Entity, _ bundle: SpawnBundle, flags: Int) -> Int {
        // SAFETY: the bundle's table is one of this world's, whose storage lives as the world does.
        let table = unsafe tableStorage(bundle.table)
        let row = unsafe claimRow(in: table, for: entity, flags: flags)
        unsafe setLocation(entity, table: table, row: row)
        let version = nextStructuralVersion()
        unsafe table.pointee.structuralVersion = version
        if flags & Self.additionsTrackedBit != 0 { unsafe table.pointee.stampAddedRows(row..<(row &+ 1), version: version) }
        diagnostics.countExclusive(.spawned)
        return row
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
        let (_, first, spawned) = try unsafe claimSpawnRows(bundle, count: count)
        // SAFETY: rows `first..<first + count` were claimed above and are uninitialised; each
        // is filled once by moving a whole tuple out of the temporary, and the callback guard
        // keeps `make` from changing the table meanwhile.
        withCallbackGuard { () -> Void in
            unsafe withUnsafeTemporaryAllocation(of: (repeat each C).self, capacity: 1) { values in
                guard let slot = values.baseAddress else { return }
                let sparse = unsafe bundle.elements.count != Self.count(repeat (each C).self) ? sparseElements(repeat (each C).self) : []
                for i in 0..<count {
                    unsafe slot.initialize(to: make(i))
                    unsafe bundle.initializeRow(first &+ i, movingFrom: UnsafeMutableRawPointer(slot))
                    if !sparse.isEmpty { unsafe addSparse(spawned[i], movingFrom: UnsafeMutableRawPointer(slot), sparse) }
                }
            }
        }
        if isObserved { try observeSpawned(spawned, repeat (each C).self) }
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
        let spawned = try fillRepeating(count: count, repeat each components)
        if isObserved { try observeSpawned(spawned, repeat (each C).self) }
        return spawned
    }

    /// The body of ``spawnRepeating(count:_:)`` once the change is known to be allowed.
    @inlinable @inline(__always)
    func fillRepeating<each C>(count: Int, _ components: repeat each C) throws(ECSError) -> [Entity] {
        let bundle = try self.bundle(repeat (each C).self)
        let (table, first, spawned) = try unsafe claimSpawnRows(bundle, count: count)
        guard count > 0 else { return spawned }
        // SAFETY: the bundle has one element per table component (so `next()` never returns nil
        // for one) and rows `first..<first + count` were claimed above and are uninitialised.
        var elements = unsafe bundle.elements.makeIterator()
        guard unsafe bundle.elements.count != Self.count(repeat (each C).self) else {
            repeat unsafe table.pointee.fill(each components, column: elements.next().unsafelyUnwrapped.column, rows: first..<(first + count))
            return spawned
        }
        let sparse = sparseElements(repeat (each C).self)
        var argument = 0
        func place<Value>(_ value: Value) {
            defer { argument += 1 }
            // SAFETY: as above; a sparse argument takes no table column.
            if let sparse = sparse.first(where: { $0.argument == argument }) {
                for entity in spawned { unsafe addSparse(entity, copying: value, sparse.id) }
            } else {
                unsafe table.pointee.fill(value, column: elements.next().unsafelyUnwrapped.column, rows: first..<(first + count))
            }
        }
        repeat place(each components)
        return spawned
    }

    /// Allocates `count` entities and their rows (placed and stamped); the caller has checked
    /// that structural changes are allowed and initialises the values. Returns the table, the first row and the entities.
    @usableFromInline
    func claimSpawnRows(_ bundle: SpawnBundle, count: Int) throws(ECSError) -> (UnsafeMutablePointer<TableStorage>, Int, [Entity]) {
        guard count >= 0 else { throw ECSError(.invalidArgument, "spawn count must not be negative (got \(count))") }
        // SAFETY: the bundle's table is one of this world's, whose storage lives as the world does.
        let table = unsafe tableStorage(bundle.table)
        guard unsafe count <= TableStorage.maximumRows - table.pointee.aliveCount else {
            throw ECSError(.capacity, "spawning \(count) entities exceeds the table limit of \(TableStorage.maximumRows) rows")
        }
        var spawned = [Entity]()
        spawned.reserveCapacity(count)
        let reused = Swift.min(count, freeIDs.count)
        for _ in 0..<reused { spawned.append(try allocateEntity()) }
        let fresh = count - reused
        guard fresh <= Int(UInt32.max) - slots.count else {
            throw ECSError(.capacity, "entity index space exhausted (\(UInt32.max) slots)")
        }
        let firstIndex = slots.append(fresh)
        for index in firstIndex..<(firstIndex + fresh) { spawned.append(Entity(index: UInt32(index), generation: 0)) }
        let first = unsafe table.pointee.claimRows(count)
        // SAFETY: rows `first..<first + count` were just claimed, so they are below the capacity.
        for (offset, entity) in spawned.enumerated() {
            unsafe table.pointee.setEntity(entity, at: first + offset)
            unsafe setLocation(entity, table: table, row: first + offset)
        }
        let version = nextStructuralVersion()
        unsafe table.pointee.structuralVersion = version
        unsafe table.pointee.stampAddedRows(first..<(first + count), version: version)
        diagnostics.countExclusive(.spawned, by: count)
        return unsafe (table, first, spawned)
    }

    /// The table and column order for a bundle of component types, cached per bundle type.
    /// Inlined so that the check of the last bundle costs a spawn a compare, not a call that
    /// passes the component types.
    @inlinable @inline(__always)
    func bundle<each C>(_ types: repeat (each C).Type) throws(ECSError) -> SpawnBundle {
        let key = ObjectIdentifier((repeat each C).self)
        // SAFETY: `storage` is valid for the world's lifetime and the world is held by one thread.
        if let last = unsafe storage.pointee.lastBundle, last.key == key { return last.bundle }
        let bundle = try resolveBundle(key, repeat each types)
        unsafe storage.pointee.lastBundle = (key, bundle)
        return bundle
    }

    /// The bundle of ``bundle(_:)`` from the dictionary, made and recorded on first use.
    @usableFromInline
    func resolveBundle<each C>(_ key: ObjectIdentifier, _ types: repeat (each C).Type) throws(ECSError) -> SpawnBundle {
        // SAFETY: `storage` is valid for the world's lifetime and the world is held by one thread.
        if let bundle = unsafe storage.pointee.bundles[key] { return bundle }
        var ids: [ComponentID] = []
        var layouts: [(size: Int, alignment: Int)] = []
        func add<T>(_ type: T.Type) throws(ECSError) {
            ids.append(try componentID(for: type))
            layouts.append((MemoryLayout<T>.size, MemoryLayout<T>.alignment))
        }
        repeat try add(each types)
        guard Set(ids).count == ids.count else {
            throw ECSError(.invalidArgument, "a spawn bundle names the same component type twice: \((repeat each C).self)")
        }
        let offsets = SpawnBundle.tupleOffsets(layouts)
        let sparseArguments = ids.indices.filter { unsafe sparseSet(ids[$0]) != nil }
        let tableIDs = sparseArguments.isEmpty ? ids : ids.filter { unsafe sparseSet($0) == nil }
        // SAFETY: the table was just found or created; its storage lives as the world does.
        let table = unsafe tableStorage(table(for: tableIDs.sorted()))
        var elements: [SpawnBundle.Element] = []
        elements.reserveCapacity(tableIDs.count)
        // The column look-up cannot fail: the table's component set is exactly `tableIDs`.
        for argument in ids.indices where unsafe sparseSet(ids[argument]) == nil {
            elements.append(SpawnBundle.Element(column: unsafe table.pointee.columnIndex(of: ids[argument])!, offset: offsets[argument]))
        }
        let bundle = unsafe SpawnBundle(table: table.pointee.index, storage: table, elements: elements)
        unsafe storage.pointee.bundles[key] = bundle
        if !sparseArguments.isEmpty {
            unsafe storage.pointee.sparseBundles[key] = sparseArguments.map {
                SparseBundleElement(id: ids[$0], argument: $0, offset: offsets[$0])
            }
        }
        return bundle
    }
}

extension World {
    /// The number of component types in a bundle: a constant once specialised, which a spawn
    /// compares with its bundle's table elements to tell whether any component is sparse.
    @inlinable
    static func count<each C>(_ types: repeat (each C).Type) -> Int {
        var count = 0
        for _ in repeat each types { count += 1 }
        return count
    }

    /// The sparse-set components of the bundle of `types` (resolved already).
    @usableFromInline
    func sparseElements<each C>(_ types: repeat (each C).Type) -> [SparseBundleElement] {
        // SAFETY: `storage` is valid for the world's lifetime and the world is held by one thread.
        unsafe storage.pointee.sparseBundles[ObjectIdentifier((repeat each C).self)] ?? []
    }

    /// Adds the sparse-set values of the newly spawned `entity`, moving them out of the tuple at
    /// `values` (laid out as the elements' offsets say), which they leave uninitialised.
    @unsafe @usableFromInline
    func addSparse(_ entity: Entity, movingFrom values: UnsafeMutableRawPointer, _ elements: [SparseBundleElement]) {
        let version = nextStructuralVersion()
        // SAFETY: every sparse element names a component with a set in this world; the entity
        // is new, so no set holds it, and its appended position is uninitialised.
        for element in elements {
            let set = unsafe sparseSet(element.id).unsafelyUnwrapped
            let dense = unsafe set.pointee.findOrAppend(entity, version: version).dense
            unsafe set.pointee.values.initialize(row: dense, movingFrom: values + element.offset)
        }
    }

    /// Adds a copy of `value` as the sparse-set component `id` of the newly spawned `entity`.
    @unsafe @usableFromInline
    func addSparse<C>(_ entity: Entity, copying value: C, _ id: ComponentID) {
        // SAFETY: `id` names a component of type `C` with a set in this world; the entity is
        // new, so the set does not hold it, and its appended position is uninitialised.
        let set = unsafe sparseSet(id).unsafelyUnwrapped
        let dense = unsafe set.pointee.findOrAppend(entity, version: nextStructuralVersion()).dense
        unsafe set.pointee.value(at: dense).assumingMemoryBound(to: C.self).initialize(to: value)
    }
}

extension TableStorage {
    /// Initialises `rows` of `column` with copies of `value`. `rows` must be claimed,
    /// uninitialised and not empty, and `column` hold values of type `C`.
    @unsafe @inlinable
    func fill<C>(_ value: C, column: Int, rows: Range<Int>) {
        assert(!rows.isEmpty && rows.lowerBound >= 0 && rows.upperBound <= count, "rows \(rows) outside \(count) claimed rows")
        // SAFETY: `rows` lie inside the claimed rows (asserted above), so every address below is
        // a row of the column's buffer; each row is initialised once, by the first store, the
        // typed repeat or a copy of plain bits from rows already filled.
        let start = unsafe columns[column].pointer(at: rows.lowerBound)
        unsafe start.assumingMemoryBound(to: C.self).initialize(to: value)
        guard _isPOD(C.self) else {
            unsafe (start.assumingMemoryBound(to: C.self) + 1).initialize(repeating: value, count: rows.count - 1)
            return
        }
        let stride = MemoryLayout<C>.stride
        var filled = 1
        while filled < rows.count {
            let copy = Swift.min(filled, rows.count - filled)
            unsafe (start + filled * stride).copyMemory(from: start, byteCount: copy * stride)
            filled += copy
        }
    }
}
