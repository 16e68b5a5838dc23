import Foundation

/// Evaluates the wind phase `sin(elapsed·timeScale + i·phaseScale)` for consecutive rows
/// without a `sin` call per row.
///
/// Rows are split into blocks of ``blockLength`` aligned to absolute row numbers. At a block
/// start `b` the angle `θ_b` is evaluated exactly in `Double`; inside the block the angle
/// addition formula `sin(θ_b + k·p) = sin θ_b·cos kp + cos θ_b·sin kp` uses the precomputed
/// `cos kp`, `sin kp`. Because blocks are aligned to rows, not to the caller's chunks, every
/// row gets the same bits however the rows are split across threads. The error against
/// `Foundation.sin` is a few `Float` ulps (below `3e-7`), with no accumulation.
struct WindPhaseTable: Sendable {
    /// Rows per block; chunk sizes that are multiples of it keep blocks whole.
    static let blockLength = 256

    /// `Float(cos(k·phaseScale))` for `k` in `0..<blockLength`.
    let cosines: [Float]
    /// `Float(sin(k·phaseScale))` for `k` in `0..<blockLength`.
    let sines: [Float]
    /// Phase offset between neighbouring rows.
    let phaseScale: Double

    /// Builds the tables for `phaseScale`.
    init(phaseScale: Double) {
        self.phaseScale = phaseScale
        cosines = (0..<Self.blockLength).map { Float(cos(Double($0) * phaseScale)) }
        sines = (0..<Self.blockLength).map { Float(sin(Double($0) * phaseScale)) }
    }

    /// `(sin θ_b, cos θ_b)` for the block starting at row `blockStart`, with
    /// `θ_b = timePhase + blockStart·phaseScale`.
    func blockBase(timePhase: Double, blockStart: Int) -> (sin: Float, cos: Float) {
        let angle = timePhase + Double(blockStart) * phaseScale
        return (Float(sin(angle)), Float(cos(angle)))
    }
}
