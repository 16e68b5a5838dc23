/// A world's sparse sets: one per component type declared ``ComponentStorage/sparseSet``,
/// found by component number in one bounds check and one load.
///
/// The sets live behind pointers the registry allocates in ``add(_:type:version:)`` and frees
/// in ``deallocate()``, which the owning world calls exactly once; holding the registry is safe.
@safe @usableFromInline
struct SparseSetRegistry {
    /// The set of each component number `0..<coverage`, nil for a table component.
    @usableFromInline private(set) var byID: UnsafeMutablePointer<UnsafeMutablePointer<SparseSetStorage>?>
    /// Component numbers ``byID`` covers (0 while the world has no sparse set).
    @usableFromInline private(set) var coverage = 0
    /// Every set, in registration order.
    @usableFromInline private(set) var all: ContiguousArray<UnsafeMutablePointer<SparseSetStorage>> = unsafe []

    /// No sets.
    init() {
        // SAFETY: an aligned, non-null placeholder never dereferenced while `coverage` is 0 (the
        // subscript checks it first). The literal is not zero, so the optional is never nil.
        unsafe byID = UnsafeMutablePointer(bitPattern: MemoryLayout<UnsafeMutablePointer<SparseSetStorage>?>.alignment)!
    }

    /// Frees every set and its values; the registry must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: each set was allocated and initialised by `add`, and is freed once, here;
        // the table exists once `coverage > 0`.
        for unsafe set in unsafe all {
            unsafe set.pointee.deallocate()
            unsafe set.deinitialize(count: 1)
            unsafe set.deallocate()
        }
        if coverage > 0 { unsafe byID.deallocate() }
    }

    /// The set of component `id`, or nil when the component lives in the tables.
    @inlinable @inline(__always)
    subscript(id: ComponentID) -> UnsafeMutablePointer<SparseSetStorage>? {
        // SAFETY: the unsigned comparison admits exactly `0..<coverage`, the initialised entries.
        UInt(bitPattern: id.rawValue) < UInt(bitPattern: coverage) ? unsafe byID[id.rawValue] : nil
    }

    /// Creates the set of component `id` (laid out as `type`), stamped `version`.
    mutating func add(_ id: ComponentID, type: ComponentType, version: UInt64) {
        precondition(unsafe self[id] == nil, "component \(id.rawValue) already has a sparse set")
        if id.rawValue >= coverage {
            let newCoverage = Swift.max(id.rawValue + 1, coverage * 2, 8)
            unsafe byID = unsafe grownPointerTable(byID, count: coverage, to: newCoverage)
            coverage = newCoverage
        }
        // SAFETY: one set, initialised here and freed once by `deallocate`; `id` is below
        // `coverage` now.
        let set = UnsafeMutablePointer<SparseSetStorage>.allocate(capacity: 1)
        unsafe set.initialize(to: SparseSetStorage(type: type, version: version))
        unsafe byID[id.rawValue] = set
        unsafe all.append(set)
    }
}
