/// Converts a ``ConfettiCloud`` into ``ParticleRenderState`` values, one per live particle in
/// row order, with the original's mapping (see ``ParticleRenderState``).
///
/// The renderer owns one buffer that it refills in place. Its capacity grows with the particle
/// count and never shrinks (only ``reset()`` releases it). Where the original returns a fresh
/// copy `Array(buffer.prefix(count))` every time, ``update(from:threads:)`` returns the buffer
/// itself, sharing its storage: no copy and no allocation per frame. A caller that keeps the
/// returned array across the next update makes that update copy the buffer once (copy on
/// write), so drop it before updating again for the zero-copy path.
public final class ConfettiRenderer {
    private var buffer: [ParticleRenderState] = []

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
        activeCount = count
        buffer.withUnsafeMutableBufferPointer { output in
            let base = output.baseAddress
            cloud.forEachRenderChunk(threads: max(1, threads)) { rows, kernel in
                kernel.run(rows: 0..<rows.count, output: base! + rows.lowerBound)
            }
        }
        return buffer
    }

    /// Forgets the render states, keeping the buffer's memory.
    public func clear() {
        buffer.removeAll(keepingCapacity: true)
        activeCount = 0
    }

    /// Forgets the render states and releases the buffer's memory.
    public func reset() {
        buffer = []
        activeCount = 0
    }

    /// The value new buffer slots hold until they are written.
    private static let placeholder = ParticleRenderState(
        id: 0, center: .zero, size: .zero, color: RGBAColor(r: 0, g: 0, b: 0, a: 0), opacity: 0, zRotation: 0
    )
}
