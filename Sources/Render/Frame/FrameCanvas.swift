/// The canvas an app's render stage draws each frame into: a resource that ``CanvasPlugin``
/// inserts and the drawing systems of the plugins (tiles, confetti) take as
/// `ResMut<FrameCanvas>`, each in its ``DrawLayer``.
public struct FrameCanvas: Sendable {
    /// The frame's pixels.
    public var canvas: RGBA8Canvas
    /// The colour the frame is cleared to before anything is drawn; nil leaves the last
    /// frame's pixels.
    public var background: RGBAColor?
    /// Threads a drawing system may use for one draw (the bands of a batch draw).
    public let threads: Int

    /// A `width` x `height` canvas cleared to `background` each frame, drawn on up to `threads`
    /// threads with kernels on `kernels`.
    /// - Throws: ``RenderErrorCode/invalidArgument`` for a size ``RGBA8Canvas`` rejects or
    ///   `threads` below 1.
    public init(
        width: Int, height: Int, background: RGBAColor? = .black, threads: Int = 1, kernels: KernelInstructionSet = .best
    ) throws(RenderError) {
        guard threads >= 1 else { throw RenderError(.invalidArgument, "thread count must be at least 1 (got \(threads))") }
        canvas = try RGBA8Canvas(width: width, height: height, background: background ?? .clear, kernels: kernels)
        self.background = background
        self.threads = threads
    }
}
