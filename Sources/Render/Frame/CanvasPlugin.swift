import ECS

/// A frame to draw into: inserts a ``FrameCanvas`` resource and adds `canvas.clear`
/// (`Stage/render`, ``DrawLayer/clear``), which clears it to its background before the
/// other layers draw. The drawing systems of `TilesPlugin` and `ConfettiPlugin` draw into
/// it when it exists; read the finished frame after `App/update(deltaTime:)` from
/// `app.world.resources.get(FrameCanvas.self).canvas`.
public struct CanvasPlugin: Plugin {
    /// Width of the canvas in pixels.
    public var width: Int
    /// Height of the canvas in pixels.
    public var height: Int
    /// The colour of each new frame; nil keeps the last frame's pixels.
    public var background: RGBAColor?
    /// Threads one draw may use.
    public var threads: Int
    /// The instruction set of the batch draws' kernels (the same pixels on every set).
    public var kernels: KernelInstructionSet

    /// A `width` x `height` frame cleared to `background`, drawn on up to `threads` threads
    /// with kernels on `kernels`.
    public init(
        width: Int, height: Int, background: RGBAColor? = .black, threads: Int = 1, kernels: KernelInstructionSet = .best
    ) {
        self.width = width
        self.height = height
        self.background = background
        self.threads = threads
        self.kernels = kernels
    }

    /// Inserts the canvas, declares the draw layers and adds the clearing system.
    /// - Throws: ``RenderError`` for a size or thread count ``FrameCanvas`` rejects.
    public func build(_ app: App) throws {
        try app.insertResource(FrameCanvas(
            width: width, height: height, background: background, threads: threads, kernels: kernels))
        DrawLayer.declare(in: app)
        try app.addSystem("canvas.clear", in: .render, sets: [DrawLayer.clear]) { (frame: ResMut<FrameCanvas>) in
            if let background = frame.value.background { frame.value.canvas.clear(background) }
        }
    }
}
