/// The memory a confetti frame moves per particle, derived from the column layout of a
/// ``ConfettiCloud`` and of ``ParticleRenderState``.
///
/// A frame is one physics step and one render-state extraction:
/// - the step reads position, velocity, rotation, opacity, spin and wind force, and writes
///   position, velocity, rotation and opacity back;
/// - the extraction reads size, position, rotation and opacity, and writes the per-step fields
///   of one ``ParticleRenderState`` (centre, size, opacity, in-plane rotation). It keeps the
///   identifier and colour in place, so the record's cache lines are read and written whole:
///   the whole record counts both ways.
///
/// The wind phase tables (``WindPhaseTable``, 2 KiB shared by every block of rows) stay in the
/// first-level cache and count as no traffic.
public struct ConfettiFrameTraffic: Hashable, Sendable {
    /// Bytes per particle the step reads.
    public let stepRead: Int
    /// Bytes per particle the step writes.
    public let stepWritten: Int
    /// Bytes per particle the render-state extraction reads (columns and the record).
    public let renderRead: Int
    /// Bytes per particle the render-state extraction writes (the record).
    public let renderWritten: Int

    /// The traffic of the current layout.
    public static let perParticle: ConfettiFrameTraffic = {
        let position = MemoryLayout<ConfettoPosition>.stride
        let velocity = MemoryLayout<ConfettoVelocity>.stride
        let rotation = MemoryLayout<ConfettoRotation>.stride
        let opacity = MemoryLayout<ConfettoOpacity>.stride
        let changed = position + velocity + rotation + opacity
        let record = MemoryLayout<ParticleRenderState>.stride
        return ConfettiFrameTraffic(
            stepRead: changed + MemoryLayout<ConfettoSpin>.stride + MemoryLayout<ConfettoWindForce>.stride,
            stepWritten: changed,
            renderRead: MemoryLayout<ConfettoSize>.stride + position + rotation + opacity + record,
            renderWritten: record
        )
    }()

    /// Bytes per particle of a whole frame.
    public var total: Int { stepRead + stepWritten + renderRead + renderWritten }
}
