/// Converts a ``ConfettiCloud`` into ``ParticleRenderState`` values, one per live particle in
/// row order, with the original's mapping (see ``ParticleRenderState``).
///
/// The renderer owns one buffer that it refills in place. Its capacity grows with the particle
/// count and never shrinks (only ``reset()`` releases it). Where the original returns a fresh
/// copy `Array(buffer.prefix(count))` every time, ``update(from:threads:)`` returns the buffer
/// itself, sharing its storage: no copy and no allocation per frame. A caller that keeps the
/// returned array across the next update makes that update copy the buffer once (copy on
/// write), so drop it before updating again for the zero-copy path.
///
/// Identifiers and colours change only when particles are created or move, so the renderer
/// copies them only then: while it keeps rendering the same cloud with an unchanged row layout,
/// it rewrites the per-step fields of every row and the traits of the rows respawned since its
/// last update.
public final class ConfettiRenderer {
    private var buffer: [ParticleRenderState] = []
    /// The cloud, its layout version and the respawn log length the buffer's traits match.
    private weak var tracedCloud: ConfettiCloud?
    private var tracedLayout = -1
    private var tracedRewrites = 0
    /// Rows whose traits must be copied in this update, sorted (reused between updates).
    private var pendingTraits: [Int] = []

    /// Number of render states produced by the last update.
    public private(set) var activeCount = 0

    /// Creates a renderer with room for `initialCapacity` particles (default 150, the default
    /// particle count).
    public init(initialCapacity: Int = 150) {
        buffer.reserveCapacity(max(0, initialCapacity))
    }

    /// Refills the buffer from `cloud`'s alive prefix, on up to `threads` threads (the rows are
    /// split into fixed chunks, so the result does not depend on `threads`), and returns it.
    /// `threads` below 1 counts as 1.
    public func update(from cloud: ConfettiCloud, threads: Int = 1) -> [ParticleRenderState] {
        let count = cloud.aliveCount
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else if buffer.count < count {
            buffer.append(contentsOf: repeatElement(Self.placeholder, count: count - buffer.count))
        }
        let tracesTraits = tracedCloud === cloud && tracedLayout == cloud.layoutVersion
            && activeCount == count && tracedRewrites <= cloud.rewrittenRows.count
        pendingTraits.removeAll(keepingCapacity: true)
        if tracesTraits {
            pendingTraits.append(contentsOf: cloud.rewrittenRows[tracedRewrites...])
            if !pendingTraits.isSorted { pendingTraits.sort() }
        }
        activeCount = count
        // SAFETY: the buffer holds `count` states, one per alive row, and every chunk covers
        // alive rows `rows` (below `count`), so `chunkOutput` and the chunk's `rows.count`
        // states after it lie inside the buffer; a pending row is below `count` and is copied
        // only by the chunk that holds it. Chunks write disjoint ranges, and both buffers are
        // borrowed only until the chunk loop returns. An empty cloud has no chunks, so a
        // missing base address (empty buffer) is never offset.
        unsafe buffer.withUnsafeMutableBufferPointer { output in
            guard let base = output.baseAddress else { return }
            unsafe pendingTraits.withUnsafeBufferPointer { pending in
                let output = unsafe ConfettiChunkShare(base)
                let traits = unsafe ConfettiChunkShare(pending)
                cloud.forEachRenderChunk(threads: max(1, threads)) { rows, kernel in
                    let chunkOutput = unsafe output.value + rows.lowerBound
                    let pending = unsafe traits.value
                    unsafe kernel.run(rows: 0..<rows.count, output: chunkOutput, copyTraits: !tracesTraits)
                    var next = unsafe pending.firstIndex(notBelow: rows.lowerBound)
                    while unsafe next < pending.count && pending[next] < rows.upperBound {
                        unsafe kernel.copyTraits(row: pending[next] - rows.lowerBound, to: chunkOutput)
                        next += 1
                    }
                }
            }
        }
        tracedCloud = cloud
        tracedLayout = cloud.layoutVersion
        tracedRewrites = cloud.rewrittenRows.count
        return buffer
    }

    /// Forgets the render states, keeping the buffer's memory.
    public func clear() {
        buffer.removeAll(keepingCapacity: true)
        activeCount = 0
        tracedCloud = nil
    }

    /// Forgets the render states and releases the buffer's memory.
    public func reset() {
        buffer = []
        activeCount = 0
        tracedCloud = nil
    }

    /// Render states of `cloud` from a throwaway renderer (allocates each call; keep a
    /// renderer for animation loops).
    public static func renderStates(from cloud: ConfettiCloud) -> [ParticleRenderState] {
        ConfettiRenderer(initialCapacity: cloud.aliveCount).update(from: cloud)
    }

    /// The value new buffer slots hold until they are written.
    private static let placeholder = ParticleRenderState(
        id: 0, center: .zero, size: .zero, color: RGBAColor(r: 0, g: 0, b: 0, a: 0), opacity: 0, zRotation: 0
    )
}

extension Array where Element == Int {
    /// Whether the elements are in ascending order.
    fileprivate var isSorted: Bool {
        indices.dropFirst().allSatisfy { self[$0 - 1] <= self[$0] }
    }
}

extension UnsafeBufferPointer where Element == Int {
    /// The first index of a sorted buffer whose element is at least `value` (`count` if none),
    /// by binary search.
    fileprivate func firstIndex(notBelow value: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            // SAFETY: `low <= middle < high <= count`, so `middle` indexes the buffer.
            if unsafe self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
