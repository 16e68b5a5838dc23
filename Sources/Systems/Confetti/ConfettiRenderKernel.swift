/// Maps particle rows to ``ParticleRenderState`` values (the original renderer's formulas):
/// depth `0.5 + 0.5·|cos rot.y|` scales the size around the position, opacity is
/// `clamp(opacity·(0.7 + 0.3·|cos rot.x|), 0, 1)` and the in-plane rotation is
/// `sin(rot.x)·0.3`.
///
/// Rows are shaded four at a time in `SIMD4` lanes with ``FastTrig``; a trailing group of
/// fewer rows is padded and goes through the same lane code, so the bits do not depend on how
/// rows are split.
///
/// Each row's per-step fields are written with two stores: `(center, size)` as 16 bytes and
/// `(opacity, zRotation)` as 8 bytes (``ParticleRenderState`` keeps each pair adjacent). The
/// pairs are interleaved in vector registers and stored as 64-bit lanes (the `(opacity,
/// zRotation)` pairs as `Double` lanes, which stay in vector registers): reading single `Float`
/// lanes instead would let the compiler split the shading into scalar code.
struct ConfettiRenderKernel {
    var id: UnsafePointer<ConfettoID>
    var size: UnsafePointer<ConfettoSize>
    var color: UnsafePointer<ConfettoColor>
    var position: UnsafePointer<ConfettoPosition>
    var rotation: UnsafePointer<ConfettoRotation>
    var opacity: UnsafePointer<ConfettoOpacity>

    /// The column values of four rows the mapping reads.
    private struct Inputs {
        /// Rotation `x` and `y`, one lane per row.
        var rotation: (x: SIMD4<Float>, y: SIMD4<Float>)
        /// `(width, height)` of each row.
        var size: SIMD8<Float>
        /// The bits of each row's centre `(x, y)`.
        var center: SIMD4<UInt64>
        /// Opacity, one lane per row.
        var opacity: SIMD4<Float>
    }

    /// Writes render states of rows `rows` (indices into the columns) to `output[rows]`; with
    /// `copyTraits` false the identifier and colour already in `output` are kept.
    func run(rows: Range<Int>, output: UnsafeMutablePointer<ParticleRenderState>, copyTraits: Bool) {
        var first = rows.lowerBound
        while first + 4 <= rows.upperBound {
            let inputs = Inputs(
                rotation: PairLanes.load(rotation + first),
                size: UnsafeRawPointer(size + first).loadUnaligned(as: SIMD8<Float>.self),
                center: UnsafeRawPointer(position + first).loadUnaligned(as: SIMD4<UInt64>.self),
                opacity: UnsafeRawPointer(opacity + first).loadUnaligned(as: SIMD4<Float>.self)
            )
            write(inputs, first: first, lanes: 4, to: output, copyTraits: copyTraits)
            first += 4
        }
        if first < rows.upperBound {
            let lanes = rows.upperBound - first
            write(paddedInputs(first: first, lanes: lanes), first: first, lanes: lanes, to: output, copyTraits: copyTraits)
        }
    }

    /// The inputs of `lanes` (1...3) rows from `first`, with zeros in the other lanes.
    private func paddedInputs(first: Int, lanes: Int) -> Inputs {
        var inputs = Inputs(rotation: (.zero, .zero), size: .zero, center: .zero, opacity: .zero)
        for lane in 0..<lanes {
            let row = first + lane
            inputs.rotation.x[lane] = rotation[row].value.x
            inputs.rotation.y[lane] = rotation[row].value.y
            inputs.size[2 * lane] = size[row].value.x
            inputs.size[2 * lane + 1] = size[row].value.y
            inputs.center[lane] = unsafeBitCast(position[row].value, to: UInt64.self)
            inputs.opacity[lane] = opacity[row].value
        }
        return inputs
    }

    /// Shades `inputs` and writes the render states of its first `lanes` (1...4) lanes to
    /// `output[first...]`, with their traits when `copyTraits` is true.
    @inline(__always)
    private func write(
        _ inputs: Inputs, first: Int, lanes: Int, to output: UnsafeMutablePointer<ParticleRenderState>, copyTraits: Bool
    ) {
        let flutter = FastTrig.sinAbsCos(inputs.rotation.x)
        let depth = 0.5 + 0.5 * FastTrig.absCos(inputs.rotation.y)
        let shaded = inputs.opacity * (0.7 + 0.3 * flutter.absCos)
        let nonNegative = shaded.replacing(with: 0, where: shaded .< 0)
        let clamped = nonNegative.replacing(with: 1, where: nonNegative .> 1)
        let drawnSize = unsafeBitCast(inputs.size * PairLanes.interleaved(x: depth, y: depth), to: SIMD4<UInt64>.self)
        let looks = unsafeBitCast(PairLanes.interleaved(x: clamped, y: flutter.sin * 0.3), to: SIMD4<Double>.self)
        for lane in 0..<lanes {
            let row = first + lane
            if copyTraits {
                self.copyTraits(row: row, to: output)
            }
            let fields = UnsafeMutableRawPointer(output + row)
            fields.storeBytes(
                of: SIMD2(inputs.center[lane], drawnSize[lane]), toByteOffset: ParticleRenderState.centerOffset,
                as: SIMD2<UInt64>.self
            )
            fields.storeBytes(of: looks[lane], toByteOffset: ParticleRenderState.opacityOffset, as: Double.self)
        }
    }

    /// Copies the identifier and colour of `row` to `output[row]`.
    func copyTraits(row: Int, to output: UnsafeMutablePointer<ParticleRenderState>) {
        output[row].id = id[row].value
        output[row].color = color[row].value
    }
}
