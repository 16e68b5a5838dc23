/// Maps particle rows to ``ParticleRenderState`` values (the original renderer's formulas):
/// depth `0.5 + 0.5·|cos rot.y|` scales the size around the position, opacity is
/// `clamp(opacity·(0.7 + 0.3·|cos rot.x|), 0, 1)` and the in-plane rotation is
/// `sin(rot.x)·0.3`. Trigonometry uses ``FastTrig``, so rows map independently with the same
/// bits however they are split.
enum ConfettiRenderKernel {
    /// Writes `count` render states to `output` from the columns starting at the same row.
    static func run(
        count: Int,
        output: UnsafeMutablePointer<ParticleRenderState>,
        id: UnsafePointer<UInt64>,
        size: UnsafePointer<SIMD2<Float>>,
        color: UnsafePointer<RGBAColor>,
        position: UnsafePointer<SIMD2<Float>>,
        rotation: UnsafePointer<SIMD2<Float>>,
        opacity: UnsafePointer<Float>
    ) {
        for j in 0..<count {
            let r = rotation[j]
            let flutter = FastTrig.sinCos(r.x)
            let flip = FastTrig.sinCos(r.y)
            let depth = 0.5 + 0.5 * abs(flip.cos)
            let shaded = opacity[j] * (0.7 + 0.3 * abs(flutter.cos))
            output[j] = ParticleRenderState(
                id: id[j],
                center: position[j],
                size: size[j] * depth,
                color: color[j],
                opacity: min(1, max(0, shaded)),
                zRotation: flutter.sin * 0.3
            )
        }
    }
}
