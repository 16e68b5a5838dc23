/// Maps particle rows to ``ParticleRenderState`` values (the original renderer's formulas):
/// depth `0.5 + 0.5·|cos rot.y|` scales the size around the position, opacity is
/// `clamp(opacity·(0.7 + 0.3·|cos rot.x|), 0, 1)` and the in-plane rotation is
/// `sin(rot.x)·0.3`.
///
/// Rows are shaded four at a time in `SIMD4` lanes with ``FastTrig``; a trailing group of
/// fewer rows is padded and goes through the same lane code, so the bits do not depend on how
/// rows are split.
struct ConfettiRenderKernel {
    var id: UnsafePointer<ConfettoID>
    var size: UnsafePointer<ConfettoSize>
    var color: UnsafePointer<ConfettoColor>
    var position: UnsafePointer<ConfettoPosition>
    var rotation: UnsafePointer<ConfettoRotation>
    var opacity: UnsafePointer<ConfettoOpacity>

    /// The values of four rows that depend on rotation.
    private struct Shade {
        var width: SIMD4<Float>
        var height: SIMD4<Float>
        var opacity: SIMD4<Float>
        var zRotation: SIMD4<Float>
    }

    /// Rows shaded per tile before the render states are assembled.
    private static let tileGroups = 16

    /// Writes render states of rows `rows` (indices into the columns) to `output[rows]`; with
    /// `copyTraits` false the identifier and colour already in `output` are kept.
    ///
    /// Each tile is shaded first into vectors (so that the lane arithmetic stays in vector
    /// registers), then copied out row by row.
    func run(rows: Range<Int>, output: UnsafeMutablePointer<ParticleRenderState>, copyTraits: Bool) {
        withUnsafeTemporaryAllocation(of: Shade.self, capacity: Self.tileGroups) { tile in
            let shades = tile.baseAddress!
            var row = rows.lowerBound
            while row < rows.upperBound {
                let tileRows = min(4 * Self.tileGroups, rows.upperBound - row)
                let fullGroups = tileRows / 4
                for group in 0..<fullGroups {
                    let first = row + 4 * group
                    let (rotationX, rotationY) = PairLanes.load(rotation + first)
                    let (sizeX, sizeY) = PairLanes.load(size + first)
                    let base = UnsafeRawPointer(opacity + first).loadUnaligned(as: SIMD4<Float>.self)
                    (shades + group).initialize(to: Self.shade(
                        rotationX: rotationX, rotationY: rotationY, sizeX: sizeX, sizeY: sizeY, opacity: base
                    ))
                }
                if fullGroups * 4 < tileRows {
                    (shades + fullGroups).initialize(to: shadePartial(from: row + 4 * fullGroups, count: tileRows - 4 * fullGroups))
                }
                if copyTraits {
                    for j in row..<(row + tileRows) {
                        output[j].id = id[j].value
                        output[j].color = color[j].value
                    }
                }
                for group in 0..<fullGroups {
                    let first = row + 4 * group
                    let shade = shades[group]
                    write(first, lane: 0, shade, to: output)
                    write(first + 1, lane: 1, shade, to: output)
                    write(first + 2, lane: 2, shade, to: output)
                    write(first + 3, lane: 3, shade, to: output)
                }
                for j in (4 * fullGroups)..<tileRows {
                    write(row + j, lane: j & 3, shades[fullGroups], to: output)
                }
                row += tileRows
            }
        }
    }

    /// Shades `count` (1...3) rows from `first`, padding the other lanes with zeros.
    private func shadePartial(from first: Int, count: Int) -> Shade {
        var rotationX = SIMD4<Float>.zero, rotationY = SIMD4<Float>.zero
        var sizeX = SIMD4<Float>.zero, sizeY = SIMD4<Float>.zero, base = SIMD4<Float>.zero
        for lane in 0..<count {
            rotationX[lane] = rotation[first + lane].value.x
            rotationY[lane] = rotation[first + lane].value.y
            sizeX[lane] = size[first + lane].value.x
            sizeY[lane] = size[first + lane].value.y
            base[lane] = opacity[first + lane].value
        }
        return Self.shade(rotationX: rotationX, rotationY: rotationY, sizeX: sizeX, sizeY: sizeY, opacity: base)
    }

    @inline(__always)
    private static func shade(
        rotationX: SIMD4<Float>, rotationY: SIMD4<Float>, sizeX: SIMD4<Float>, sizeY: SIMD4<Float>, opacity: SIMD4<Float>
    ) -> Shade {
        let flutter = FastTrig.sinCos(rotationX)
        let depth = 0.5 + 0.5 * FastTrig.absCos(rotationY)
        let shaded = opacity * (0.7 + 0.3 * FastTrig.magnitude(flutter.cos))
        let nonNegative = LaneSelect.select(LaneSelect.bits(shaded .< 0), .zero, shaded)
        let clamped = LaneSelect.select(LaneSelect.bits(nonNegative .> 1), SIMD4(repeating: 1), nonNegative)
        return Shade(width: sizeX * depth, height: sizeY * depth, opacity: clamped, zRotation: flutter.sin * 0.3)
    }

    /// Copies the identifier and colour of `row` to `output[row]`.
    func copyTraits(row: Int, to output: UnsafeMutablePointer<ParticleRenderState>) {
        output[row].id = id[row].value
        output[row].color = color[row].value
    }

    /// Writes the fields of `output[index]` that change every step.
    @inline(__always)
    private func write(_ index: Int, lane: Int, _ shade: Shade, to output: UnsafeMutablePointer<ParticleRenderState>) {
        output[index].center = position[index].value
        output[index].size = SIMD2(shade.width[lane], shade.height[lane])
        output[index].opacity = shade.opacity[lane]
        output[index].zRotation = shade.zRotation[lane]
    }
}
