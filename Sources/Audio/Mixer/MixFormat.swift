import ECS

/// The shape of a mixer's output: interleaved Float32 frames of ``channels`` samples at
/// ``sampleRate``, at most ``maxFrames`` frames per buffer.
public struct MixFormat: Sendable, Equatable {
    /// Largest buffer accepted, in frames.
    public static let frameLimit = 65_536

    /// Interleaved channels per frame (1...64); channels 0 and 1 are left and right.
    public let channels: Int
    /// Frames per second.
    public let sampleRate: Int
    /// Most frames one ``AudioMixer/mix(into:)`` call fills.
    public let maxFrames: Int

    /// A format; the defaults are 48 kHz stereo with 512-frame buffers.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for channels outside 1...64, a rate outside
    ///   ``AudioAsset/sampleRates`` or buffer frames outside 1...65536.
    public init(channels: Int = 2, sampleRate: Int = 48_000, maxFrames: Int = 512) throws(AudioError) {
        guard (1...AudioAsset.maxChannels).contains(channels) else {
            throw AudioError.invalidArgument("output channel count must be in 1...\(AudioAsset.maxChannels), got \(channels)")
        }
        guard AudioAsset.sampleRates.contains(sampleRate) else {
            throw AudioError.invalidArgument("output sample rate must be in \(AudioAsset.sampleRates.lowerBound)...\(AudioAsset.sampleRates.upperBound) Hz, got \(sampleRate)")
        }
        guard (1...Self.frameLimit).contains(maxFrames) else {
            throw AudioError.invalidArgument("buffer frames must be in 1...\(Self.frameLimit), got \(maxFrames)")
        }
        self.channels = channels
        self.sampleRate = sampleRate
        self.maxFrames = maxFrames
    }
}
