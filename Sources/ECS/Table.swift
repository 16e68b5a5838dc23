/// An archetype table: every entity with exactly the same component set, one column per
/// component (structure of arrays), all columns sharing one row numbering.
///
/// Rows `0..<aliveCount` hold live entities. Rows `aliveCount..<count` hold destroyed
/// entities whose values have not been reclaimed yet; ``World/compact()`` drops them.
@usableFromInline
final class Table {
    /// Position of this table in the world's table list.
    @usableFromInline let index: Int
    /// The component set, sorted.
    @usableFromInline let componentIDs: [ComponentID]
    /// Layout and operations of each column's type, owned here so that the table can drop its
    /// values even after its world is gone (a query may hold the table longer).
    private let types: [ComponentType]
    /// One column per entry of `componentIDs`, in the same order (the set never changes).
    @usableFromInline let columns: UnsafeMutableBufferPointer<Column>
    /// Row counts, buffers and caches, behind a pointer so that hot accesses need no dynamic
    /// exclusivity checks.
    @usableFromInline let state: UnsafeMutablePointer<TableState>

    /// The entity stored in each row.
    @inlinable var entities: UnsafeMutablePointer<Entity> {
        get { state.pointee.entities }
        set { state.pointee.entities = newValue }
    }
    /// Initialised rows (live and dead).
    @inlinable var count: Int {
        get { state.pointee.count }
        set { state.pointee.count = newValue }
    }
    /// Live rows: the prefix `0..<aliveCount`.
    @inlinable var aliveCount: Int {
        get { state.pointee.aliveCount }
        set { state.pointee.aliveCount = newValue }
    }
    /// Rows the buffers can hold.
    var capacity: Int {
        get { state.pointee.capacity }
        set { state.pointee.capacity = newValue }
    }
    /// World version of the last change to the table's rows (spawn, destroy, move, compact).
    @inlinable var structuralVersion: UInt64 {
        get { state.pointee.structuralVersion }
        set { state.pointee.structuralVersion = newValue }
    }

    /// Bytes every buffer is aligned to: a cache line, so that SIMD loads never split one.
    static let bufferAlignment = 64
    /// Largest row count a table may hold (rows are stored as 32-bit numbers).
    static let maximumRows = Int(Int32.max)

    init(index: Int, componentIDs: [ComponentID], types: [ComponentType], version: UInt64) {
        self.index = index
        self.componentIDs = componentIDs
        self.types = types
        columns = .allocate(capacity: types.count)
        _ = columns.initialize(from: types.map {
            Column(type: $0, base: UnsafeMutableRawPointer(bitPattern: Table.bufferAlignment)!, version: version)
        })
        state = .allocate(capacity: 1)
        state.initialize(to: TableState(
            entities: UnsafeMutablePointer(bitPattern: MemoryLayout<Entity>.alignment)!, structuralVersion: version))
    }

    deinit {
        for column in columns {
            if !column.type.isTrivial { column.type.deinitialize(column.base, count) }
            if capacity > 0 { column.base.deallocate() }
        }
        if capacity > 0 { entities.deallocate() }
        columns.deinitialize().deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The column holding `id`, by a scan of the (short, sorted) component list.
    @inlinable
    func columnIndex(of id: ComponentID) -> Int? {
        componentIDs.firstIndex(of: id)
    }

    /// Makes room for at least `rows` initialised rows.
    func reserve(_ rows: Int) {
        guard rows > capacity else { return }
        let newCapacity = Swift.max(rows, capacity &* 2, 16)
        for i in columns.indices {
            let type = columns[i].type
            let fresh = UnsafeMutableRawPointer.allocate(
                byteCount: newCapacity * type.stride,
                alignment: Swift.max(type.alignment, Table.bufferAlignment)
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

    /// Records the table reached by adding (`adding: true`) or removing component `id`.
    func setEdge(_ id: ComponentID, adding: Bool, to table: Int) {
        state.pointee.setEdge(id.rawValue, adding: adding, to: table)
    }

    /// The cached table reached by adding (`adding: true`) or removing component `id`.
    func edge(_ id: ComponentID, adding: Bool) -> Int? {
        state.pointee.edge(id.rawValue, adding: adding)
    }

    /// Appends one live row for `entity` and returns its number; every column's value at that
    /// row is uninitialised and must be initialised by the caller.
    ///
    /// A dead row at `aliveCount` is reused: its old values are dropped first.
    @usableFromInline
    func claimRow(for entity: Entity) -> Int {
        let row = aliveCount
        if count > aliveCount {
            dropValues(at: row)
        } else {
            reserve(count + 1)
            count += 1
        }
        entities[row] = entity
        aliveCount += 1
        return row
    }

    /// Appends `rows` live rows after the live prefix, reclaiming dead rows first; returns the
    /// first new row. Values of the new rows are uninitialised.
    @usableFromInline
    func claimRows(_ rows: Int) -> Int {
        let first = aliveCount
        dropDeadRows()
        reserve(aliveCount + rows)
        count += rows
        aliveCount += rows
        return first
    }

    /// Drops the values of every column at `row`, leaving it uninitialised.
    private func dropValues(at row: Int) {
        for column in columns where !column.type.isTrivial {
            column.type.deinitialize(column.pointer(at: row), 1)
        }
    }

    /// Moves a live row out of the live prefix (destroy): swaps it with the last live row.
    /// Returns the entity that now occupies `row`, if another entity moved there.
    func kill(row: Int) -> Entity? {
        let last = aliveCount - 1
        aliveCount = last
        guard row != last else { return nil }
        for column in columns {
            swapValues(column, row, last)
        }
        let moved = entities[last]
        entities[last] = entities[row]
        entities[row] = moved
        return moved
    }

    private func swapValues(_ column: Column, _ a: Int, _ b: Int) {
        let stride = column.type.stride
        withUnsafeTemporaryAllocation(byteCount: stride, alignment: column.type.alignment) { scratch in
            let temporary = scratch.baseAddress!
            column.type.move(to: temporary, from: column.pointer(at: a), count: 1)
            column.type.move(to: column.pointer(at: a), from: column.pointer(at: b), count: 1)
            column.type.move(to: column.pointer(at: b), from: temporary, count: 1)
        }
    }

    /// Closes the hole left at live `row` after its values were moved out or dropped by the
    /// caller: the last live row moves into it, and the last dead row into the last live slot.
    /// Returns the entity that now occupies `row`, if one moved there.
    func removeVacatedRow(_ row: Int) -> Entity? {
        let last = aliveCount - 1
        var moved: Entity?
        if row != last {
            for column in columns {
                column.type.move(to: column.pointer(at: row), from: column.pointer(at: last), count: 1)
            }
            entities[row] = entities[last]
            moved = entities[row]
        }
        let lastDead = count - 1
        if lastDead != last {
            for column in columns {
                column.type.move(to: column.pointer(at: last), from: column.pointer(at: lastDead), count: 1)
            }
            entities[last] = entities[lastDead]
        }
        aliveCount -= 1
        count -= 1
        return moved
    }

    /// Drops every dead row; returns how many there were.
    @discardableResult
    func dropDeadRows() -> Int {
        let dead = count - aliveCount
        guard dead > 0 else { return 0 }
        for column in columns where !column.type.isTrivial {
            column.type.deinitialize(column.pointer(at: aliveCount), dead)
        }
        count = aliveCount
        return dead
    }

    /// Stable removal of the live rows whose `keep` flag is false, in one pass per column:
    /// survivors keep their relative order. Dead rows are dropped as well.
    /// `keep` must have `aliveCount` elements. Returns the first row whose entity changed
    /// (`aliveCount` when nothing was removed).
    func retain(keep: UnsafeBufferPointer<Bool>, removed: (Entity) -> Void) -> Int {
        dropDeadRows()
        var firstGap = 0
        while firstGap < aliveCount && keep[firstGap] { firstGap += 1 }
        guard firstGap < aliveCount else { return aliveCount }
        for row in firstGap..<aliveCount where !keep[row] {
            removed(entities[row])
            for column in columns where !column.type.isTrivial {
                column.type.deinitialize(column.pointer(at: row), 1)
            }
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
