/// The contents of an archetype ``Table``: its columns, row entities, row counts, structural
/// version and cached edges of the table graph.
///
/// It lives behind a pointer owned by the table, so that the world's structural hot paths
/// (spawn, destroy, add, remove) reach it without reference counting or dynamic exclusivity
/// checks.
///
/// Rows `0..<aliveCount` hold live entities, except a row a destroy left pending for a spawn
/// (``WorldStorage/pendingHole``), which the world fills before anything reads the rows.
/// Rows `aliveCount..<count` hold destroyed entities whose values have not been reclaimed yet;
/// ``World/compact()`` drops them.
///
/// The storage owns its buffers and keeps every column and the entity buffer at one capacity.
/// Operations that take a row number check it against the alive prefix and the initialised
/// rows only with `assert`, in debug builds, and are `@unsafe`; so are the buffer properties
/// and ``deallocate()``, which its ``Table`` calls exactly once.
@safe @usableFromInline
struct TableStorage {
    /// Position of the table in the world's table list.
    @usableFromInline let index: Int
    /// The component set, sorted.
    @usableFromInline let componentIDs: UnsafeBufferPointer<ComponentID>
    /// One column per entry of `componentIDs`, in the same order (the set never changes).
    @usableFromInline let columns: UnsafeMutableBufferPointer<Column>
    /// The entity stored in each row.
    @usableFromInline var entities: UnsafeMutablePointer<Entity>
    /// Initialised rows (live and dead).
    @usableFromInline var count = 0
    /// Live rows, the prefix `0..<aliveCount`.
    @usableFromInline var aliveCount = 0
    /// Whether any column holds a type that owns references (values that need dropping).
    @usableFromInline let ownsReferences: Bool
    /// The columns grouped by copy kind, for the row copy of a destroy.
    @usableFromInline let copyPlan: RowCopyPlan
    /// Rows the buffers can hold.
    @usableFromInline private(set) var capacity = 0
    /// World version of the last change to the rows (spawn, destroy, move, compact).
    @usableFromInline var structuralVersion: UInt64
    /// The added ticks of the columns whose additions a query filters, nil while there are
    /// none. The per-row operations below leave them to the world's tracked paths (see
    /// ``AddedTicks``).
    @usableFromInline var addedTicks: UnsafeMutablePointer<AddedTicks>?
    /// Tables reached by adding each component.
    @usableFromInline private(set) var addEdges = TableEdges()
    /// Tables reached by removing each component.
    @usableFromInline private(set) var removeEdges = TableEdges()

    /// Bytes every buffer is aligned to: a cache line, so that SIMD loads never split one.
    static let bufferAlignment = 64
    /// Largest row count a table may hold (rows are stored as 32-bit numbers).
    static let maximumRows = Int(Int32.max)

    /// An empty table of the given components (`types[i]` is the type of `componentIDs[i]`).
    init(index: Int, componentIDs: [ComponentID], types: [ComponentType], version: UInt64) {
        assert(componentIDs.count == types.count, "\(componentIDs.count) components with \(types.count) types")
        self.index = index
        // SAFETY: both buffers are allocated with exactly the element count they are
        // initialised from, and ``deallocate()`` frees them.
        let ids = UnsafeMutableBufferPointer<ComponentID>.allocate(capacity: componentIDs.count)
        _ = unsafe ids.initialize(from: componentIDs)
        unsafe self.componentIDs = UnsafeBufferPointer(ids)
        unsafe columns = .allocate(capacity: types.count)
        _ = unsafe columns.initialize(from: types.map { Column(type: $0, version: version) })
        // SAFETY: the closure runs only for a column index, so the buffer is not empty and has
        // a base address; the column buffer is never reallocated, so the addresses stay valid.
        let firstColumn = unsafe columns.baseAddress
        unsafe copyPlan = RowCopyPlan(count: types.count) { unsafe (firstColumn.unsafelyUnwrapped + $0, 0) }
        // SAFETY: an aligned, non-null placeholder never dereferenced while `capacity` is 0 (every
        // row access is below `count`, which stays 0 until `grow` replaces it). The literal is not
        // zero, so the optional is never nil.
        unsafe entities = UnsafeMutablePointer(bitPattern: MemoryLayout<Entity>.alignment)!
        ownsReferences = types.contains { !$0.isTrivial }
        structuralVersion = version
        for (column, type) in types.enumerated() where type.tracksAdditions { trackAdditions(column: column, version: version) }
    }

    /// Drops every value and frees every buffer; the storage must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: rows `0..<count` are initialised in every column; buffers exist only once
        // `capacity > 0`; the component, column and edge buffers were allocated by `init` and
        // the edges, and the owning ``Table`` calls this once, from its `deinit`.
        for unsafe column in unsafe columns {
            unsafe column.dropValues(at: 0, count: count)
            if capacity > 0 { unsafe column.base.deallocate() }
        }
        if capacity > 0 { unsafe entities.deallocate() }
        unsafe columns.deinitialize().deallocate()
        unsafe copyPlan.deallocate()
        unsafe componentIDs.deallocate()
        unsafe addEdges.deallocate()
        unsafe removeEdges.deallocate()
        if let ticks = unsafe addedTicks {
            unsafe ticks.pointee.deallocate()
            unsafe ticks.deinitialize(count: 1).deallocate()
        }
    }

    /// The column holding `id`, by a scan of the (short, sorted) component list.
    @inlinable
    func columnIndex(of id: ComponentID) -> Int? {
        // SAFETY: `componentIDs` is initialised for its whole count and lives as long as the table.
        unsafe componentIDs.firstIndex(of: id)
    }

    // MARK: Edges

    /// Records that adding (`adding: true`) or removing component `id` leads to `target`, whose
    /// component set is this table's with `id` added or removed.
    mutating func setEdge(_ id: ComponentID, adding: Bool, to target: UnsafeMutablePointer<TableStorage>) {
        // SAFETY: `target` is the live storage of another table of the same world (tables are
        // never freed while their world lives); the map has one slot per column, each
        // initialised once below, and the edges free it.
        let columnMap = unsafe UnsafeMutablePointer<UnsafeMutablePointer<Column>?>.allocate(capacity: columns.count)
        let targetColumns = unsafe target.pointee.columns
        for unsafe (column, component) in unsafe componentIDs.enumerated() {
            // The closure runs only when the target has the component, so its column buffer is
            // not empty and has a base address: the unwrap cannot fail.
            let mapped = unsafe target.pointee.columnIndex(of: component).map { unsafe targetColumns.baseAddress! + $0 }
            unsafe (columnMap + column).initialize(to: mapped)
        }
        // The edge's component is in the target's set when adding and in this set when removing
        // (the world links only tables whose sets differ by `id`), so the unwrap cannot fail.
        let edgeColumn = (adding ? unsafe target.pointee.columnIndex(of: id) : columnIndex(of: id))!
        let edge = unsafe TableEdge(target: target, column: edgeColumn, columnMap: columnMap)
        if adding { addEdges.set(id.rawValue, edge) } else { removeEdges.set(id.rawValue, edge) }
    }

    /// The cached edge taken by adding (`adding: true`) or removing component `id`. An add edge
    /// exists only if the table lacks `id`, a remove edge only if it has it.
    @inlinable @inline(__always)
    func edge(_ id: ComponentID, adding: Bool) -> TableEdge? {
        adding ? addEdges[id.rawValue] : removeEdges[id.rawValue]
    }

    // MARK: Rows

    /// Makes room for at least `rows` initialised rows.
    @inlinable @inline(__always)
    mutating func reserve(_ rows: Int) {
        if rows > capacity { grow(to: rows) }
    }

    /// Reallocates every buffer for at least `rows` rows (and at least twice the capacity).
    @usableFromInline
    mutating func grow(to rows: Int) {
        let newCapacity = Swift.max(rows, capacity &* 2, 16)
        // SAFETY: each fresh buffer holds `newCapacity >= count` rows at the column's alignment
        // (at least a cache line); the `count` initialised rows move over before the old buffer,
        // which exists only once `capacity > 0`, is freed; every column and the entity buffer
        // are replaced together, so all share the new capacity.
        for i in unsafe columns.indices {
            let type = unsafe columns[i].type
            let fresh = UnsafeMutableRawPointer.allocate(
                byteCount: newCapacity * type.stride,
                alignment: Swift.max(type.alignment, Self.bufferAlignment)
            )
            if capacity > 0 {
                unsafe type.move(to: fresh, from: columns[i].base, count: count)
                unsafe columns[i].base.deallocate()
            }
            unsafe columns[i].base = fresh
            unsafe columns[i].capacity = newCapacity
        }
        let freshEntities = UnsafeMutablePointer<Entity>.allocate(capacity: newCapacity)
        if capacity > 0 {
            unsafe freshEntities.moveInitialize(from: entities, count: count)
            unsafe entities.deallocate()
        }
        unsafe entities = freshEntities
        unsafe addedTicks?.pointee.grow(count: count, to: newCapacity)
        capacity = newCapacity
    }

    /// The entity of `row`, which must be initialised.
    @unsafe @inlinable @inline(__always)
    func entity(at row: Int) -> Entity {
        assert(row >= 0 && row < count, "row \(row) outside a table of \(count) rows")
        // SAFETY: rows below `count` (asserted above) hold an entity.
        return unsafe entities[row]
    }

    /// Stores `entity` as the entity of `row`, which must be below ``capacity``.
    ///
    /// One eight-byte store of the id, never two four-byte stores of its fields: a destroy
    /// soon reads the last row's entity whole, and a load spanning two pending stores cannot
    /// be forwarded from the store buffer (it waits for every older store to reach the cache).
    @unsafe @inlinable @inline(__always)
    func setEntity(_ entity: Entity, at row: Int) {
        assert(row >= 0 && row < capacity, "row \(row) outside a table of capacity \(capacity)")
        // SAFETY: rows below `capacity` (asserted above) are inside the entity buffer; `Entity`
        // is plain bits, its index in the first four bytes and its generation in the next four,
        // which is the word stored, so storing it over an uninitialised row initialises it.
        #if _endian(little)
        let word = UInt64(entity.generation) << 32 | UInt64(entity.index)
        #else
        let word = UInt64(entity.index) << 32 | UInt64(entity.generation)
        #endif
        unsafe UnsafeMutableRawPointer(entities + row).storeBytes(of: word, as: UInt64.self)
    }

    /// Appends one live row for `entity` and returns its number; every column's value at that
    /// row is uninitialised and must be initialised by the caller.
    ///
    /// A dead row at `aliveCount` is reused: its old values are dropped first.
    @inlinable @inline(__always)
    mutating func claimRow(for entity: Entity) -> Int {
        let row = aliveCount
        if count > aliveCount {
            unsafe dropValues(at: row)
        } else {
            reserve(count &+ 1)
            count &+= 1
        }
        unsafe setEntity(entity, at: row)
        aliveCount &+= 1
        return row
    }

    /// Appends `rows` live rows after the live prefix, reclaiming dead rows first; returns the
    /// first new row. Values of the new rows are uninitialised.
    @usableFromInline
    mutating func claimRows(_ rows: Int) -> Int {
        assert(rows >= 0, "cannot claim \(rows) rows")
        let first = aliveCount
        dropDeadRows()
        reserve(aliveCount + rows)
        count += rows
        aliveCount += rows
        return first
    }

    /// Drops the values of every column at `row`, leaving it uninitialised (nothing to do when
    /// every column holds plain bits).
    @unsafe @inlinable
    func dropValues(at row: Int) {
        guard ownsReferences else { return }
        assert(row >= 0 && row < count, "row \(row) outside a table of \(count) rows")
        // SAFETY: `row` is an initialised row of every column (asserted above).
        for unsafe column in unsafe columns { unsafe column.dropValues(at: row) }
    }

    /// Moves the live row of `entity` out of the live prefix (destroy): it trades places with
    /// the last live row. Returns the entity that now occupies `row`, if another entity moved
    /// there.
    ///
    /// Plain-bits columns only copy the last live value down, with the table's copy plan: a
    /// dead row's bits are never read, so they need not be preserved. The dead row's entity is
    /// written from `entity`, not read from `row` (at a million rows, a cache miss).
    @unsafe @inline(__always)
    mutating func kill(row: Int, of entity: Entity) -> Entity? {
        assert(row >= 0 && row < aliveCount, "row \(row) outside the \(aliveCount) live rows")
        assert(unsafe self.entity(at: row) == entity, "row \(row) holds \(unsafe self.entity(at: row)), not \(entity)")
        let last = aliveCount &- 1
        aliveCount = last
        guard row != last else { return nil }
        // SAFETY: `row` and `last` are distinct live rows (asserted above), initialised in every
        // column; the plan's entries are this table's columns.
        unsafe copyPlan.copyPlainBits(fromRow: last, to: row)
        for unsafe entry in unsafe copyPlan.generalEntries {
            let column = unsafe entry.column.pointee
            if column.isTrivial {
                unsafe column.moveValue(from: last, to: row)
            } else {
                Self.swapValues(column, row, last)
            }
        }
        let moved = unsafe self.entity(at: last)
        unsafe setEntity(entity, at: last)
        unsafe setEntity(moved, at: row)
        return moved
    }

    /// Exchanges the initialised values at rows `a` and `b` of `column` through a scratch value.
    private static func swapValues(_ column: Column, _ a: Int, _ b: Int) {
        // SAFETY: the scratch space holds one value of the column's type (size and alignment of
        // the type) for the duration of the closure, and is empty again when it returns: the
        // value moved in is moved back out. Its byte count is a stride, at least 1, so the
        // buffer has a base address and the unwrap cannot fail.
        unsafe withUnsafeTemporaryAllocation(byteCount: column.stride, alignment: column.type.alignment) { scratch in
            let temporary = scratch.baseAddress!
            unsafe column.moveValue(at: a, to: temporary)
            unsafe column.moveValue(from: b, to: a)
            unsafe column.initialize(row: b, movingFrom: temporary)
        }
    }

    /// Moves live `row` out to `newRow` of `target` (claimed, uninitialised) along `edge`:
    /// each value moves to its mapped column or is dropped, and in the same pass the last live
    /// row fills the hole; then the last dead row moves into the last live slot. Returns the
    /// entity that now occupies `row`, if one moved there.
    @unsafe @inlinable @inline(__always)
    mutating func moveRow(_ row: Int, along edge: TableEdge, to newRow: Int) -> Entity? {
        assert(row >= 0 && row < aliveCount, "row \(row) outside the \(aliveCount) live rows")
        let last = aliveCount &- 1
        // SAFETY: `row` and `last` are live rows (asserted above); the edge's map has one entry
        // per source column, pointing into the target's column buffer, which never moves, and
        // `newRow` is a claimed row of the target (its columns assert it is below capacity). An
        // allocated buffer always has a base address (the unchecked unwrap), and with no
        // columns the loop never reads it.
        let sourceColumns = unsafe columns.baseAddress.unsafelyUnwrapped
        for index in unsafe 0..<columns.count {
            let column = unsafe sourceColumns[index]
            let destination = unsafe edge.columnMap[index].map { target in
                assert(unsafe newRow >= 0 && newRow < target.pointee.capacity, "row \(newRow) outside the target column")
                // Both columns hold the same type, so they share the stride.
                return unsafe target.pointee.base + newRow &* column.stride
            }
            unsafe column.moveOut(row, to: destination, fillingFrom: last)
        }
        unsafe setEntity(entity(at: last), at: row)
        let moved: Entity? = unsafe row != last ? entity(at: row) : nil
        let lastDead = count &- 1
        if lastDead != last {
            // SAFETY: `lastDead` is an initialised dead row and `last` was emptied above.
            for unsafe column in unsafe columns { unsafe column.moveValue(from: lastDead, to: last) }
            unsafe setEntity(entity(at: lastDead), at: last)
        }
        aliveCount = last
        count = lastDead
        return moved
    }

    /// Drops every dead row; returns how many there were.
    @discardableResult
    mutating func dropDeadRows() -> Int {
        let dead = count - aliveCount
        guard dead > 0 else { return 0 }
        // SAFETY: rows `aliveCount..<count` are the initialised dead rows of every column.
        for unsafe column in unsafe columns { unsafe column.dropValues(at: aliveCount, count: dead) }
        count = aliveCount
        return dead
    }

    /// Stable removal of the live rows whose `keep` flag is false, in one pass per column:
    /// survivors keep their relative order. Dead rows are dropped as well.
    /// `keep` must have `aliveCount` elements. Returns the first row whose entity changed
    /// (`aliveCount` when nothing was removed).
    mutating func retain(keep: UnsafeBufferPointer<Bool>, removed: (Entity) -> Void) -> Int {
        assert(keep.count == aliveCount, "\(keep.count) flags for \(aliveCount) live rows")
        dropDeadRows()
        // SAFETY: every index into `keep` is below `aliveCount`, its count (asserted above), and
        // every row visited is a live, initialised row.
        var firstGap = 0
        while unsafe firstGap < aliveCount && keep[firstGap] { firstGap += 1 }
        guard firstGap < aliveCount else { return aliveCount }
        for row in firstGap..<aliveCount where unsafe !keep[row] {
            unsafe removed(entity(at: row))
            unsafe dropValues(at: row)
        }
        var write = firstGap
        var read = firstGap
        while read < aliveCount {
            while unsafe read < aliveCount && !keep[read] { read += 1 }
            var end = read
            while unsafe end < aliveCount && keep[end] { end += 1 }
            let run = end - read
            if run > 0 {
                // SAFETY: `read..<end` are initialised live rows and `write <= read`, so the
                // destination rows are either emptied above or are the front of the source run;
                // the type's move handles the overlap of a destination before its source.
                for unsafe column in unsafe columns {
                    unsafe column.type.move(to: column.pointer(at: write), from: column.pointer(at: read), count: run)
                }
                unsafe (entities + write).moveInitialize(from: entities + read, count: run)
                unsafe addedTicks?.pointee.moveRows(from: read, to: write, count: run)
                write += run
            }
            read = end
        }
        aliveCount = write
        count = write
        return firstGap
    }
}
