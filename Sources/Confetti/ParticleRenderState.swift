/// What a renderer needs to draw one particle, produced by ``ConfettiRenderer``.
public struct ParticleRenderState: Hashable, Sendable {
    /// The particle's identifier (``ConfettoTraits/id``).
    public var id: UInt64
    /// Fill colour.
    public var color: RGBAColor
    /// Centre of the drawing rectangle in points.
    public var center: SIMD2<Float>
    /// Width and height of the drawing rectangle: the base size times the depth scale
    /// `0.5 + 0.5 * |cos(rotation.y)|`.
    public var size: SIMD2<Float>
    /// `clamp(opacity * (0.7 + 0.3 * |cos(rotation.x)|), 0, 1)`.
    public var opacity: Float
    /// Rotation in the drawing plane in radians: `sin(rotation.x) * 0.3`.
    public var zRotation: Float

    /// Creates a render state from its fields.
    public init(id: UInt64, center: SIMD2<Float>, size: SIMD2<Float>, color: RGBAColor, opacity: Float, zRotation: Float) {
        self.id = id
        self.center = center
        self.size = size
        self.color = color
        self.opacity = opacity
        self.zRotation = zRotation
    }

    /// Top-left corner of the drawing rectangle (`center - size / 2`).
    public var origin: SIMD2<Float> { center - size * 0.5 }
}
