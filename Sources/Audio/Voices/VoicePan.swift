import Foundation

/// The component holding a voice's stereo position and the equal-power gains it gives.
///
/// Pan `p` in -1 (left) ... 1 (right) maps to the angle `θ = (p + 1) · π/4` and the gains
/// `left = cos θ`, `right = sin θ`, so `left² + right² = 1` at every position: a centred voice
/// plays at 1/√2 (-3 dB) on both channels and keeps its power as it moves.
public struct VoicePan: Sendable, Equatable {
    /// The position, -1 (left) ... 1 (right).
    public let position: Float
    /// The gain of the left output channel.
    public let left: Float
    /// The gain of the right output channel.
    public let right: Float

    /// The equal-power gains of `position`, which must be in -1...1.
    init(_ position: Float) {
        self.position = position
        let angle = Double(position + 1) * Double.pi / 4
        left = Float(cos(angle))
        right = Float(sin(angle))
    }
}
