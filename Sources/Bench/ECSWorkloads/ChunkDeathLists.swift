import BenchKit
import ECS

/// The dying particles of a parallel update, listed per chunk of rows: chunk `c` writes its
/// entities to its own segment of ``ParticleUpdateWorkload/chunkRows`` slots and its own count,
/// so chunks on different threads never write the same memory. It is `@unchecked Sendable`
/// for that reason alone; the workload frees it once, in its `deinit`.
struct ChunkDeathLists: @unchecked Sendable {
    /// Segment `c` is `entities[c * chunkRows ..< c * chunkRows + counts[c]]`.
    private let entities: UnsafeMutablePointer<Entity>
    /// The listed entities of each chunk.
    private let counts: UnsafeMutablePointer<Int>
    /// The number of chunks.
    let chunks: Int

    /// Lists for `chunks` chunks, all empty.
    init(chunks: Int) {
        self.chunks = chunks
        entities = .allocate(capacity: chunks * ParticleUpdateWorkload.chunkRows)
        counts = .allocate(capacity: chunks)
        counts.initialize(repeating: 0, count: chunks)
    }

    /// Frees the lists; they must not be used afterwards.
    func deallocate() {
        entities.deallocate()
        counts.deallocate()
    }

    /// Writes `entity` as entry `position` of chunk `chunk`'s list (the chunk's own memory).
    @inline(__always)
    func append(_ entity: Entity, toChunk chunk: Int, at position: Int) {
        precondition(chunk < chunks && position < ParticleUpdateWorkload.chunkRows, "chunk \(chunk) entry \(position) outside the lists")
        (entities + (chunk &* ParticleUpdateWorkload.chunkRows &+ position)).initialize(to: entity)
    }

    /// Sets the length of chunk `chunk`'s list.
    @inline(__always)
    func setCount(_ count: Int, ofChunk chunk: Int) {
        precondition(chunk < chunks, "chunk \(chunk) outside \(chunks) lists")
        counts[chunk] = count
    }

    /// Appends every chunk's list to `list`, in chunk order, and empties the lists, so that a
    /// chunk the next loop does not visit lists nothing.
    func appendAll(to list: inout [Entity]) {
        for chunk in 0..<chunks {
            list.append(contentsOf: UnsafeBufferPointer(start: entities + chunk * ParticleUpdateWorkload.chunkRows, count: counts[chunk]))
            counts[chunk] = 0
        }
    }
}
