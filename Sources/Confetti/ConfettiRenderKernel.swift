import Render
import SIMDKernels

/// Maps particle rows to ``ParticleRenderState`` values with these formulas:
/// depth `0.5 + 0.5·|cos rot.y|` scales the size around the position, opacity is
/// `clamp(opacity·(0.7 + 0.3·|cos rot.x|), 0, 1)` and the in-plane rotation is
/// `sin(rot.x)·0.3`.
///
/// The per-step fields run through `confetti_render_rows` of the `ConfettiKernels` target,
/// which shades the widest vectors the machine has, with the same bits on every instruction
/// set (its single-precision `sin` and `|cos|`, and their accuracy, are described in
/// `KernelLanes.h`). The kernel writes ``ParticleRenderState`` values as its C twin
/// `ConfettiRenderRecord`, whose layout the tests check.
///
/// Its column pointers are a raw view of a chunk of the particle table, valid only inside the
/// chunk loop that lent them; running it is unsafe (the output is a raw pointer too).
@safe
struct ConfettiRenderKernel {
    /// The ``ConfettoID`` column.
    var id: UnsafePointer<ConfettoID>
    /// The ``ConfettoSize`` column.
    var size: UnsafePointer<ConfettoSize>
    /// The ``ConfettoColor`` column.
    var color: UnsafePointer<ConfettoColor>
    /// The ``ConfettoPosition`` column.
    var position: UnsafePointer<ConfettoPosition>
    /// The ``ConfettoRotation`` column.
    var rotation: UnsafePointer<ConfettoRotation>
    /// The ``ConfettoOpacity`` column.
    var opacity: UnsafePointer<ConfettoOpacity>
    /// The instruction set the rows are shaded on.
    var instructionSet: KernelInstructionSet

    /// Writes render states of rows `rows` (indices into the columns) to `output[rows]`; with
    /// `copyTraits` false the identifier and colour already in `output` are kept.
    /// `rows` must be rows of the lent chunk and `output` must hold `rows.upperBound` states.
    func run(rows: Range<Int>, output: UnsafeMutablePointer<ParticleRenderState>, copyTraits: Bool) {
        assert(rows.lowerBound >= 0, "negative row \(rows.lowerBound)")
        // SAFETY: the caller passes rows of the lent chunk and an output of at least
        // `rows.upperBound` states; each component is a single-field struct of `Float`s, so its
        // column is read as `Float`s, and `ParticleRenderState` has the layout of the C
        // `ConfettiRenderRecord` the kernel writes (checked by the tests).
        if copyTraits {
            for row in rows { unsafe self.copyTraits(row: row, to: output) }
        }
        let first = rows.lowerBound
        unsafe confetti_render_rows(
            instructionSet.kernelISA, columns(from: first), rows.count, UnsafeMutableRawPointer(output + first))
    }

    /// Writes the render states, identifier and colour included, of the listed rows to
    /// `output`: row `rows[k] - first` of the columns to `output[rows[k] - first]`, in groups
    /// as wide as the kernel's vectors (the rows of a respawn, scattered over a chunk).
    /// Every listed row must be a row of the lent chunk and `output` must hold it.
    func run(listedRows rows: UnsafeBufferPointer<Int>, first: Int, output: UnsafeMutablePointer<ParticleRenderState>) {
        guard let listed = rows.baseAddress else { return }
        // SAFETY: as in `run(rows:output:copyTraits:)`, for each listed row.
        for unsafe row in unsafe rows { unsafe copyTraits(row: row - first, to: output) }
        unsafe confetti_render_listed_rows(
            instructionSet.kernelISA, columns(from: 0), listed, rows.count, first, UnsafeMutableRawPointer(output))
    }

    /// The kernel's view of the columns from row `first` on, each component's `Float`s.
    private func columns(from first: Int) -> ConfettiRenderColumns {
        // SAFETY: each component is a single-field struct of `Float`s, so its column is read as
        // `Float`s; the caller keeps to rows of the lent chunk.
        unsafe ConfettiRenderColumns(
            size: UnsafeRawPointer(size + first).assumingMemoryBound(to: Float.self),
            position: UnsafeRawPointer(position + first).assumingMemoryBound(to: Float.self),
            rotation: UnsafeRawPointer(rotation + first).assumingMemoryBound(to: Float.self),
            opacity: UnsafeRawPointer(opacity + first).assumingMemoryBound(to: Float.self)
        )
    }

    /// Copies the identifier and colour of `row` to `output[row]`.
    func copyTraits(row: Int, to output: UnsafeMutablePointer<ParticleRenderState>) {
        assert(row >= 0, "negative row \(row)")
        // SAFETY: the caller passes a row of the lent chunk and an output holding it; the
        // fields are plain bits, so assigning over them needs no deinitialisation.
        unsafe output[row].id = id[row].value
        unsafe output[row].color = color[row].value
    }
}
