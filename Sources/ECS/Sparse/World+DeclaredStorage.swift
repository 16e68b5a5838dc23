import Synchronization

extension World {
    /// Adds a `C` component to `entity`, or replaces the one it has, for a type that declares
    /// its storage: the same operation as the unconstrained `insert(_:into:)`.
    ///
    /// Swift picks this overload whenever the value's static type conforms to
    /// ``StorageDeclaring``. `C.storage` is then known where the call is specialised, so a
    /// sparse-set component goes straight to its set: the entity's generation is checked, but
    /// its table, row and table edges are never looked at. A table-declared type takes the
    /// table path unchanged, and types that do not conform never see this overload, so the
    /// table path pays nothing for sparse sets. Generic code over unconstrained types reaches
    /// sparse sets through the unconstrained overload, which finds them after the table-edge
    /// look-up misses.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable @inline(__always)
    public func insert<C: StorageDeclaring>(_ value: C, into entity: Entity) throws(ECSError) {
        let id = try componentID(for: C.self)
        let state = iterations.load(ordering: .relaxed)
        if state != 0 { return try insert(value, id, into: entity, slowPath: state) }
        let (slot, replacing): (UnsafeMutableRawPointer, Bool)
        // SAFETY: the world's sparse sets are valid while it lives, and `entity` is alive
        // (checked first); the slot is the entity's in the set, or its row in its table's
        // column of `C`.
        if C.storage == .sparseSet, let set = unsafe sparseSet(id) {
            _ = try location(of: entity)
            unsafe (slot, replacing) = prepareSparseInsert(set, entity)
        } else {
            try unsafe (slot, replacing) = prepareInsert(id, into: entity, flags: 0)
        }
        // SAFETY: `slot` holds an initialised `C` exactly when `replacing`.
        unsafe Self.store(value, at: slot, replacing: replacing)
    }

    /// Removes the `C` component of `entity`, for a type that declares its storage: the same
    /// operation as the unconstrained ``remove(_:from:)``, with a sparse-set component taken
    /// out of its set without looking at the entity's table (see the ``StorageDeclaring``
    /// overload of `insert(_:into:)` for when Swift picks it).
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity``,
    ///   ``ECSError/Code-swift.enum/missingComponent``,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration``.
    @inlinable @inline(__always)
    public func remove<C: StorageDeclaring>(_ type: C.Type, from entity: Entity) throws(ECSError) {
        guard C.storage == .sparseSet else { return try removeComponent(C.self, from: entity) }
        let state = iterations.load(ordering: .relaxed)
        if state != 0 { return try removeComponent(C.self, from: entity, slowPath: state) }
        _ = try location(of: entity)
        guard let id = componentID(ObjectIdentifier(C.self)) else { throw .missing(type, on: entity) }
        // SAFETY: the world's sparse sets are valid while it lives; a set found for `C`'s id
        // stores `C` values, and `entity` is alive (checked above).
        guard let set = unsafe sparseSet(id) else { return try removeComponent(C.self, from: entity) }
        try unsafe removeSparse(C.self, set, entity)
    }
}
