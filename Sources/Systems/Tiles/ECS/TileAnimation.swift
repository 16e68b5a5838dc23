import Foundation

/// The tile animation: a critically damped spring toward each tile's slot (and toward the win
/// pose once its turn in the wave comes), integrated exactly, so any step size is stable.
public struct TileAnimation: Sendable, Equatable {
    /// The spring's angular frequency, per second: 24 settles a move to within 1% of its length
    /// in 0.3 s.
    public var stiffness: Float = 24
    /// The win pose's scale.
    public var winScale: Float = 1.1
    /// How far the win pose lifts a tile, in cells.
    public var winLift: Float = 0.1
    /// The delay of the win wave per step along the diagonal (`(x + y) × 0.05 s`).
    public var waveDelay: Float = 0.05

    /// The original's timings.
    public init() {}

    /// Advances `pose` by `dt` seconds toward `slot` (or the win pose).
    @inlinable
    public func step(_ pose: inout TilePose, slot: TileSlot, dt: Float, decay: Float) {
        let celebrating = pose.celebrateIn <= 0
        if pose.celebrateIn.isFinite { pose.celebrateIn -= dt }
        let target = celebrating ? slot.cell - SIMD2(0, winLift) : slot.cell
        let targetScale: Float = celebrating ? winScale : 1
        let offset = pose.position - target
        let push = pose.velocity + stiffness * offset
        pose.position = target + (offset + push * dt) * decay
        pose.velocity = (pose.velocity - stiffness * push * dt) * decay
        let scaleOffset = pose.scale - targetScale
        let scalePush = pose.scaleVelocity + stiffness * scaleOffset
        pose.scale = targetScale + (scaleOffset + scalePush * dt) * decay
        pose.scaleVelocity = (pose.scaleVelocity - stiffness * scalePush * dt) * decay
    }

    /// `exp(−stiffness·dt)`, the decay of one step, computed once per step.
    public func decay(for dt: Float) -> Float {
        Foundation.exp(-stiffness * dt)
    }
}
