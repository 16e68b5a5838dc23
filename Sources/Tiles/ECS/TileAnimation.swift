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

    /// Offsets (cells, or scale) and speeds below which a tile snaps to rest: the spring
    /// decays exponentially, and without the snap its offsets would sink into subnormal floats,
    /// whose arithmetic is many times slower on x86.
    public var restThreshold: Float = 1e-4

    /// Creates the animation with the default timings above.
    public init() {}

    /// Advances `pose` by `dt` seconds toward `slot` (or the win pose); a pose at rest there is
    /// left as it is.
    @inlinable
    public func step(_ pose: inout TilePose, slot: TileSlot, dt: Float, decay: Float) {
        let celebrating = pose.celebrateIn <= 0
        if pose.celebrateIn.isFinite { pose.celebrateIn -= dt }
        let target = celebrating ? slot.cell - SIMD2(0, winLift) : slot.cell
        let targetScale: Float = celebrating ? winScale : 1
        // A tile at rest stays at rest: most tiles, most of the time.
        if pose.position == target, pose.velocity == .zero, pose.scale == targetScale, pose.scaleVelocity == 0 { return }
        let offset = pose.position - target
        let push = pose.velocity + stiffness * offset
        let nextOffset = (offset + push * dt) * decay
        let nextVelocity = (pose.velocity - stiffness * push * dt) * decay
        let scaleOffset = pose.scale - targetScale
        let scalePush = pose.scaleVelocity + stiffness * scaleOffset
        let nextScaleOffset = (scaleOffset + scalePush * dt) * decay
        let nextScaleVelocity = (pose.scaleVelocity - stiffness * scalePush * dt) * decay
        let moving = abs(nextOffset.x) + abs(nextOffset.y) + abs(nextVelocity.x) + abs(nextVelocity.y) >= restThreshold
        pose.position = moving ? target + nextOffset : target
        pose.velocity = moving ? nextVelocity : .zero
        let scaling = abs(nextScaleOffset) + abs(nextScaleVelocity) >= restThreshold
        pose.scale = scaling ? targetScale + nextScaleOffset : targetScale
        pose.scaleVelocity = scaling ? nextScaleVelocity : 0
    }

    /// `exp(−stiffness·dt)`, the decay of one step, computed once per step.
    public func decay(for dt: Float) -> Float {
        Foundation.exp(-stiffness * dt)
    }
}
