/// The format an ``AudioOutputPort`` was configured with, checked.
public struct AudioOutputFormat: Sendable, Equatable {
    /// Frames per second, finite and positive.
    public let sampleRate: Double
    /// Interleaved channels, at least 1.
    public let channels: Int
    /// Frames per buffer, at least 1.
    public let framesPerBuffer: Int

    /// Checks and creates a format.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` naming the first bad value.
    public init(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw .invalidArgument("output sample rate \(sampleRate) Hz is not a finite value > 0")
        }
        guard channels >= 1 else { throw .invalidArgument("output channel count \(channels) is below 1") }
        guard framesPerBuffer >= 1 else { throw .invalidArgument("output buffer of \(framesPerBuffer) frames is below 1") }
        self.sampleRate = sampleRate
        self.channels = channels
        self.framesPerBuffer = framesPerBuffer
    }

    /// Checks that `samples` holds `frameCount` frames and returns the sample count.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a negative count or too few samples.
    func sampleCount(of samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        let needed = frameCount.multipliedReportingOverflow(by: channels)
        guard frameCount >= 0, !needed.overflow, needed.partialValue <= samples.count else {
            throw .invalidArgument("\(samples.count) samples do not hold \(frameCount) frames of \(channels) channels")
        }
        return needed.partialValue
    }
}
