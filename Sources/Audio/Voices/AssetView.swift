/// What the mix loop reads about one asset slot: the samples, their shape and the resampling
/// filter to the mixer's rate. Valid while the slot holds its asset.
@safe
struct AssetView {
    /// Frame 0 of the asset (padded on both sides with silence); nil for an empty slot.
    let samples: UnsafePointer<Float>?
    /// Frame 0 of the asset's ``LoopedSamples`` (padded circularly), read by looping voices
    /// through the filter; nil until a looping voice of a resampled asset spawns.
    var loopSamples: UnsafePointer<Float>? = nil
    /// Frames of audio.
    let frames: Int
    /// Interleaved channels per frame.
    let channels: Int
    /// The filter to the output rate; nil when the rates are equal.
    let filter: PolyphaseView?
    /// The ``SampleRing`` of a streaming source (unretained; its ``AudioStream`` is kept by the
    /// asset table); nil for an in-memory asset.
    var ring: UnsafeMutableRawPointer? = nil

    /// The view of an empty slot.
    static var empty: AssetView { unsafe AssetView(samples: nil, frames: 0, channels: 1, filter: nil) }
}
