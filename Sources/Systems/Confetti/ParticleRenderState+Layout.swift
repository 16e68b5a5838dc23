extension ParticleRenderState {
    /// Byte offset of ``center``; ``size`` follows it without a gap, so a renderer can store
    /// both as one 16-byte value (the tests check the layout).
    static var centerOffset: Int { MemoryLayout<Self>.offset(of: \.center)! }

    /// Byte offset of ``opacity``; ``zRotation`` follows it without a gap, so a renderer can
    /// store both as one 8-byte value (the tests check the layout).
    static var opacityOffset: Int { MemoryLayout<Self>.offset(of: \.opacity)! }
}
