import ECS
import Platform
import SIMDKernels

extension PolyphaseFilter {
    /// `asset` converted to ``outputRate`` offline, with the same arithmetic as the mixer's
    /// per-voice resampling, on `kernels` (the same bits on every set).
    /// - Throws: ``AudioError/invalidArgument(_:)`` when the asset's rate is not ``inputRate``.
    public func resample(_ asset: AudioAsset, on kernels: KernelInstructionSet = .best) throws(AudioError) -> AudioAsset {
        guard asset.sampleRate == inputRate else {
            throw AudioError.invalidArgument("the filter resamples \(inputRate) Hz, the asset is \(asset.sampleRate) Hz")
        }
        let channels = asset.channels
        let count = outputFrames(forInput: asset.frames)
        var output = [Float](repeating: 0, count: count * channels)
        let view = self.view
        var position = AudioResamplePosition(cursor: 0, phase: 0)
        // SAFETY: every read starts at `cursor + firstTapOffset` with `cursor < asset.frames`
        // (an output instant lies inside the input) and spans `taps` frames, so it stays
        // within the asset's `paddingFrames` of padding on either side (checked by `init`);
        // the output holds `count × channels` samples.
        if count > 0 {
            unsafe output.withUnsafeMutableBufferPointer { output in
                unsafe view.resampleAnyChannels(
                    asset.firstFrame, channels: channels, from: &position, count: count,
                    into: output.baseAddress.unsafelyUnwrapped, on: kernels.kernelISA)
            }
        }
        return try AudioAsset(interleaved: output, channels: channels, sampleRate: outputRate)
    }
}
