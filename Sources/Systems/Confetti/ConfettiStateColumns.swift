/// Pointers to the columns the physics step reads and writes, all at the same row.
struct ConfettiStateColumns {
    var position: UnsafeMutablePointer<SIMD2<Float>>
    var velocity: UnsafeMutablePointer<SIMD2<Float>>
    var rotation: UnsafeMutablePointer<SIMD2<Float>>
    var opacity: UnsafeMutablePointer<Float>
    var spin: UnsafePointer<SIMD2<Float>>
    var windForce: UnsafePointer<Float>

    /// The same columns `rows` rows further on.
    @inline(__always)
    func advanced(by rows: Int) -> ConfettiStateColumns {
        ConfettiStateColumns(
            position: position + rows, velocity: velocity + rows, rotation: rotation + rows,
            opacity: opacity + rows, spin: spin + rows, windForce: windForce + rows
        )
    }

    /// Loads `lanes` (1...4) rows; unused lanes are zero.
    @inline(__always)
    func loadGroup(lanes: Int) -> ConfettiLaneGroup {
        if lanes == 4 {
            let p = Self.loadPairs(position), v = Self.loadPairs(velocity)
            let r = Self.loadPairs(rotation), s = Self.loadPairs(spin)
            return ConfettiLaneGroup(
                positionX: p.x, positionY: p.y, velocityX: v.x, velocityY: v.y,
                rotationX: r.x, rotationY: r.y,
                opacity: UnsafeRawPointer(opacity).loadUnaligned(as: SIMD4<Float>.self),
                spinX: s.x, spinY: s.y,
                windForce: UnsafeRawPointer(windForce).loadUnaligned(as: SIMD4<Float>.self)
            )
        }
        var g = ConfettiLaneGroup(
            positionX: .zero, positionY: .zero, velocityX: .zero, velocityY: .zero,
            rotationX: .zero, rotationY: .zero, opacity: .zero, spinX: .zero, spinY: .zero, windForce: .zero
        )
        for lane in 0..<lanes {
            g.positionX[lane] = position[lane].x
            g.positionY[lane] = position[lane].y
            g.velocityX[lane] = velocity[lane].x
            g.velocityY[lane] = velocity[lane].y
            g.rotationX[lane] = rotation[lane].x
            g.rotationY[lane] = rotation[lane].y
            g.opacity[lane] = opacity[lane]
            g.spinX[lane] = spin[lane].x
            g.spinY[lane] = spin[lane].y
            g.windForce[lane] = windForce[lane]
        }
        return g
    }

    /// Stores the mutable fields of `lanes` (1...4) rows.
    @inline(__always)
    func storeGroup(_ g: ConfettiLaneGroup, lanes: Int) {
        if lanes == 4 {
            Self.storePairs(x: g.positionX, y: g.positionY, to: position)
            Self.storePairs(x: g.velocityX, y: g.velocityY, to: velocity)
            Self.storePairs(x: g.rotationX, y: g.rotationY, to: rotation)
            UnsafeMutableRawPointer(opacity).storeBytes(of: g.opacity, as: SIMD4<Float>.self)
            return
        }
        for lane in 0..<lanes {
            position[lane] = SIMD2(g.positionX[lane], g.positionY[lane])
            velocity[lane] = SIMD2(g.velocityX[lane], g.velocityY[lane])
            rotation[lane] = SIMD2(g.rotationX[lane], g.rotationY[lane])
            opacity[lane] = g.opacity[lane]
        }
    }

    /// The `x` and `y` lanes of `pointer[0..<4]`.
    @inline(__always)
    static func loadPairs(_ pointer: UnsafePointer<SIMD2<Float>>) -> (x: SIMD4<Float>, y: SIMD4<Float>) {
        let packed = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
        return (packed.evenHalf, packed.oddHalf)
    }

    /// Stores `x` and `y` lanes as `pointer[0..<4]`.
    @inline(__always)
    static func storePairs(x: SIMD4<Float>, y: SIMD4<Float>, to pointer: UnsafeMutablePointer<SIMD2<Float>>) {
        var packed = SIMD8<Float>()
        packed.evenHalf = x
        packed.oddHalf = y
        UnsafeMutableRawPointer(pointer).storeBytes(of: packed, as: SIMD8<Float>.self)
    }
}
