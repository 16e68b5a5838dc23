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

    /// Rows shaded per tile before the render states are assembled.
    private static let tileRows = 64

    /// Writes render states of rows `rows` (indices into the columns) to `output[rows]`; with
    /// `copyTraits` false the identifier and colour already in `output` are kept.
    ///
    /// Each tile is shaded first into a scratch ``Tile`` with whole-vector stores, so that the
    /// lane arithmetic stays in vector registers (extracting single lanes would let the
    /// compiler split it into scalar code), then the render states are assembled row by row.
    func run(rows: Range<Int>, output: UnsafeMutablePointer<ParticleRenderState>, copyTraits: Bool) {
        withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: Tile.rows) { sizes in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * Tile.rows) { looks in
                let tile = Tile(sizes: sizes.baseAddress!, opacities: looks.baseAddress!, zRotations: looks.baseAddress! + Tile.rows)
                var first = rows.lowerBound
                while first < rows.upperBound {
                    let count = min(Tile.rows, rows.upperBound - first)
                    shade(from: first, count: count, into: tile)
                    if copyTraits {
                        for row in first..<(first + count) {
                            self.copyTraits(row: row, to: output)
                        }
                    }
                    tile.write(count: count, centers: position + first, to: output + first)
                    first += count
                }
            }
        }
    }

    /// Shades `count` (1...``Tile/rows``) rows from `first` into `tile[0..<count]`.
    private func shade(from first: Int, count: Int, into tile: Tile) {
        var group = 0
        while group + 4 <= count {
            let row = first + group
            let (rotationX, rotationY) = PairLanes.load(rotation + row)
            let (width, height) = PairLanes.load(size + row)
            let base = UnsafeRawPointer(opacity + row).loadUnaligned(as: SIMD4<Float>.self)
            tile.store(
                Self.shade(rotationX: rotationX, rotationY: rotationY, sizeX: width, sizeY: height, opacity: base),
                at: group
            )
            group += 4
        }
        guard group < count else { return }
        var rotationX = SIMD4<Float>.zero, rotationY = SIMD4<Float>.zero
        var width = SIMD4<Float>.zero, height = SIMD4<Float>.zero, base = SIMD4<Float>.zero
        for lane in 0..<(count - group) {
            let row = first + group + lane
            rotationX[lane] = rotation[row].value.x
            rotationY[lane] = rotation[row].value.y
            width[lane] = size[row].value.x
            height[lane] = size[row].value.y
            base[lane] = opacity[row].value
        }
        let shade = Self.shade(rotationX: rotationX, rotationY: rotationY, sizeX: width, sizeY: height, opacity: base)
        tile.store(shade, at: group, lanes: count - group)
    }

    @inline(__always)
    private static func shade(
        rotationX: SIMD4<Float>, rotationY: SIMD4<Float>, sizeX: SIMD4<Float>, sizeY: SIMD4<Float>, opacity: SIMD4<Float>
    ) -> Tile.Shade {
        let flutter = FastTrig.sinAbsCos(rotationX)
        let depth = 0.5 + 0.5 * FastTrig.absCos(rotationY)
        let shaded = opacity * (0.7 + 0.3 * flutter.absCos)
        let nonNegative = LaneSelect.select(LaneSelect.bits(shaded .< 0), .zero, shaded)
        let clamped = LaneSelect.select(LaneSelect.bits(nonNegative .> 1), SIMD4(repeating: 1), nonNegative)
        return Tile.Shade(width: sizeX * depth, height: sizeY * depth, opacity: clamped, zRotation: flutter.sin * 0.3)
    }

    /// Copies the identifier and colour of `row` to `output[row]`.
    func copyTraits(row: Int, to output: UnsafeMutablePointer<ParticleRenderState>) {
        output[row].id = id[row].value
        output[row].color = color[row].value
    }
}
