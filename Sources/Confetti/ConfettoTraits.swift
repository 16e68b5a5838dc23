import Render

/// The attributes a particle is born with; they never change while it lives.
///
/// It stores a `size` and keeps `width` and `height` as computed accessors.
public struct ConfettoTraits: Hashable, Sendable {
    /// Identifier derived from the run's seed and the particle's spawn number (see
    /// ``ConfettoID``), so a seed reproduces it.
    public var id: UInt64
    /// Base width and height in points, before the renderer's depth scaling.
    public var size: SIMD2<Float>
    /// Fill colour.
    public var color: RGBAColor
    /// Spin around the X and Y axes in radians per second.
    public var rotationSpeed: SIMD2<Float>
    /// Strength of the wind sway for this particle.
    public var windForce: Float

    /// Creates traits from their fields.
    public init(id: UInt64, size: SIMD2<Float>, color: RGBAColor, rotationSpeed: SIMD2<Float>, windForce: Float) {
        self.id = id
        self.size = size
        self.color = color
        self.rotationSpeed = rotationSpeed
        self.windForce = windForce
    }

    /// Base width in points (`size.x`).
    public var width: Float { size.x }

    /// Base height in points (`size.y`).
    public var height: Float { size.y }
}
