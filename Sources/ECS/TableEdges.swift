/// The cached edges of one table in the table graph: for each component number, the table
/// reached by adding (or removing) that component, or -1 while unknown.
///
/// A raw buffer rather than an array, so that ``TableStorage`` stays plain bits and hot paths
/// that read it do no reference counting.
struct TableEdges {
    private var targets: UnsafeMutablePointer<Int32>
    private var count = 0

    init() {
        targets = UnsafeMutablePointer(bitPattern: MemoryLayout<Int32>.alignment)!
    }

    /// Frees the buffer; the edges must not be used afterwards.
    func deallocate() {
        if count > 0 { targets.deallocate() }
    }

    /// The table reached through component number `id`, if known.
    subscript(id: Int) -> Int? {
        guard id < count, targets[id] >= 0 else { return nil }
        return Int(targets[id])
    }

    /// Records that component number `id` leads to `table`.
    mutating func set(_ id: Int, to table: Int) {
        if id >= count {
            let newCount = Swift.max(id + 1, count * 2, 8)
            let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: newCount)
            fresh.initialize(repeating: -1, count: newCount)
            if count > 0 {
                fresh.update(from: targets, count: count)
                targets.deallocate()
            }
            targets = fresh
            count = newCount
        }
        targets[id] = Int32(table)
    }
}
