/// One component access of a query: ``Read`` or ``Write``.
///
/// A term turns a table column into the buffer handed to chunk bodies (``Column``) and into the
/// per-entity value handed to per-entity bodies (``Item``). Its metatype is `Sendable`, since
/// parallel chunk loops use it on their threads.
public protocol QueryTerm: SendableMetatype {
    /// The component type accessed.
    associatedtype Component
    /// The column view passed to chunk loops.
    associatedtype Column
    /// The per-entity view passed to per-entity loops.
    associatedtype Item
    /// Whether the term writes (and so bumps the column version when a loop visits a table).
    static var isWrite: Bool { get }
    /// A view over `count` values starting at `base`.
    static func column(_ base: UnsafeMutableRawPointer, count: Int) -> Column
    /// The view of the value at `row` of `column`.
    static func item(_ column: Column, at row: Int) -> Item
}

/// Read-only access to component `C`: chunk loops get an `UnsafeBufferPointer<C>`.
public enum Read<C>: QueryTerm {
    public typealias Component = C
    /// Reads never bump versions.
    @inlinable public static var isWrite: Bool { false }
    /// The live values of the chunk.
    @inlinable
    public static func column(_ base: UnsafeMutableRawPointer, count: Int) -> UnsafeBufferPointer<C> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: C.self), count: count)
    }
    /// A copy of the value.
    @inlinable
    public static func item(_ column: UnsafeBufferPointer<C>, at row: Int) -> C { column[row] }
}

/// Read-write access to component `C`: chunk loops get an `UnsafeMutableBufferPointer<C>`;
/// each visited table's column version is bumped.
public enum Write<C>: QueryTerm {
    public typealias Component = C
    /// Writes bump the column version.
    @inlinable public static var isWrite: Bool { true }
    /// The live values of the chunk.
    @inlinable
    public static func column(_ base: UnsafeMutableRawPointer, count: Int) -> UnsafeMutableBufferPointer<C> {
        UnsafeMutableBufferPointer(start: base.assumingMemoryBound(to: C.self), count: count)
    }
    /// A reference to the stored value.
    @inlinable
    public static func item(_ column: UnsafeMutableBufferPointer<C>, at row: Int) -> Mut<C> {
        Mut(pointer: column.baseAddress! + row)
    }
}

/// A mutable reference to one stored component, handed to per-entity query loops.
public struct Mut<C> {
    @usableFromInline let pointer: UnsafeMutablePointer<C>

    @inlinable
    init(pointer: UnsafeMutablePointer<C>) { self.pointer = pointer }

    /// The stored value; assigning writes through to the table.
    @inlinable
    public var value: C {
        get { pointer.pointee }
        nonmutating _modify { yield &pointer.pointee }
        nonmutating set { pointer.pointee = newValue }
    }
}

/// The position of one term's component in a matched table.
public struct TermColumn<T: QueryTerm> {
    @usableFromInline let index: Int

    @inlinable
    init(index: Int) { self.index = index }

    /// Stamps the column with `version` when the term writes. Called once per table and loop
    /// on the loop's calling thread, before any chunk of the table is handed out.
    @inlinable
    func stamp(_ table: Table, version: UInt64) {
        if T.isWrite { table.columns[index].version = version }
    }

    /// The term's view of rows `range` of `table`; it writes nothing, so chunks of one table
    /// may take their views on different threads.
    @inlinable
    func view(_ table: Table, _ range: Range<Int>) -> T.Column {
        T.column(table.columns[index].pointer(at: range.lowerBound), count: range.count)
    }
}
