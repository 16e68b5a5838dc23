extension World {
    /// The storage `type` declares through ``StorageDeclaring``; table storage otherwise.
    static func declaredStorage(of type: Any.Type) -> ComponentStorage {
        (type as? any StorageDeclaring.Type)?.storage ?? .table
    }

    /// The storage of component `id`: where a world keeps the values of the type it numbers.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for an id this world never handed out.
    public func componentStorage(of id: ComponentID) throws(ECSError) -> ComponentStorage {
        guard id.rawValue >= 0 && id.rawValue < componentTypes.count else {
            throw ECSError(.invalidArgument, "component id \(id.rawValue) is not registered in this world (\(componentTypes.count) components)")
        }
        return unsafe sparseSet(id) == nil ? .table : .sparseSet
    }

    /// The sparse set of component `id`, or nil when the component lives in the tables. The
    /// pointer is valid while the world lives.
    @inlinable @inline(__always)
    func sparseSet(_ id: ComponentID) -> UnsafeMutablePointer<SparseSetStorage>? {
        // SAFETY: `storage` is valid for the world's lifetime; the registry is only read here.
        unsafe storage.pointee.sparseSets[id]
    }

    /// Removes the destroyed `entity` from every sparse set that holds it.
    func dropSparseComponents(of entity: Entity) {
        // SAFETY: `storage` is valid for the world's lifetime, and every set in the registry
        // until the world is freed; a dense position comes from the set's own look-up.
        for unsafe set in unsafe storage.pointee.sparseSets.all {
            if let dense = unsafe set.pointee.denseIndex(of: entity) {
                unsafe set.pointee.remove(at: dense, version: nextStructuralVersion())
            }
        }
    }

    /// The value slot of `entity` (alive) in `set` for an insert: its address and whether it
    /// holds a value already (replaced in place) or not (appended, uninitialised). Either way
    /// the value's change tick becomes a fresh version.
    @unsafe @inlinable @inline(__always)
    func prepareSparseInsert(_ set: UnsafeMutablePointer<SparseSetStorage>, _ entity: Entity) -> (UnsafeMutableRawPointer, Bool) {
        // SAFETY: `set` is one of this world's sets; the position it returns is below its count.
        let (dense, existed) = unsafe set.pointee.findOrAppend(entity, version: nextStructuralVersion())
        return unsafe (set.pointee.value(at: dense), existed)
    }

    /// Removes the `C` value of `entity` (alive) from `set`, which stores `C`: a typed move of
    /// the last value into the hole.
    /// - Throws: ``ECSError/Code-swift.enum/missingComponent`` when the entity has none.
    @unsafe @inlinable @inline(__always)
    func removeSparse<C>(_ type: C.Type, _ set: UnsafeMutablePointer<SparseSetStorage>, _ entity: Entity) throws(ECSError) {
        // SAFETY: `set` is one of this world's sets, whose values are `C`s.
        guard unsafe set.pointee.remove(entity, as: C.self, version: nextStructuralVersion()) else {
            throw .missing(type, on: entity)
        }
    }

    /// The address of `entity`'s value in `set`, stamping it when `writing`.
    /// - Throws: ``ECSError/Code-swift.enum/missingComponent`` when the entity has none.
    func sparsePointer<C>(to type: C.Type, in set: UnsafeMutablePointer<SparseSetStorage>, of entity: Entity, writing: Bool) throws(ECSError) -> UnsafeMutablePointer<C> {
        // SAFETY: `set` is one of this world's sets; `dense` is a position it holds, whose
        // value is an initialised `C` (the set stores the component `C` was registered as).
        guard let dense = unsafe set.pointee.denseIndex(of: entity) else { throw .missing(type, on: entity) }
        if writing { unsafe set.pointee.stamp(dense, version: nextVersion()) }
        return unsafe set.pointee.value(at: dense).assumingMemoryBound(to: C.self)
    }

    /// Destroys every entity whose sparse `C` value fails `isIncluded`, in the set's dense
    /// order; returns how many were destroyed. The predicate runs under the callback guard.
    func retainSparse<C>(_ type: C.Type, _ set: UnsafeMutablePointer<SparseSetStorage>, where isIncluded: (C) throws -> Bool) throws -> Int {
        var doomed: [Entity] = []
        try withCallbackGuard { () throws -> Void in
            // SAFETY: positions `0..<count` hold initialised `C` values and entities, and the
            // callback guard keeps the predicate from changing the set.
            for dense in unsafe 0..<set.pointee.count {
                let value = unsafe set.pointee.value(at: dense).assumingMemoryBound(to: C.self).pointee
                if try !isIncluded(value) { doomed.append(unsafe set.pointee.entities[dense]) }
            }
        }
        return try destroyEach(doomed)
    }
}
