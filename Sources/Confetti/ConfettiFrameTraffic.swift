import Render

/// The memory a confetti frame moves per particle, derived from the column layout of a
/// ``ConfettiCloud`` and of ``ParticleRenderState``.
///
/// A frame is one physics step and one render-state extraction. The step reads position,
/// velocity, rotation, opacity, spin and wind force, and writes position, velocity, rotation
/// and opacity back. The extraction reads size (and, in its own pass, position, rotation and
/// opacity again) and writes the per-step fields of one ``ParticleRenderState``; it keeps the
/// identifier and colour in place, so the record's cache lines are read and written whole and
/// the whole record counts both ways.
///
/// The wind phase tables (`WindPhaseTable`, 2 KiB shared by every block of rows) stay in the
/// first-level cache and count as no traffic.
public struct ConfettiFrameTraffic: Hashable, Sendable {
    /// Bytes per particle read.
    public let read: Int
    /// Bytes per particle written.
    public let written: Int

    /// Bytes per particle of a whole frame.
    public var total: Int { read + written }

    /// A frame whose step and extraction run as two passes (render states read only now and
    /// then, or the frame after a change of row layout).
    public static let separatePasses = ConfettiFrameTraffic(fused: false)

    /// A frame whose render states are drawn every frame: the step writes them in its own pass
    /// (``ConfettiSimulation/renderStates``), so the extraction reads no state column again.
    public static let fusedPass = ConfettiFrameTraffic(fused: true)

    /// The traffic of the current layout, with the extraction in the step's pass when `fused`.
    private init(fused: Bool) {
        let changed = MemoryLayout<ConfettoPosition>.stride + MemoryLayout<ConfettoVelocity>.stride
            + MemoryLayout<ConfettoRotation>.stride + MemoryLayout<ConfettoOpacity>.stride
        let stepRead = changed + MemoryLayout<ConfettoSpin>.stride + MemoryLayout<ConfettoWindForce>.stride
        let rendered = MemoryLayout<ConfettoPosition>.stride + MemoryLayout<ConfettoRotation>.stride
            + MemoryLayout<ConfettoOpacity>.stride
        let record = MemoryLayout<ParticleRenderState>.stride
        read = stepRead + MemoryLayout<ConfettoSize>.stride + (fused ? 0 : rendered) + record
        written = changed + record
    }
}
