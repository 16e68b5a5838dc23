/// One component's storage in a table: a contiguous, cache-line aligned buffer of values plus
/// the version of its last write.
@usableFromInline
struct Column {
    /// Layout and operations of the stored type (kept alive by the table that owns the column).
    @usableFromInline unowned(unsafe) let type: ComponentType
    /// Start of the buffer; rows `0..<table.count` are initialised.
    @usableFromInline var base: UnsafeMutableRawPointer
    /// World version of the last write to any value in this column.
    @usableFromInline var version: UInt64

    /// Address of `row`.
    @inlinable
    func pointer(at row: Int) -> UnsafeMutableRawPointer { base + row &* type.stride }
}
