import Platform

/// An output that plays through a primary output and, the first time the primary cannot be
/// configured (no sound device, a device that cannot play the format), through a fallback from
/// then on, reporting why once through `notice`.
///
/// Bad arguments (``AudioError/invalidArgument(_:)``) are the caller's and are thrown, not
/// fallen back from. The volume is given to both outputs, so the fallback keeps it.
public final class FallbackOutput: AudioOutputPort {
    /// The output played through until it fails to configure.
    public let primary: any AudioOutputPort
    /// The output played through after that.
    public let fallback: any AudioOutputPort
    private let notice: @Sendable (AudioError) -> Void
    private let fellBack = Locked(false)

    /// An output through `primary`, falling back to `fallback` and calling `notice` once with
    /// the primary's error.
    public init(primary: any AudioOutputPort, fallback: any AudioOutputPort, notice: @escaping @Sendable (AudioError) -> Void) {
        self.primary = primary
        self.fallback = fallback
        self.notice = notice
    }

    /// Whether the fallback is playing.
    public var isFallingBack: Bool { fellBack.withLock { $0 } }

    /// The output playing now.
    private var active: any AudioOutputPort { isFallingBack ? fallback : primary }

    /// Configures the primary; when it fails for any reason but a bad argument, falls back for
    /// good, calls the notice and configures the fallback.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a bad format, and the fallback's errors.
    public func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        if !isFallingBack {
            do {
                try primary.configure(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
                return
            } catch {
                if case .invalidArgument = error { throw error }
                fellBack.withLock { $0 = true }
                notice(error)
            }
        }
        try fallback.configure(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
    }

    /// Starts the active output.
    ///
    /// - Throws: its start errors.
    public func start() throws(AudioError) { try active.start() }

    /// Stops the active output.
    public func stop() { active.stop() }

    /// Flushes the active output.
    public func flush() { active.flush() }

    /// Sets the volume of both outputs.
    public func setVolume(_ volume: Float) {
        primary.setVolume(volume)
        fallback.setVolume(volume)
    }

    /// Renders through the active output.
    ///
    /// - Throws: its render errors.
    public func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        try active.render(samples, frameCount: frameCount)
    }
}
