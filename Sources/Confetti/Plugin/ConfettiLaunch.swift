/// An event of ``ConfettiPlugin``: launch the world's confetti, from the start of a run, on a
/// canvas of `canvasSize` points with `seed`. A launch while a run plays replaces it.
public struct ConfettiLaunch: Equatable, Sendable {
    /// The canvas in points (width, height).
    public var canvasSize: SIMD2<Double>
    /// The seed of the run.
    public var seed: UInt64

    /// A launch on `canvasSize` with `seed`.
    public init(canvasSize: SIMD2<Double>, seed: UInt64) {
        self.canvasSize = canvasSize
        self.seed = seed
    }
}
