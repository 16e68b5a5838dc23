/// The contents of an archetype ``Table``: its columns, row entities, row counts, structural
/// version and cached edges of the table graph.
///
/// It lives behind a pointer owned by the table, so that the world's structural hot paths
/// (spawn, destroy, add, remove) reach it without reference counting or dynamic exclusivity
/// checks.
///
/// Rows `0..<aliveCount` hold live entities. Rows `aliveCount..<count` hold destroyed
/// entities whose values have not been reclaimed yet; ``World/compact()`` drops them.
@usableFromInline
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
    /// Rows the buffers can hold.
    @usableFromInline private(set) var capacity = 0
    /// World version of the last change to the rows (spawn, destroy, move, compact).
    @usableFromInline var structuralVersion: UInt64
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
        self.index = index
        let ids = UnsafeMutableBufferPointer<ComponentID>.allocate(capacity: componentIDs.count)
        _ = ids.initialize(from: componentIDs)
        self.componentIDs = UnsafeBufferPointer(ids)
        columns = .allocate(capacity: types.count)
        _ = columns.initialize(from: types.map {
            Column(type: $0, base: UnsafeMutableRawPointer(bitPattern: Self.bufferAlignment)!, version: version)
        })
        entities = UnsafeMutablePointer(bitPattern: MemoryLayout<Entity>.alignment)!
        ownsReferences = types.contains { !$0.isTrivial }
        structuralVersion = version
    }

    /// Drops every value and frees every buffer; the storage must not be used afterwards.
    func deallocate() {
        for column in columns {
            column.dropValues(at: 0, count: count)
            if capacity > 0 { column.base.deallocate() }
        }
        if capacity > 0 { entities.deallocate() }
        columns.deinitialize().deallocate()
        componentIDs.deallocate()
        addEdges.deallocate()
        removeEdges.deallocate()
    }

    /// The column holding `id`, by a scan of the (short, sorted) component list.
    @inlinable
    func columnIndex(of id: ComponentID) -> Int? {
        componentIDs.firstIndex(of: id)
    }

    // MARK: Edges

    /// Records that adding (`adding: true`) or removing component `id` leads to `target`.
    mutating func setEdge(_ id: ComponentID, adding: Bool, to target: UnsafeMutablePointer<TableStorage>) {
        let columnMap = UnsafeMutablePointer<UnsafeMutablePointer<Column>?>.allocate(capacity: columns.count)
        let targetColumns = target.pointee.columns.baseAddress
        for (column, component) in componentIDs.enumerated() {
            (columnMap + column).initialize(to: target.pointee.columnIndex(of: component).map { targetColumns! + $0 })
        }
        let edge = TableEdge(
            target: target,
            column: (adding ? target.pointee.columnIndex(of: id) : columnIndex(of: id))!,
            columnMap: columnMap
        )
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
        for i in columns.indices {
            let type = columns[i].type
            let fresh = UnsafeMutableRawPointer.allocate(
                byteCount: newCapacity * type.stride,
                alignment: Swift.max(type.alignment, Self.bufferAlignment)
            )
            if capacity > 0 {
                type.moveInitialize(fresh, columns[i].base, count)
                columns[i].base.deallocate()
            }
            columns[i].base = fresh
        }
        let freshEntities = UnsafeMutablePointer<Entity>.allocate(capacity: newCapacity)
        if capacity > 0 {
            freshEntities.moveInitialize(from: entities, count: count)
            entities.deallocate()
        }
        entities = freshEntities
        capacity = newCapacity
    }

    /// Appends one live row for `entity` and returns its number; every column's value at that
    /// row is uninitialised and must be initialised by the caller.
    ///
    /// A dead row at `aliveCount` is reused: its old values are dropped first.
    @inlinable @inline(__always)
    mutating func claimRow(for entity: Entity) -> Int {
        let row = aliveCount
        if count > aliveCount {
            dropValues(at: row)
        } else {
            reserve(count &+ 1)
            count &+= 1
        }
        entities[row] = entity
        aliveCount &+= 1
        return row
    }

    /// Appends `rows` live rows after the live prefix, reclaiming dead rows first; returns the
    /// first new row. Values of the new rows are uninitialised.
    @usableFromInline
    mutating func claimRows(_ rows: Int) -> Int {
        let first = aliveCount
        dropDeadRows()
        reserve(aliveCount + rows)
        count += rows
        aliveCount += rows
        return first
    }

    /// Drops the values of every column at `row`, leaving it uninitialised (nothing to do when
    /// every column holds plain bits).
    @inlinable
    func dropValues(at row: Int) {
        guard ownsReferences else { return }
        for column in columns { column.dropValues(at: row) }
    }

    /// Moves a live row out of the live prefix (destroy): it trades places with the last live
    /// row. Returns the entity that now occupies `row`, if another entity moved there.
    ///
    /// Plain-bits columns only copy the last live value down: a dead row's bits are never read,
    /// so they need not be preserved.
    mutating func kill(row: Int) -> Entity? {
        let last = aliveCount - 1
        aliveCount = last
        guard row != last else { return nil }
        let firstColumn = columns.baseAddress.unsafelyUnwrapped
        for index in columns.indices {
            let column = firstColumn + index
            if column.pointee.isTrivial {
                column.pointee.moveValue(from: last, to: row)
            } else {
                Self.swapValues(column.pointee, row, last)
            }
        }
        let moved = entities[last]
        entities[last] = entities[row]
        entities[row] = moved
        return moved
    }

    private static func swapValues(_ column: Column, _ a: Int, _ b: Int) {
        withUnsafeTemporaryAllocation(byteCount: column.stride, alignment: column.type.alignment) { scratch in
            let temporary = scratch.baseAddress!
            column.moveValue(at: a, to: temporary)
            column.moveValue(from: b, to: a)
            column.initialize(row: b, movingFrom: temporary)
        }
    }

    /// Moves live `row` out to `newRow` of `target` (claimed, uninitialised) along `edge`:
    /// each value moves to its mapped column or is dropped, and in the same pass the last live
    /// row fills the hole; then the last dead row moves into the last live slot. Returns the
    /// entity that now occupies `row`, if one moved there.
    @inlinable @inline(__always)
    mutating func moveRow(_ row: Int, along edge: TableEdge, to newRow: Int) -> Entity? {
        let last = aliveCount &- 1
        let sourceColumns = columns.baseAddress.unsafelyUnwrapped
        for index in 0..<columns.count {
            let column = sourceColumns[index]
            // Both columns hold the same type, so they share the stride.
            let destination = edge.columnMap[index].map { $0.pointee.base + newRow &* column.stride }
            column.moveOut(row, to: destination, fillingFrom: last)
        }
        entities[row] = entities[last]
        let moved: Entity? = row != last ? entities[row] : nil
        let lastDead = count &- 1
        if lastDead != last {
            for column in columns { column.moveValue(from: lastDead, to: last) }
            entities[last] = entities[lastDead]
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
        for column in columns { column.dropValues(at: aliveCount, count: dead) }
        count = aliveCount
        return dead
    }

    /// Stable removal of the live rows whose `keep` flag is false, in one pass per column:
    /// survivors keep their relative order. Dead rows are dropped as well.
    /// `keep` must have `aliveCount` elements. Returns the first row whose entity changed
    /// (`aliveCount` when nothing was removed).
    mutating func retain(keep: UnsafeBufferPointer<Bool>, removed: (Entity) -> Void) -> Int {
        dropDeadRows()
        var firstGap = 0
        while firstGap < aliveCount && keep[firstGap] { firstGap += 1 }
        guard firstGap < aliveCount else { return aliveCount }
        for row in firstGap..<aliveCount where !keep[row] {
            removed(entities[row])
            dropValues(at: row)
        }
        var write = firstGap
        var read = firstGap
        while read < aliveCount {
            while read < aliveCount && !keep[read] { read += 1 }
            var end = read
            while end < aliveCount && keep[end] { end += 1 }
            let run = end - read
            if run > 0 {
                for column in columns {
                    column.type.move(to: column.pointer(at: write), from: column.pointer(at: read), count: run)
                }
                (entities + write).moveInitialize(from: entities + read, count: run)
                write += run
            }
            read = end
        }
        aliveCount = write
        count = write
        return firstGap
    }
}
