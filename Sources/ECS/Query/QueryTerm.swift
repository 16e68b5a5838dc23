/// One component access of a query: ``Read`` or ``Write``.
///
/// A term turns a table column into the buffer handed to chunk bodies (``Column``) and into the
/// per-entity value handed to per-entity bodies (``Item``). Its metatype is `Sendable`, since
/// parallel chunk loops use it on their threads.
public protocol QueryTerm: SendableMetatype {
    /// The component type accessed.
    associatedtype Component
    /// The column view passed to chunk loops: a buffer over table rows, valid only while the
    /// loop body runs.
    associatedtype Column
    /// The per-entity view passed to per-entity loops.
    associatedtype Item
    /// Whether the term writes (and so bumps the column version when a loop visits a table).
    static var isWrite: Bool { get }
    /// Whether the term also matches tables without ``Component`` (`Read<C>?`, `Write<C>?`).
    static var isOptional: Bool { get }
    /// The view passed to loops over a table without ``Component``; only optional terms match
    /// such tables, so the others never hand it out.
    static var absentColumn: Column { get }
    /// A view over `count` values starting at `base`, which must address `count` initialised
    /// values of ``Component`` that stay in place while the view is used.
    @unsafe static func column(_ base: UnsafeMutableRawPointer, count: Int) -> Column
    /// The view of the value at `row` of `column`; `row` must be inside the view.
    @unsafe static func item(_ column: Column, at row: Int) -> Item
}

/// Read-only access to component `C`: chunk loops get an `UnsafeBufferPointer<C>`.
public enum Read<C>: @unsafe QueryTerm {
    public typealias Component = C
    /// Reads never bump versions.
    @inlinable public static var isWrite: Bool { false }
    /// A read matches only tables holding `C`.
    @inlinable public static var isOptional: Bool { false }
    /// An empty buffer (never handed out: the term matches only tables holding `C`).
    @inlinable public static var absentColumn: UnsafeBufferPointer<C> { unsafe UnsafeBufferPointer(start: nil, count: 0) }
    /// The live values of the chunk.
    @inlinable
    @unsafe public static func column(_ base: UnsafeMutableRawPointer, count: Int) -> UnsafeBufferPointer<C> {
        // SAFETY: the caller passes `count` initialised values of `C` at `base`.
        unsafe UnsafeBufferPointer(start: base.assumingMemoryBound(to: C.self), count: count)
    }
    /// A copy of the value.
    @inlinable
    @unsafe public static func item(_ column: UnsafeBufferPointer<C>, at row: Int) -> C {
        // SAFETY: the caller passes a row inside the view (the subscript checks it in debug builds).
        unsafe column[row]
    }
}

/// Read-write access to component `C`: chunk loops get an `UnsafeMutableBufferPointer<C>`;
/// each visited table's column version is bumped.
public enum Write<C>: @unsafe QueryTerm {
    public typealias Component = C
    /// Writes bump the column version.
    @inlinable public static var isWrite: Bool { true }
    /// A write matches only tables holding `C`.
    @inlinable public static var isOptional: Bool { false }
    /// An empty buffer (never handed out: the term matches only tables holding `C`).
    @inlinable public static var absentColumn: UnsafeMutableBufferPointer<C> { unsafe UnsafeMutableBufferPointer(start: nil, count: 0) }
    /// The live values of the chunk.
    @inlinable
    @unsafe public static func column(_ base: UnsafeMutableRawPointer, count: Int) -> UnsafeMutableBufferPointer<C> {
        // SAFETY: the caller passes `count` initialised values of `C` at `base`.
        unsafe UnsafeMutableBufferPointer(start: base.assumingMemoryBound(to: C.self), count: count)
    }
    /// A reference to the stored value.
    @inlinable
    @unsafe public static func item(_ column: UnsafeMutableBufferPointer<C>, at row: Int) -> Mut<C> {
        assert(row >= 0 && row < column.count, "row \(row) outside a view of \(column.count) values")
        // SAFETY: `row` is inside the view (asserted above). The base address cannot be nil:
        // views are made by ``column(_:count:)`` from a column address, which is never null.
        return unsafe Mut(pointer: column.baseAddress.unsafelyUnwrapped + row)
    }
}

/// A mutable reference to one stored component, handed to per-entity query loops.
///
/// It is valid only inside the loop body that receives it: the loop rejects structural
/// changes meanwhile, so the value stays at its address. Do not keep it after the body returns.
@safe
public struct Mut<C> {
    /// Address of the stored value in its table's column.
    @usableFromInline let pointer: UnsafeMutablePointer<C>

    /// A reference to the initialised value at `pointer`.
    @inlinable
    init(pointer: UnsafeMutablePointer<C>) { unsafe self.pointer = pointer }

    /// The stored value; assigning writes through to the table.
    // SAFETY (accessors): `pointer` addresses an initialised value of a live row while the
    // loop body that received the reference runs; nothing moves rows meanwhile.
    @inlinable
    public var value: C {
        get { unsafe pointer.pointee }
        nonmutating _modify { yield unsafe &pointer.pointee }
        nonmutating set { unsafe pointer.pointee = newValue }
    }
}

/// The position of one term's component in a matched table.
public struct TermColumn<T: QueryTerm> {
    /// Index of the column in the table's column list; negative for a sparse-set term (see
    /// ``SparseQueryPlan/addTerm(_:)``), ``absent`` for an optional term the table lacks.
    @usableFromInline let index: Int

    /// The index of an optional term whose component the table lacks.
    @inlinable static var absent: Int { Int.min }

    /// The term's column at `index`.
    @inlinable
    init(index: Int) { self.index = index }

    /// Stamps the column with `version` when the term writes. Called once per table and loop
    /// on the loop's calling thread, before any chunk of the table is handed out.
    @inlinable @inline(__always)
    func stamp(_ table: Table, version: UInt64) {
        // SAFETY: `index` came from the table's own column lookup, so it is below its column
        // count (the buffer checks it in debug builds), unless it is `absent`.
        if T.isWrite && !(T.isOptional && index == Self.absent) { unsafe table.columns[index].version = version }
    }

    /// The term's view of rows `range` of `table`; it writes nothing, so chunks of one table
    /// may take their views on different threads.
    @inlinable @inline(__always)
    func view(_ table: Table, _ range: Range<Int>) -> T.Column {
        if T.isOptional && index == Self.absent { return T.absentColumn }
        // SAFETY: `index` is one of the table's columns; loops pass a `range` of live rows,
        // initialised and kept in place while the loop body runs.
        return unsafe T.column(table.columns[index].pointer(at: range.lowerBound), count: range.count)
    }
}
