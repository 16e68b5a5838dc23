import Render
import SIMDKernels

extension RGBA8Canvas {
    /// Draws confetti render states in order: each is a rectangle of its size centred on its
    /// centre, rotated by its z-rotation, in its colour at its opacity.
    /// - Returns: The number of particles drawn; states with non-finite values are skipped.
    @discardableResult
    public mutating func drawParticles(_ states: [ParticleRenderState]) -> Int {
        drawParticles(states, onThreads: 1)
    }

    /// Draws confetti render states in order, like ``drawParticles(_:)``, on up to `threads`
    /// threads: the canvas is cut into bands of rows and each thread blends whole bands, so the
    /// pixels have the same bits for every thread count. With a `background`, the canvas is
    /// first cleared to it, as `clear(_:)` does, band by band on the same threads. When the
    /// canvas was last cleared to the same colour (by `clear(_:)` or such a draw) and nothing
    /// else has changed it since, only the region drawn since is cleared: every other pixel has
    /// that colour already, so drawing frame after frame clears only where the last frame drew.
    /// - Returns: The number of particles drawn; states with non-finite values are skipped.
    /// - Throws: `RenderErrorCode/invalidArgument` when `threads` is below 1; nothing is
    ///   drawn or cleared then.
    @discardableResult
    public mutating func drawParticles(
        _ states: [ParticleRenderState], threads: Int, clearingTo background: RGBAColor? = nil
    ) throws(RenderError) -> Int {
        guard threads >= 1 else {
            let error = RenderError(.invalidArgument, "thread count must be at least 1 (got \(threads))")
            diagnostics?.record(error)
            throw error
        }
        return drawParticles(states, onThreads: threads, clearingTo: background)
    }

    /// Draws `states` on `threads` threads (at least 1) in bands of `rowsPerBand` rows, after
    /// clearing to `background` if one is given.
    mutating func drawParticles(
        _ states: [ParticleRenderState], onThreads threads: Int,
        rowsPerBand: Int = BandedRectBatch.defaultRowsPerBand, clearingTo background: RGBAColor? = nil
    ) -> Int {
        // SAFETY: the buffer is the array's own storage, used only inside the closure, and
        // `drawBatch` reads only its `states.count` states.
        unsafe states.withUnsafeBufferPointer { states in
            unsafe drawBatch(
                count: states.count, of: RectColumns(states), threads: threads, rowsPerBand: rowsPerBand,
                clearingTo: background)
        }
    }
}

extension RectColumns {
    /// The rectangles of `states` (each its size centred on its centre, turned by its
    /// z-rotation), read in place.
    init(_ states: UnsafeBufferPointer<ParticleRenderState>) {
        unsafe self.init(
            states.baseAddress, center: \ParticleRenderState.center, size: \.size, rotation: \.zRotation,
            color: \.color, opacity: \.opacity)
    }
}
