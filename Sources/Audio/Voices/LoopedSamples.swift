/// An asset's frames padded circularly, for looping voices that resample it: the
/// ``AudioAsset/paddingFrames`` frames before frame 0 are the asset's last frames and those
/// after its last frame are its first (repeated when the asset is shorter than the padding),
/// so a filter centred near the loop point reads the source's end followed by its start,
/// exactly as if the source were repeated.
@safe
final class LoopedSamples {
    /// Interleaved channels per frame.
    let channels: Int
    /// The padded, interleaved samples; frame 0 starts at `paddingFrames * channels`.
    private let storage: UnsafeMutableBufferPointer<Float>

    /// The circularly padded copy of `asset`, which must have at least one frame.
    init(_ asset: AudioAsset) {
        channels = asset.channels
        let frames = asset.frames
        let pad = AudioAsset.paddingFrames
        unsafe storage = .allocate(capacity: (frames + 2 * pad) * channels)
        let source = unsafe asset.firstFrame
        // SAFETY: every padded frame `index` reads source frame `(index - pad) mod frames`,
        // inside the asset, and writes inside `storage`, each sample exactly once.
        for index in 0..<(frames + 2 * pad) {
            let frame = ((index - pad) % frames + frames) % frames
            for channel in 0..<channels {
                unsafe (storage.baseAddress.unsafelyUnwrapped + index * channels + channel)
                    .initialize(to: source[frame * channels + channel])
            }
        }
    }

    deinit {
        // SAFETY: `storage` was allocated in `init` and nothing else frees it; Float is trivial.
        unsafe storage.deallocate()
    }

    /// Address of frame 0 (after the leading padding); valid while this copy lives.
    var firstFrame: UnsafePointer<Float> {
        // SAFETY: the offset is the leading padding, inside the allocation.
        unsafe UnsafePointer(storage.baseAddress.unsafelyUnwrapped + AudioAsset.paddingFrames * channels)
    }
}
