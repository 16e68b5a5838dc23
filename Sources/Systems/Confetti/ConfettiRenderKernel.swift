/// Maps particle rows to ``ParticleRenderState`` values (the original renderer's formulas):
/// depth `0.5 + 0.5·|cos rot.y|` scales the size around the position, opacity is
/// `clamp(opacity·(0.7 + 0.3·|cos rot.x|), 0, 1)` and the in-plane rotation is
/// `sin(rot.x)·0.3`. Rows are mapped four at a time with ``FastTrig``; a trailing group of
/// fewer rows uses the same lane code, so the bits do not depend on how rows are split.
struct ConfettiRenderKernel {
    var id: UnsafePointer<ConfettoID>
    var size: UnsafePointer<ConfettoSize>
    var color: UnsafePointer<ConfettoColor>
    var position: UnsafePointer<ConfettoPosition>
    var rotation: UnsafePointer<ConfettoRotation>
    var opacity: UnsafePointer<ConfettoOpacity>

    /// Writes render states of rows `rows` (indices into the columns) to `output[rows]`.
    func run(rows: Range<Int>, output: UnsafeMutablePointer<ParticleRenderState>) {
        var row = rows.lowerBound
        while row < rows.upperBound {
            let lanes = min(4, rows.upperBound - row)
            var rotationX = SIMD4<Float>.zero, rotationY = SIMD4<Float>.zero
            var sizeX = SIMD4<Float>.zero, sizeY = SIMD4<Float>.zero
            var baseOpacity = SIMD4<Float>.zero
            if lanes == 4 {
                (rotationX, rotationY) = ConfettiStateColumns.loadPairs(rotation + row)
                (sizeX, sizeY) = ConfettiStateColumns.loadPairs(size + row)
                baseOpacity = UnsafeRawPointer(opacity + row).loadUnaligned(as: SIMD4<Float>.self)
            } else {
                for lane in 0..<lanes {
                    rotationX[lane] = rotation[row + lane].value.x
                    rotationY[lane] = rotation[row + lane].value.y
                    sizeX[lane] = size[row + lane].value.x
                    sizeY[lane] = size[row + lane].value.y
                    baseOpacity[lane] = opacity[row + lane].value
                }
            }
            let flutter = FastTrig.sinCos(rotationX)
            let flip = FastTrig.sinCos(rotationY)
            let depth = 0.5 + 0.5 * FastTrig.magnitude(flip.cos)
            let shaded = baseOpacity * (0.7 + 0.3 * FastTrig.magnitude(flutter.cos))
            let nonNegative = LaneSelect.select(LaneSelect.bits(shaded .< 0), .zero, shaded)
            let clamped = LaneSelect.select(LaneSelect.bits(nonNegative .> 1), SIMD4(repeating: 1), nonNegative)
            let zRotation = flutter.sin * 0.3
            let width = sizeX * depth, height = sizeY * depth
            if lanes == 4 {
                write(row, lane: 0, width[0], height[0], clamped[0], zRotation[0], to: output)
                write(row, lane: 1, width[1], height[1], clamped[1], zRotation[1], to: output)
                write(row, lane: 2, width[2], height[2], clamped[2], zRotation[2], to: output)
                write(row, lane: 3, width[3], height[3], clamped[3], zRotation[3], to: output)
            } else {
                for lane in 0..<lanes {
                    write(row, lane: lane, width[lane], height[lane], clamped[lane], zRotation[lane], to: output)
                }
            }
            row += lanes
        }
    }

    @inline(__always)
    private func write(
        _ row: Int, lane: Int, _ width: Float, _ height: Float, _ opacity: Float, _ zRotation: Float,
        to output: UnsafeMutablePointer<ParticleRenderState>
    ) {
        let index = row + lane
        output[index] = ParticleRenderState(
            id: id[index].value, center: position[index].value, size: SIMD2(width, height),
            color: color[index].value, opacity: opacity, zRotation: zRotation
        )
    }
}
