import ECS

/// Decoded audio held in memory: interleaved Float32 frames at one sample rate, immutable once
/// made, shared by every voice that plays it.
///
/// The frames are stored with ``paddingFrames`` frames of silence on each side, so a
/// resampling filter centred on the first or last frame reads zeros instead of leaving the
/// buffer. The storage is released when the last reference (the caller's or a mixer's asset
/// slot) goes.
@safe
public final class AudioAsset {
    /// Silent frames stored before the first and after the last frame.
    public static let paddingFrames = 128
    /// Largest channel count accepted.
    public static let maxChannels = 64
    /// Accepted sample rates, in hertz.
    public static let sampleRates = 1...768_000

    /// Interleaved channels per frame.
    public let channels: Int
    /// Frames per second.
    public let sampleRate: Int
    /// Frames of audio (padding not counted).
    public let frames: Int
    /// The padded, interleaved samples; frame 0 starts at `paddingFrames * channels`.
    let storage: UnsafeMutableBufferPointer<Float>

    /// An asset holding `interleaved` (frame after frame, `channels` samples each) at
    /// `sampleRate`.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a channel count outside 1...64, a rate
    ///   outside 1...768000, a sample count that is not a whole number of frames, or a sample
    ///   that is NaN or infinite.
    public init(interleaved: [Float], channels: Int, sampleRate: Int) throws(AudioError) {
        guard (1...Self.maxChannels).contains(channels) else {
            throw AudioError.invalidArgument("audio channel count must be in 1...\(Self.maxChannels), got \(channels)")
        }
        guard Self.sampleRates.contains(sampleRate) else {
            throw AudioError.invalidArgument("audio sample rate must be in \(Self.sampleRates.lowerBound)...\(Self.sampleRates.upperBound) Hz, got \(sampleRate)")
        }
        guard interleaved.count % channels == 0 else {
            throw AudioError.invalidArgument("\(interleaved.count) samples are not whole frames of \(channels) channels")
        }
        if let bad = interleaved.firstIndex(where: { !$0.isFinite }) {
            throw AudioError.invalidArgument("audio sample \(bad) is not finite (\(interleaved[bad]))")
        }
        self.channels = channels
        self.sampleRate = sampleRate
        frames = interleaved.count / channels
        let pad = Self.paddingFrames * channels
        unsafe storage = UnsafeMutableBufferPointer<Float>.allocate(capacity: interleaved.count + 2 * pad)
        // SAFETY: `storage` was just allocated with room for the padding on both sides and the
        // samples between them; each region is initialised exactly once.
        unsafe storage.initialize(repeating: 0)
        unsafe _ = UnsafeMutableBufferPointer(rebasing: storage[pad..<(pad + interleaved.count)]).initialize(from: interleaved)
    }

    deinit {
        // SAFETY: `storage` was allocated in `init` and nothing else frees it; Float is trivial.
        unsafe storage.deallocate()
    }

    /// A copy of the interleaved samples (padding not included), for inspection off the mix path.
    public var interleavedSamples: [Float] {
        let pad = Self.paddingFrames * channels
        // SAFETY: the range is the unpadded samples, inside `storage`.
        return unsafe Array(storage[pad..<(pad + frames * channels)])
    }

    /// Address of frame 0 (after the leading padding); valid while the asset lives.
    var firstFrame: UnsafePointer<Float> {
        // SAFETY: the offset is the leading padding, inside the allocation.
        unsafe UnsafePointer(storage.baseAddress.unsafelyUnwrapped + Self.paddingFrames * channels)
    }
}
