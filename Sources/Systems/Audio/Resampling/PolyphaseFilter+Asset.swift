import ECS

extension PolyphaseFilter {
    /// `asset` converted to ``outputRate`` offline, with the same arithmetic as the mixer's
    /// per-voice resampling.
    /// - Throws: `ECSError` `invalidArgument` when the asset's rate is not ``inputRate``.
    public func resample(_ asset: AudioAsset) throws(ECSError) -> AudioAsset {
        guard asset.sampleRate == inputRate else {
            throw ECSError(.invalidArgument, "the filter resamples \(inputRate) Hz, the asset is \(asset.sampleRate) Hz")
        }
        let channels = asset.channels
        let count = outputFrames(forInput: asset.frames)
        var output = [Float](repeating: 0, count: count * channels)
        let view = self.view
        var cursor = 0
        var phase = 0
        // SAFETY: every read starts at `cursor + firstTapOffset` with `cursor < asset.frames`
        // (an output instant lies inside the input) and spans `taps` frames, so it stays
        // within the asset's `paddingFrames` of padding on either side (checked by `init`).
        for frame in 0..<count {
            let input = unsafe asset.firstFrame + (cursor + view.firstTapOffset) * channels
            if channels == 1 {
                output[frame] = unsafe view.mono(input, phase: phase)
            } else if channels == 2 {
                let (left, right) = unsafe view.stereo(input, phase: phase)
                output[2 * frame] = left
                output[2 * frame + 1] = right
            } else {
                for channel in 0..<channels {
                    output[frame * channels + channel] = unsafe view.channel(input, channels: channels, channel: channel, phase: phase)
                }
            }
            view.advance(cursor: &cursor, phase: &phase)
        }
        return try AudioAsset(interleaved: output, channels: channels, sampleRate: outputRate)
    }
}
