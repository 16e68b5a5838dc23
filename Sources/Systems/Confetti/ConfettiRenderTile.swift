extension ConfettiRenderKernel {
    /// Scratch storage for the shaded fields of up to ``rows`` rows: drawing sizes as
    /// `(width, height)` pairs, opacities and in-plane rotations.
    struct Tile {
        /// The values of four rows that depend on rotation, one lane per row.
        struct Shade {
            var width: SIMD4<Float>
            var height: SIMD4<Float>
            var opacity: SIMD4<Float>
            var zRotation: SIMD4<Float>
        }

        /// Rows held by a tile.
        static let rows = 64

        /// `rows` drawing sizes.
        let sizes: UnsafeMutablePointer<SIMD2<Float>>
        /// `rows` opacities.
        let opacities: UnsafeMutablePointer<Float>
        /// `rows` in-plane rotations.
        let zRotations: UnsafeMutablePointer<Float>

        /// Stores the four rows of `shade` at rows `row..<row + 4`.
        @inline(__always)
        func store(_ shade: Shade, at row: Int) {
            PairLanes.store(x: shade.width, y: shade.height, to: sizes + row)
            UnsafeMutableRawPointer(opacities + row).storeBytes(of: shade.opacity, as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(zRotations + row).storeBytes(of: shade.zRotation, as: SIMD4<Float>.self)
        }

        /// Stores the first `lanes` (1...3) rows of `shade` at rows `row...`.
        func store(_ shade: Shade, at row: Int, lanes: Int) {
            for lane in 0..<lanes {
                sizes[row + lane] = SIMD2(shade.width[lane], shade.height[lane])
                opacities[row + lane] = shade.opacity[lane]
                zRotations[row + lane] = shade.zRotation[lane]
            }
        }

        /// Writes rows `0..<count` with their centres from `centers` into the per-step fields
        /// of `output[0..<count]`.
        func write(count: Int, centers: UnsafePointer<ConfettoPosition>, to output: UnsafeMutablePointer<ParticleRenderState>) {
            var state = output
            var center = centers
            for row in 0..<count {
                state.pointee.center = center.pointee.value
                state.pointee.size = sizes[row]
                state.pointee.opacity = opacities[row]
                state.pointee.zRotation = zRotations[row]
                state += 1
                center += 1
            }
        }
    }
}
