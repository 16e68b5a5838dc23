import SIMDKernels

/// Pointers to the columns the physics step reads and writes, all at the same row.
///
/// A raw view of the particle table's columns, valid only inside the chunk loop that lent
/// them. Holding one is safe; moving it and handing it to the kernel are unsafe: the caller
/// keeps every row reached inside the chunk's buffers.
@safe
struct ConfettiStateColumns {
    /// The ``ConfettoPosition`` column.
    var position: UnsafeMutablePointer<ConfettoPosition>
    /// The ``ConfettoVelocity`` column.
    var velocity: UnsafeMutablePointer<ConfettoVelocity>
    /// The ``ConfettoRotation`` column.
    var rotation: UnsafeMutablePointer<ConfettoRotation>
    /// The ``ConfettoOpacity`` column.
    var opacity: UnsafeMutablePointer<ConfettoOpacity>
    /// The ``ConfettoSpin`` column, read only.
    var spin: UnsafePointer<ConfettoSpin>
    /// The ``ConfettoWindForce`` column, read only.
    var windForce: UnsafePointer<ConfettoWindForce>

    /// The same columns `rows` rows further on; the row reached must be inside the buffers.
    @unsafe
    func advanced(by rows: Int) -> ConfettiStateColumns {
        // SAFETY: every column is advanced by the same row count, so the view stays one row of
        // the table; the caller keeps that row inside the chunk's buffers.
        unsafe ConfettiStateColumns(
            position: position + rows, velocity: velocity + rows, rotation: rotation + rows,
            opacity: opacity + rows, spin: spin + rows, windForce: windForce + rows
        )
    }

    /// The columns as the step kernel's float pointers (each component is its plain value).
    var kernelColumns: SIMDKernels.ConfettiStepColumns {
        // SAFETY: each component is a single-field struct of its `Float` values with the same
        // size, stride and alignment, so its column is also a column of `Float`s; the kernel
        // reads and writes it only as `Float`, never through the component type at the same time.
        unsafe SIMDKernels.ConfettiStepColumns(
            position: UnsafeMutableRawPointer(position).assumingMemoryBound(to: Float.self),
            velocity: UnsafeMutableRawPointer(velocity).assumingMemoryBound(to: Float.self),
            rotation: UnsafeMutableRawPointer(rotation).assumingMemoryBound(to: Float.self),
            opacity: UnsafeMutableRawPointer(opacity).assumingMemoryBound(to: Float.self),
            spin: UnsafeRawPointer(spin).assumingMemoryBound(to: Float.self),
            windForce: UnsafeRawPointer(windForce).assumingMemoryBound(to: Float.self)
        )
    }
}
