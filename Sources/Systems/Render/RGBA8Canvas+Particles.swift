extension RGBA8Canvas {
    /// Draws confetti render states in order: each is a rectangle of its size centred on its
    /// centre, rotated by its z-rotation, in its colour at its opacity.
    /// - Returns: The number of particles drawn; states with non-finite values are skipped.
    @discardableResult
    public mutating func drawParticles(_ states: [ParticleRenderState]) -> Int {
        // SAFETY: the buffer is the array's own storage, used only inside the closure, and
        // `drawBatch` asks only for indices below its count.
        unsafe states.withUnsafeBufferPointer { states in
            drawBatch(count: states.count) { index in
                let state = unsafe states[index]
                return RotatedRect(
                    center: state.center, size: state.size, rotation: state.zRotation,
                    color: state.color, opacity: state.opacity)
            }
        }
    }
}
