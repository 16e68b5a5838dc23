import Render

/// Converts a ``ConfettiCloud`` into ``ParticleRenderState`` values, one per live particle in
/// row order, with the depth, opacity and rotation mapping (see ``ParticleRenderState``).
///
/// The renderer owns one buffer that it refills in place. Its capacity grows with the particle
/// count and never shrinks (only ``reset()`` releases it). Rather than a fresh copy of the buffer's
/// live prefix, ``update(from:threads:)`` returns the buffer itself, sharing its storage: no copy
/// and no allocation per frame. A caller that keeps the returned array across the next update makes
/// that update copy the buffer once (copy on write), so drop it before updating again for the
/// zero-copy path.
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
    /// The cloud whose step last refilled the buffer, until the next update completes it.
    private weak var steppedCloud: ConfettiCloud?

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
    ///
    /// Right after `step(_:with:threads:)` of the same cloud, when no row was compacted
    /// away, only the rows respawned since that step are rendered.
    public func update(from cloud: ConfettiCloud, threads: Int = 1) -> [ParticleRenderState] {
        defer { steppedCloud = nil }
        if steppedCloud === cloud && tracedCloud === cloud && activeCount == cloud.aliveCount {
            renderRespawnedRows(of: cloud, threads: threads)
            return buffer
        }
        unsafe refill(from: cloud) { output, pending, copiesTraits in
            cloud.forEachRenderChunk(threads: max(1, threads)) { rows, kernel in
                let chunkOutput = unsafe output.value + rows.lowerBound
                unsafe kernel.run(rows: 0..<rows.count, output: chunkOutput, copyTraits: copiesTraits)
                unsafe Self.copyTraits(of: pending.value, in: rows, with: kernel, to: chunkOutput)
            }
        }
        return buffer
    }

    /// Runs one physics step of `cloud` with `kernel` on up to `threads` threads and refills
    /// the buffer in the same pass over the columns, with the bits of a step followed by
    /// ``update(from:threads:)``; returns how many rows are dead. Dead rows must then be
    /// respawned or compacted away, and the next ``update(from:threads:)`` completes the frame.
    /// - Throws: `ECSError` `invalidArgument` for `threads` below 1.
    func step(_ cloud: ConfettiCloud, with kernel: ConfettiStepKernel, threads: Int) throws(ECSError) -> Int {
        var dead = 0
        try unsafe refill(from: cloud) { (output, pending, copiesTraits) throws(ECSError) in
            dead = try cloud.stepRendering(threads: threads) { rows, columns, render in
                let chunkOutput = unsafe output.value + rows.lowerBound
                if copiesTraits {
                    for row in 0..<rows.count { unsafe render.copyTraits(row: row, to: chunkOutput) }
                }
                let chunkDead = unsafe kernel.run(rows: rows, columns: columns, render: (render.size, chunkOutput))
                unsafe Self.copyTraits(of: pending.value, in: rows, with: render, to: chunkOutput)
                return chunkDead
            }
        }
        steppedCloud = cloud
        return dead
    }

    /// Sizes the buffer for `cloud`'s alive prefix, works out which traits must be copied and
    /// runs `pass` with the buffer's first state, the sorted rows whose traits must be copied,
    /// and whether every row's traits must be copied; then records what the buffer matches.
    /// `pass` must write every row's per-step fields and only the traits asked for.
    private func refill<Failure: Error>(
        from cloud: ConfettiCloud,
        _ pass: (UncheckedSendable<UnsafeMutablePointer<ParticleRenderState>>,
                 UncheckedSendable<UnsafeBufferPointer<Int>>, Bool) throws(Failure) -> Void
    ) throws(Failure) {
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
        // alive rows (below `count`), so a chunk's output and its states lie inside the buffer;
        // a pending row is below `count` and is copied only by the chunk that holds it. Chunks
        // write disjoint ranges, and both buffers are borrowed only until `pass` returns. An
        // empty cloud has no chunks, so a missing base address (empty buffer) is never offset.
        try unsafe buffer.withUnsafeMutableBufferPointer { (output) throws(Failure) in
            guard let base = output.baseAddress else { return }
            try unsafe pendingTraits.withUnsafeBufferPointer { (pending) throws(Failure) in
                try unsafe pass(UncheckedSendable(base), UncheckedSendable(pending), !tracesTraits)
            }
        }
        tracedCloud = cloud
        tracedLayout = cloud.layoutVersion
        tracedRewrites = cloud.rewrittenRows.count
    }

    /// Renders the per-step fields and traits of the rows `cloud` respawned since the step
    /// that refilled the buffer, on up to `threads` threads; every other row's traits are
    /// unchanged, so the buffer then matches the cloud's current layout and respawn log.
    private func renderRespawnedRows(of cloud: ConfettiCloud, threads: Int) {
        tracedLayout = cloud.layoutVersion
        tracedRewrites = cloud.rewrittenRows.count
        guard !cloud.respawnedRows.isEmpty else { return }
        // SAFETY: every respawned row is an alive row (below `activeCount`, the buffer's count),
        // rendered only by the chunk that holds it, which writes only its own rows' states.
        unsafe buffer.withUnsafeMutableBufferPointer { output in
            guard let base = output.baseAddress else { return }
            unsafe cloud.respawnedRows.withUnsafeBufferPointer { respawned in
                let output = unsafe UncheckedSendable(base)
                let shared = unsafe UncheckedSendable(respawned)
                cloud.forEachRenderChunk(threads: max(1, threads)) { rows, kernel in
                    let chunkOutput = unsafe output.value + rows.lowerBound
                    let pending = unsafe shared.value
                    let listed = unsafe pending.firstIndex(notBelow: rows.lowerBound)..<pending.firstIndex(notBelow: rows.upperBound)
                    unsafe kernel.run(
                        listedRows: UnsafeBufferPointer(rebasing: pending[listed]), first: rows.lowerBound, output: chunkOutput)
                }
            }
        }
    }

    /// Copies the traits of the rows of sorted `pending` that lie in `rows` (a chunk whose
    /// first row `kernel` and `output` address).
    @unsafe
    private static func copyTraits(
        of pending: UnsafeBufferPointer<Int>, in rows: Range<Int>, with kernel: ConfettiRenderKernel,
        to output: UnsafeMutablePointer<ParticleRenderState>
    ) {
        var next = unsafe pending.firstIndex(notBelow: rows.lowerBound)
        while unsafe next < pending.count && pending[next] < rows.upperBound {
            unsafe kernel.copyTraits(row: pending[next] - rows.lowerBound, to: output)
            next += 1
        }
    }

    /// Forgets the render states, keeping the buffer's memory.
    public func clear() {
        buffer.removeAll(keepingCapacity: true)
        activeCount = 0
        tracedCloud = nil
        steppedCloud = nil
    }

    /// Forgets the render states and releases the buffer's memory.
    public func reset() {
        buffer = []
        activeCount = 0
        tracedCloud = nil
        steppedCloud = nil
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
