import ConfettiKernels

/// Pointers to the columns the physics step reads and writes, all at the same row.
struct ConfettiStateColumns {
    var position: UnsafeMutablePointer<ConfettoPosition>
    var velocity: UnsafeMutablePointer<ConfettoVelocity>
    var rotation: UnsafeMutablePointer<ConfettoRotation>
    var opacity: UnsafeMutablePointer<ConfettoOpacity>
    var spin: UnsafePointer<ConfettoSpin>
    var windForce: UnsafePointer<ConfettoWindForce>

    /// The same columns `rows` rows further on.
    func advanced(by rows: Int) -> ConfettiStateColumns {
        ConfettiStateColumns(
            position: position + rows, velocity: velocity + rows, rotation: rotation + rows,
            opacity: opacity + rows, spin: spin + rows, windForce: windForce + rows
        )
    }

    /// The columns as the step kernel's float pointers (each component is its plain value).
    var kernelColumns: ConfettiKernels.ConfettiStepColumns {
        ConfettiKernels.ConfettiStepColumns(
            position: UnsafeMutableRawPointer(position).assumingMemoryBound(to: Float.self),
            velocity: UnsafeMutableRawPointer(velocity).assumingMemoryBound(to: Float.self),
            rotation: UnsafeMutableRawPointer(rotation).assumingMemoryBound(to: Float.self),
            opacity: UnsafeMutableRawPointer(opacity).assumingMemoryBound(to: Float.self),
            spin: UnsafeRawPointer(spin).assumingMemoryBound(to: Float.self),
            windForce: UnsafeRawPointer(windForce).assumingMemoryBound(to: Float.self)
        )
    }
}
