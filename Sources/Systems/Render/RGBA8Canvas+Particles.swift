extension RGBA8Canvas {
    /// Draws confetti render states in order: each is a rectangle of its size centred on its
    /// centre, rotated by its z-rotation, in its colour at its opacity.
    /// - Returns: The number of particles drawn; states with non-finite values are skipped.
    @discardableResult
    public mutating func drawParticles(_ states: [ParticleRenderState]) -> Int {
        states.withUnsafeBufferPointer { states in
            drawBatch(count: states.count) { index in
                let state = states[index]
                return RotatedRect(
                    center: state.center, size: state.size, rotation: state.zRotation,
                    color: state.color, opacity: state.opacity)
            }
        }
    }
}
