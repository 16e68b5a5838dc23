/// Pointers to every column of one particle row.
///
/// A raw view of the particle table's columns, valid only inside the chunk loop that lent
/// them. Holding one is safe; moving it and writing through it are `@unsafe`: the caller keeps
/// every row it reaches inside the chunk's buffers.
@safe
struct ConfettiParticleColumns {
    /// The ``ConfettoID`` column.
    var id: UnsafeMutablePointer<ConfettoID>
    /// The ``ConfettoSize`` column.
    var size: UnsafeMutablePointer<ConfettoSize>
    /// The ``ConfettoColor`` column.
    var color: UnsafeMutablePointer<ConfettoColor>
    /// The ``ConfettoSpin`` column.
    var spin: UnsafeMutablePointer<ConfettoSpin>
    /// The ``ConfettoWindForce`` column.
    var windForce: UnsafeMutablePointer<ConfettoWindForce>
    /// The ``ConfettoPosition`` column.
    var position: UnsafeMutablePointer<ConfettoPosition>
    /// The ``ConfettoVelocity`` column.
    var velocity: UnsafeMutablePointer<ConfettoVelocity>
    /// The ``ConfettoRotation`` column.
    var rotation: UnsafeMutablePointer<ConfettoRotation>
    /// The ``ConfettoOpacity`` column.
    var opacity: UnsafeMutablePointer<ConfettoOpacity>

    /// The same columns `rows` rows further on; the row reached must be inside the buffers.
    @unsafe
    func advanced(by rows: Int) -> ConfettiParticleColumns {
        // SAFETY: every column is advanced by the same row count, so the view stays one row of
        // the table; the caller keeps that row inside the chunk's buffers.
        unsafe ConfettiParticleColumns(
            id: id + rows, size: size + rows, color: color + rows, spin: spin + rows, windForce: windForce + rows,
            position: position + rows, velocity: velocity + rows, rotation: rotation + rows, opacity: opacity + rows
        )
    }

    /// Overwrites the state columns of the row.
    @unsafe
    func store(_ state: ConfettoState) {
        // SAFETY: the view addresses one initialised row of each column (the caller's contract);
        // the components are plain bits, so assigning over them needs no deinitialisation.
        unsafe position.pointee.value = state.position
        unsafe velocity.pointee.value = state.velocity
        unsafe rotation.pointee.value = state.rotation
        unsafe opacity.pointee.value = state.opacity
    }

    /// Overwrites every column of the row.
    @unsafe
    func store(_ traits: ConfettoTraits, _ state: ConfettoState) {
        // SAFETY: as for `store(_:)`: one initialised plain-bits row of each column.
        unsafe id.pointee.value = traits.id
        unsafe size.pointee.value = traits.size
        unsafe color.pointee.value = traits.color
        unsafe spin.pointee.value = traits.rotationSpeed
        unsafe windForce.pointee.value = traits.windForce
        unsafe store(state)
    }
}
