import ConfettiKernels

/// Maps particle rows to ``ParticleRenderState`` values (the original renderer's formulas):
/// depth `0.5 + 0.5·|cos rot.y|` scales the size around the position, opacity is
/// `clamp(opacity·(0.7 + 0.3·|cos rot.x|), 0, 1)` and the in-plane rotation is
/// `sin(rot.x)·0.3`.
///
/// The per-step fields run through `confetti_render_rows` of the `ConfettiKernels` target,
/// which shades the widest vectors the machine has, with the same bits on every instruction
/// set (its single-precision `sin` and `|cos|`, and their accuracy, are described in
/// `ConfettiKernelLanes.h`). The kernel writes ``ParticleRenderState`` values as its C twin
/// `ConfettiRenderRecord`, whose layout the tests check.
struct ConfettiRenderKernel {
    var id: UnsafePointer<ConfettoID>
    var size: UnsafePointer<ConfettoSize>
    var color: UnsafePointer<ConfettoColor>
    var position: UnsafePointer<ConfettoPosition>
    var rotation: UnsafePointer<ConfettoRotation>
    var opacity: UnsafePointer<ConfettoOpacity>
    /// The instruction set the rows are shaded on.
    var instructionSet = ConfettiInstructionSet.active

    /// Writes render states of rows `rows` (indices into the columns) to `output[rows]`; with
    /// `copyTraits` false the identifier and colour already in `output` are kept.
    func run(rows: Range<Int>, output: UnsafeMutablePointer<ParticleRenderState>, copyTraits: Bool) {
        if copyTraits {
            for row in rows { self.copyTraits(row: row, to: output) }
        }
        let first = rows.lowerBound
        let columns = ConfettiRenderColumns(
            size: UnsafeRawPointer(size + first).assumingMemoryBound(to: Float.self),
            position: UnsafeRawPointer(position + first).assumingMemoryBound(to: Float.self),
            rotation: UnsafeRawPointer(rotation + first).assumingMemoryBound(to: Float.self),
            opacity: UnsafeRawPointer(opacity + first).assumingMemoryBound(to: Float.self)
        )
        confetti_render_rows(instructionSet.kernelISA, columns, rows.count, UnsafeMutableRawPointer(output + first))
    }

    /// Copies the identifier and colour of `row` to `output[row]`.
    func copyTraits(row: Int, to output: UnsafeMutablePointer<ParticleRenderState>) {
        output[row].id = id[row].value
        output[row].color = color[row].value
    }
}
