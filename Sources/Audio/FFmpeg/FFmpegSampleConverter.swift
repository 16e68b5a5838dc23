import CFFmpeg

/// Turns decoded frames of any sample format (planar or interleaved, integer or float) into
/// interleaved Float32 in [−1, 1] at the same rate, through libswresample, and holds the
/// converted samples until they are read.
///
/// The converter is reconfigured when a frame's sample format changes; the rate never changes
/// (the mixer resamples). Its buffer grows to the largest frame seen and is then reused.
@safe
final class FFmpegSampleConverter {
    /// The most frames one decoded frame may hold; more is treated as damage (FFmpeg's
    /// decoders make a few thousand).
    static let maxFrameLength = 1 << 20

    /// Channels per frame.
    let channels: Int
    /// Frames per second, in and out.
    let sampleRate: Int
    /// The libswresample context, nil until the first frame.
    private var converter: OpaquePointer?
    /// The sample format `converter` is configured for.
    private var sourceFormat: Int32?
    /// Converted samples, interleaved; only the first ``pendingEnd`` are valid.
    private var samples: [Float] = []
    /// The index in ``samples`` of the next sample to hand out.
    private var pendingStart = 0
    /// The number of valid samples in ``samples``.
    private var pendingEnd = 0

    /// A converter for `channels` channels at `sampleRate`.
    init(channels: Int, sampleRate: Int) {
        self.channels = channels
        self.sampleRate = sampleRate
    }

    deinit {
        // SAFETY: the context was made by this object and is used by nobody else.
        unsafe swr_free(&converter)
    }

    /// Frames converted and not yet handed out.
    var pendingFrames: Int { (pendingEnd - pendingStart) / channels }

    /// Converts `frame`, replacing what was pending, then drops its first `skip` frames.
    ///
    /// - Throws: ``AudioError/decodeError(_:)`` for a frame of another channel count or rate
    ///   than the stream's, an implausible length, or a conversion failure.
    func convert(_ frame: UnsafePointer<AVFrame>, skipping skip: Int = 0, path: String) throws(AudioError) {
        // SAFETY: the caller's frame was just filled by the decoder.
        let (frameChannels, frameRate, length, format) = unsafe (
            Int(frame.pointee.ch_layout.nb_channels), Int(frame.pointee.sample_rate), Int(frame.pointee.nb_samples), frame.pointee.format)
        guard frameChannels == channels else {
            throw .decodeError("\(path): the stream changes from \(channels) to \(frameChannels) channels")
        }
        guard frameRate == sampleRate else {
            throw .decodeError("\(path): the stream changes from \(sampleRate) Hz to \(frameRate) Hz")
        }
        guard length >= 0, length <= Self.maxFrameLength else {
            throw .decodeError("\(path): a decoded frame claims \(length) samples; at most \(Self.maxFrameLength) are accepted")
        }
        if sourceFormat != format {
            // SAFETY: `converter` is this object's; the C helper frees and remakes it.
            let status = unsafe cffmpeg_configure_float_converter(&converter, Int32(channels), AVSampleFormat(rawValue: format), Int32(sampleRate))
            guard status >= 0 else {
                throw .decodeError("\(path): libswresample cannot convert the decoded samples: \(FFmpegLibrary.message(status))")
            }
            sourceFormat = format
        }
        let needed = length * channels
        if samples.count < needed { samples = [Float](repeating: 0, count: needed) }
        // SAFETY: `samples` holds at least `length × channels` floats, which is what the
        // conversion of a frame of `length` samples writes at most.
        let converted = unsafe samples.withUnsafeMutableBufferPointer { buffer in
            unsafe cffmpeg_convert_frame(converter, buffer.baseAddress, Int32(length), frame)
        }
        guard converted >= 0 else {
            throw .decodeError("\(path): libswresample failed on a decoded frame: \(FFmpegLibrary.message(converted))")
        }
        pendingEnd = Int(converted) * channels
        pendingStart = min(skip, Int(converted)) * channels
        for index in pendingStart..<pendingEnd {
            let sample = samples[index]
            samples[index] = sample.isNaN ? 0 : min(max(sample, -1), 1)
        }
    }

    /// Copies up to `maxFrames` pending frames to `buffer` from frame `offset` on and returns
    /// how many it copied; the caller has checked that `buffer` holds them.
    func take(into buffer: UnsafeMutableBufferPointer<Float>, at offset: Int, maxFrames: Int) -> Int {
        let frames = min(maxFrames, pendingFrames)
        let count = frames * channels
        // SAFETY: `extracting` checks the range against `buffer`; the source range lies inside
        // the valid samples.
        _ = unsafe buffer.extracting((offset * channels)..<(offset * channels + count))
            .update(fromContentsOf: samples[pendingStart..<(pendingStart + count)])
        pendingStart += count
        return frames
    }

    /// Drops the pending frames, for a seek.
    func discard() {
        pendingStart = 0
        pendingEnd = 0
    }
}
