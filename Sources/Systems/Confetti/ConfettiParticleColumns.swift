/// Pointers to every column of one particle row.
struct ConfettiParticleColumns {
    var id: UnsafeMutablePointer<ConfettoID>
    var size: UnsafeMutablePointer<ConfettoSize>
    var color: UnsafeMutablePointer<ConfettoColor>
    var spin: UnsafeMutablePointer<ConfettoSpin>
    var windForce: UnsafeMutablePointer<ConfettoWindForce>
    var position: UnsafeMutablePointer<ConfettoPosition>
    var velocity: UnsafeMutablePointer<ConfettoVelocity>
    var rotation: UnsafeMutablePointer<ConfettoRotation>
    var opacity: UnsafeMutablePointer<ConfettoOpacity>

    /// The same columns `rows` rows further on.
    func advanced(by rows: Int) -> ConfettiParticleColumns {
        ConfettiParticleColumns(
            id: id + rows, size: size + rows, color: color + rows, spin: spin + rows, windForce: windForce + rows,
            position: position + rows, velocity: velocity + rows, rotation: rotation + rows, opacity: opacity + rows
        )
    }

    /// Overwrites the state columns of the row.
    func store(_ state: ConfettoState) {
        position.pointee.value = state.position
        velocity.pointee.value = state.velocity
        rotation.pointee.value = state.rotation
        opacity.pointee.value = state.opacity
    }

    /// Overwrites every column of the row.
    func store(_ traits: ConfettoTraits, _ state: ConfettoState) {
        id.pointee.value = traits.id
        size.pointee.value = traits.size
        color.pointee.value = traits.color
        spin.pointee.value = traits.rotationSpeed
        windForce.pointee.value = traits.windForce
        store(state)
    }
}
