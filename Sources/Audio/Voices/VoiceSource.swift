/// The component naming what a voice plays and where it is: its asset, the next frame of the
/// asset to read, and the resampler phase between that frame and the next.
public struct VoiceSource: Sendable, Equatable {
    /// The asset played.
    public let asset: AudioAssetID
    /// The next frame of the asset to read (an in-memory asset; a streaming voice reads its
    /// ring and keeps 0 here).
    public internal(set) var cursor: Int
    /// The resampling phase, in `0..<phases` of the asset's resampler (0 without one).
    public internal(set) var phase: Int
    /// Whether the voice starts over at frame 0 when it reaches the end.
    public let looping: Bool

    /// A source at the first frame of `asset`.
    init(asset: AudioAssetID, looping: Bool) {
        self.asset = asset
        cursor = 0
        phase = 0
        self.looping = looping
    }
}
