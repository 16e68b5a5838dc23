/// The mutable part of a ``Table``: buffer of entities, row counts, version and the cached
/// edges of the table graph.
@usableFromInline
struct TableState {
    /// The entity stored in each row.
    @usableFromInline var entities: UnsafeMutablePointer<Entity>
    /// Initialised rows (live and dead).
    @usableFromInline var count = 0
    /// Live rows, the prefix `0..<aliveCount`.
    @usableFromInline var aliveCount = 0
    /// Rows the buffers can hold.
    var capacity = 0
    /// World version of the last change to the rows.
    @usableFromInline var structuralVersion: UInt64
    /// Table reached by adding each component (by component number), -1 when not known yet.
    private var addEdges: [Int] = []
    /// Table reached by removing each component (by component number), -1 when not known yet.
    private var removeEdges: [Int] = []

    init(entities: UnsafeMutablePointer<Entity>, structuralVersion: UInt64) {
        self.entities = entities
        self.structuralVersion = structuralVersion
    }

    /// Records the table reached by adding or removing component number `id`.
    mutating func setEdge(_ id: Int, adding: Bool, to table: Int) {
        if adding {
            if addEdges.count <= id { addEdges += repeatElement(-1, count: id + 1 - addEdges.count) }
            addEdges[id] = table
        } else {
            if removeEdges.count <= id { removeEdges += repeatElement(-1, count: id + 1 - removeEdges.count) }
            removeEdges[id] = table
        }
    }

    /// The cached table reached by adding or removing component number `id`.
    func edge(_ id: Int, adding: Bool) -> Int? {
        let table = adding ? (id < addEdges.count ? addEdges[id] : -1) : (id < removeEdges.count ? removeEdges[id] : -1)
        return table >= 0 ? table : nil
    }
}
