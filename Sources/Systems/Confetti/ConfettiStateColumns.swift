/// Pointers to the columns the physics step reads and writes, all at the same row.
struct ConfettiStateColumns {
    var position: UnsafeMutablePointer<ConfettoPosition>
    var velocity: UnsafeMutablePointer<ConfettoVelocity>
    var rotation: UnsafeMutablePointer<ConfettoRotation>
    var opacity: UnsafeMutablePointer<ConfettoOpacity>
    var spin: UnsafePointer<ConfettoSpin>
    var windForce: UnsafePointer<ConfettoWindForce>

    /// The same columns `rows` rows further on.
    @inline(__always)
    func advanced(by rows: Int) -> ConfettiStateColumns {
        ConfettiStateColumns(
            position: position + rows, velocity: velocity + rows, rotation: rotation + rows,
            opacity: opacity + rows, spin: spin + rows, windForce: windForce + rows
        )
    }

    /// Loads four rows.
    @inline(__always)
    func loadGroup() -> ConfettiLaneGroup {
        let p = PairLanes.load(position), v = PairLanes.load(velocity)
        let r = PairLanes.load(rotation), s = PairLanes.load(spin)
        return ConfettiLaneGroup(
            positionX: p.x, positionY: p.y, velocityX: v.x, velocityY: v.y,
            rotationX: r.x, rotationY: r.y,
            opacity: UnsafeRawPointer(opacity).loadUnaligned(as: SIMD4<Float>.self),
            spinX: s.x, spinY: s.y,
            windForce: UnsafeRawPointer(windForce).loadUnaligned(as: SIMD4<Float>.self)
        )
    }

    /// Stores the mutable fields of four rows.
    @inline(__always)
    func storeGroup(_ g: ConfettiLaneGroup) {
        PairLanes.store(x: g.positionX, y: g.positionY, to: position)
        PairLanes.store(x: g.velocityX, y: g.velocityY, to: velocity)
        PairLanes.store(x: g.rotationX, y: g.rotationY, to: rotation)
        UnsafeMutableRawPointer(opacity).storeBytes(of: g.opacity, as: SIMD4<Float>.self)
    }

    /// Loads `lanes` (1...3) rows; unused lanes are zero.
    func loadGroup(lanes: Int) -> ConfettiLaneGroup {
        var g = ConfettiLaneGroup(
            positionX: .zero, positionY: .zero, velocityX: .zero, velocityY: .zero,
            rotationX: .zero, rotationY: .zero, opacity: .zero, spinX: .zero, spinY: .zero, windForce: .zero
        )
        for lane in 0..<lanes {
            g.positionX[lane] = position[lane].value.x
            g.positionY[lane] = position[lane].value.y
            g.velocityX[lane] = velocity[lane].value.x
            g.velocityY[lane] = velocity[lane].value.y
            g.rotationX[lane] = rotation[lane].value.x
            g.rotationY[lane] = rotation[lane].value.y
            g.opacity[lane] = opacity[lane].value
            g.spinX[lane] = spin[lane].value.x
            g.spinY[lane] = spin[lane].value.y
            g.windForce[lane] = windForce[lane].value
        }
        return g
    }

    /// Stores the mutable fields of `lanes` (1...3) rows.
    func storeGroup(_ g: ConfettiLaneGroup, lanes: Int) {
        for lane in 0..<lanes {
            position[lane].value = SIMD2(g.positionX[lane], g.positionY[lane])
            velocity[lane].value = SIMD2(g.velocityX[lane], g.velocityY[lane])
            rotation[lane].value = SIMD2(g.rotationX[lane], g.rotationY[lane])
            opacity[lane].value = g.opacity[lane]
        }
    }
}
