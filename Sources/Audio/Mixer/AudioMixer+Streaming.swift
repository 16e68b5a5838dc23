import ECS
import Foundation

extension AudioMixer {
    /// Spawns a voice that streams the file at `url` through `decoder`: a worker thread
    /// decodes it ahead into the voice's lock-free ring (the first blocks before this returns),
    /// and the mix reads the ring, never the file. A file at another rate is resampled by the
    /// worker to the output rate with the in-memory voices' filter and bits; a looping voice
    /// starts the file over at its end, seamlessly. Removing the voice closes the file.
    /// - Throws: The decoder's ``AudioError``s; ``AudioError/unsupported(_:)`` for more than
    ///   ``AudioAsset/maxChannels`` channels or a rate the filter cannot convert to the
    ///   output's (see ``PolyphaseFilter/init(inputRate:outputRate:)``);
    ///   ``AudioError/invalidArgument(_:)`` for a gain, pan or start frame ``spawnVoice(asset:gain:pan:looping:startFrame:)``
    ///   rejects.
    @discardableResult
    public func spawnStreamingVoice(
        url: URL, decoder: any DecoderPort, gain: Float = 1, pan: Float = 0, looping: Bool = false, startFrame: Int64? = nil
    ) throws(AudioError) -> Entity {
        do {
            try Self.check(gain: gain)
            try Self.check(pan: pan)
        } catch {
            throw .invalidArgument(error.message)
        }
        if let startFrame, startFrame < 0 {
            throw .invalidArgument("voice start frame must not be negative, got \(startFrame)")
        }
        let handle = try decoder.open(url: url)
        let stream: AudioStream
        do throws(AudioError) {
            let info = try decoder.info(handle)
            guard (1...AudioAsset.maxChannels).contains(info.channels) else {
                throw .unsupported("\(url.lastPathComponent) has \(info.channels) channels; at most \(AudioAsset.maxChannels) are mixed")
            }
            let resampler = try Self.resampler(for: info, of: url, to: format.sampleRate, on: kernels)
            stream = AudioStream(
                decoder: decoder, handle: handle, channels: info.channels,
                aheadFrames: max(4 * format.maxFrames, 4 * AudioStream.blockFrames), looping: looping, resampler: resampler)
        } catch {
            decoder.close(handle)
            throw error
        }
        stream.fill()
        do throws(AudioError) {
            // Cannot fail for a checked channel count and rate.
            let placeholder = try AudioAsset(interleaved: [], channels: stream.ring.channels, sampleRate: format.sampleRate)
            let id = assets.add(stream, placeholder: placeholder)
            let voice: Entity
            do {
                voice = try world.spawn(
                    VoiceSource(asset: id, looping: false), VoiceGain(gain), VoicePan(pan),
                    VoicePlayback(startFrame: startFrame ?? framesMixed))
            } catch {
                try assets.release(id, voice: true)
                throw AudioError(error)
            }
            streamFeeder.add(stream)
            return voice
        } catch {
            stream.close()
            throw .invalidArgument(error.message)
        }
    }

    /// The resampler from the rate of `info` (the stream of `url`) to `outputRate`; nil when
    /// they are equal.
    /// - Throws: ``AudioError/unsupported(_:)`` for a rate that is not a whole number of hertz
    ///   or that the filter cannot convert.
    static func resampler(
        for info: StreamInfo, of url: URL, to outputRate: Int, on kernels: KernelInstructionSet
    ) throws(AudioError) -> StreamResampler? {
        guard info.sampleRate.rounded() == info.sampleRate, let rate = Int(exactly: info.sampleRate) else {
            throw .unsupported("\(url.lastPathComponent) is at \(info.sampleRate) Hz, not a whole number of hertz")
        }
        guard rate != outputRate else { return nil }
        do {
            return try StreamResampler(
                inputRate: rate, outputRate: outputRate, channels: info.channels, blockFrames: AudioStream.blockFrames,
                kernels: kernels)
        } catch {
            throw .unsupported("\(url.lastPathComponent): \(error.message)")
        }
    }

    /// Waits until every streaming voice has at least `frames` frames decoded ahead (or its
    /// file ended), for rendering faster than real time (offline, or a benchmark) without the
    /// rings running dry; returns false when `timeout` passed first. A real-time mix never
    /// calls it: the period gives the worker its time.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for `frames` outside 0...``MixFormat/maxFrames``.
    public func waitForStreams(frames: Int, timeout: Duration = .seconds(5)) throws(AudioError) -> Bool {
        guard (0...format.maxFrames).contains(frames) else {
            throw AudioError.invalidArgument("frames to wait for must be in 0...\(format.maxFrames), got \(frames)")
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while !assets.streamsHold(frames: frames) {
            guard clock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.000_2)
        }
        return true
    }
}
