import Render
import SIMDKernels

/// One fixed physics step over a run of rows, in this order:
///
/// 1. gravity `v.y += g·dt`;
/// 2. wind `w = sin(elapsed·timeScale + i·phaseScale)·windForce`, `v.x += w·dt`, where `i` is
///    the row, that is the particle's current compacted index;
/// 3. drag `v *= drag` (per step, not scaled by `dt`);
/// 4. terminal velocity caps `v.y` only;
/// 5. move `p += v·dt`;
/// 6. out of bounds (half-open live area): opacity becomes 0 and step 8 is skipped (step 7
///    runs, but no one sees it: a dead row is removed or respawned before anything reads it);
/// 7. rotation `r += (spin + (v.y·0.01, v.x·0.008) + w·(0.05, 0.03) + max(0, |v.y| − 10)·(0.0005, 0.0003))·dt`
///    (the fall boost subtracts the threshold);
/// 8. fade by global time.
///
/// The rows of each wind block run through `confetti_step_rows` of the `ConfettiKernels`
/// target, which works on the widest vectors the machine has, in lanes without branches; every
/// row gets the same bits however the rows are split and on any instruction set.
struct ConfettiStepKernel {
    /// Constants of this step.
    let parameters: ConfettiStepParameters
    /// Wind phase tables for the configuration.
    let wind: WindPhaseTable
    /// The instruction set the rows run on.
    var instructionSet: KernelInstructionSet

    /// Steps `rows`; `columns` addresses the elements of `rows.lowerBound`. Returns how many of
    /// the rows are dead (opacity not above 0) afterwards.
    ///
    /// With `render`, the same pass also writes the per-step fields of each row's
    /// ``ParticleRenderState`` (what ``ConfettiRenderKernel`` would write after the step, with
    /// the same bits): `size` addresses the ``ConfettoSize`` of `rows.lowerBound` and `output`
    /// its render state, followed by one per row of `rows`.
    @unsafe
    func run(
        rows: Range<Int>, columns: ConfettiStateColumns,
        render: (size: UnsafePointer<ConfettoSize>, output: UnsafeMutablePointer<ParticleRenderState>)? = nil
    ) -> Int {
        // SAFETY: the tables are the arrays' own storage, used only inside the closures.
        unsafe wind.cosines.withUnsafeBufferPointer { cosines in
            unsafe wind.sines.withUnsafeBufferPointer { sines in
                var constants = parameters.kernelConstants
                var dead = 0
                var segmentStart = rows.lowerBound
                while segmentStart < rows.upperBound {
                    let blockStart = segmentStart - segmentStart % WindPhaseTable.blockLength
                    let segmentEnd = min(rows.upperBound, blockStart + WindPhaseTable.blockLength)
                    let base = wind.blockBase(timePhase: parameters.windTimePhase, blockStart: blockStart)
                    constants.windBaseSin = base.sin
                    constants.windBaseCos = base.cos
                    let offset = segmentStart - blockStart
                    let count = segmentEnd - segmentStart
                    assert(offset + count <= cosines.count && offset + count <= sines.count,
                           "wind rows \(offset)..<\(offset + count) outside a block")
                    // SAFETY: the segment stays inside one wind block, so `offset + count` is at
                    // most `blockLength`, the tables' length (asserted above), and the tables
                    // are not empty, so the unwraps cannot fail; the caller's columns address
                    // `rows.lowerBound` and hold every row of `rows`, which the segment is in.
                    // With `render`, its pointers address `rows.lowerBound` too and hold every
                    // row of `rows`; a size is two `Float`s and a render state has the layout of
                    // the C `ConfettiRenderRecord` (checked by the tests).
                    let skipped = segmentStart - rows.lowerBound
                    let segmentColumns = unsafe columns.advanced(by: skipped).kernelColumns
                    if let render = unsafe render {
                        dead += unsafe confetti_step_render_rows(
                            instructionSet.kernelISA, segmentColumns,
                            UnsafeRawPointer(render.size + skipped).assumingMemoryBound(to: Float.self), count,
                            cosines.baseAddress! + offset, sines.baseAddress! + offset, &constants,
                            UnsafeMutableRawPointer(render.output + skipped)
                        )
                    } else {
                        dead += unsafe confetti_step_rows(
                            instructionSet.kernelISA, segmentColumns, count,
                            cosines.baseAddress! + offset, sines.baseAddress! + offset, &constants
                        )
                    }
                    segmentStart = segmentEnd
                }
                return dead
            }
        }
    }
}
