import SIMDKernels

/// Mixes the voices of one chunk into the chunk's bus: for each playing voice, the frames of
/// the buffer between its start and stop frames, read from its asset (through its resampling
/// filter when the rates differ), scaled by its smoothed gain and pan, added to the bus.
///
/// Output channels 0 and 1 take the pan's left and right gains; a mono source feeds both; a
/// source channel beyond them feeds the output channel of the same index (if there is one) at
/// the voice's gain; a mono output takes the mean of the source's channels.
@safe
struct VoiceMixKernel {
    /// Asset views by slot.
    let views: UnsafePointer<AssetView>
    /// Output channels.
    let channels: Int
    /// Mixer frame of the buffer's first frame.
    let bufferStart: Int64
    /// Frames in the buffer.
    let frames: Int
    /// The instruction set of the resampling kernels.
    let isa: KernelISA

    /// Clears `bus` (`frames × channels` samples) and mixes the `count` voices whose rows start
    /// at the given column addresses into it.
    func mix(
        count: Int, source: UnsafeMutablePointer<VoiceSource>, gain: UnsafeMutablePointer<VoiceGain>,
        pan: UnsafePointer<VoicePan>, playback: UnsafeMutablePointer<VoicePlayback>, into bus: UnsafeMutablePointer<Float>
    ) {
        unsafe bus.update(repeating: 0, count: frames * channels)
        for row in 0..<count {
            unsafe mixVoice(&source[row], &gain[row], pan[row], &playback[row], into: bus)
        }
    }

    /// Mixes one voice; a voice that reaches its stop frame or the end of its non-looping
    /// asset becomes stopped.
    @inline(__always)
    func mixVoice(
        _ source: inout VoiceSource, _ gain: inout VoiceGain, _ pan: VoicePan, _ playback: inout VoicePlayback,
        into bus: UnsafeMutablePointer<Float>
    ) {
        guard playback.state == .playing else { return }
        let bufferEnd = bufferStart + Int64(frames)
        guard playback.startFrame < bufferEnd else { return }
        let begin = Int(max(0, playback.startFrame - bufferStart))
        let stopsHere = playback.stopFrame <= bufferEnd
        let end = stopsHere ? Int(max(Int64(begin), playback.stopFrame - bufferStart)) : frames
        let view = unsafe views[Int(source.asset.slot)]
        // A voice holds its asset, so its slot is never empty; stop rather than loop on nothing.
        guard unsafe view.frames > 0 || view.ring != nil else {
            playback.state = .stopped
            return
        }
        let finished: Bool
        if let ring = unsafe view.ring {
            finished = unsafe Unmanaged<SampleRing>.fromOpaque(ring)._withUnsafeGuaranteedRef {
                unsafe mixStream($0, &gain, pan, frames: begin..<end, into: bus)
            }
        } else if let filter = view.filter {
            finished = unsafe mixResampled(view, filter, &source, &gain, pan, frames: begin..<end, into: bus)
        } else {
            finished = unsafe mixDirect(view, &source, &gain, pan, frames: begin..<end, into: bus)
        }
        if finished || stopsHere { playback.state = .stopped }
    }

    /// Mixes a source at the output rate; returns whether a non-looping source ended.
    @inline(__always)
    func mixDirect(
        _ view: AssetView, _ source: inout VoiceSource, _ gain: inout VoiceGain, _ pan: VoicePan,
        frames range: Range<Int>, into bus: UnsafeMutablePointer<Float>
    ) -> Bool {
        var frame = range.lowerBound
        while frame < range.upperBound {
            if source.cursor >= view.frames {
                guard source.looping else { return true }
                source.cursor = 0
            }
            let count = min(range.upperBound - frame, view.frames - source.cursor)
            let input = unsafe view.samples.unsafelyUnwrapped + source.cursor * view.channels
            unsafe addFrames(input, sourceChannels: view.channels, count: count, to: bus + frame * channels, &gain, pan)
            source.cursor += count
            frame += count
        }
        return !source.looping && source.cursor >= view.frames
    }

    /// Mixes a streaming source from its ring, in at most two runs (the ring wraps); returns
    /// whether the stream ended and was read to its end. A ring that runs dry leaves the rest
    /// of the range silent.
    @inline(__always)
    func mixStream(
        _ ring: SampleRing, _ gain: inout VoiceGain, _ pan: VoicePan, frames range: Range<Int>,
        into bus: UnsafeMutablePointer<Float>
    ) -> Bool {
        var frame = range.lowerBound
        while frame < range.upperBound {
            let (input, count) = unsafe ring.readableRun(upTo: range.upperBound - frame)
            guard count > 0 else { break }
            unsafe addFrames(input, sourceChannels: ring.channels, count: count, to: bus + frame * channels, &gain, pan)
            ring.consume(count)
            frame += count
        }
        return ring.isDrained
    }

    /// Adds `count` frames of `input` to `output`: frame by frame while the gain ramps, then
    /// at the constant gain.
    @inline(__always)
    func addFrames(
        _ input: UnsafePointer<Float>, sourceChannels: Int, count: Int, to output: UnsafeMutablePointer<Float>,
        _ gain: inout VoiceGain, _ pan: VoicePan
    ) {
        var input = unsafe input
        var output = unsafe output
        var left = count
        while gain.rampFrames > 0 && left > 0 {
            let g = gain.advance()
            unsafe addFrame(input, sourceChannels: sourceChannels, to: output, left: g * pan.left, right: g * pan.right, gain: g)
            unsafe input += sourceChannels
            unsafe output += channels
            left -= 1
        }
        let g = gain.current
        guard left > 0, g != 0 else { return }
        let gl = g * pan.left, gr = g * pan.right
        if sourceChannels == 2 && channels == 2 {
            unsafe addStereo(input, count: left, to: output, left: gl, right: gr)
        } else if sourceChannels == 1 && channels == 2 {
            for index in 0..<left {
                let sample = unsafe input[index]
                unsafe output[2 * index] += gl * sample
                unsafe output[2 * index + 1] += gr * sample
            }
        } else {
            for _ in 0..<left {
                unsafe addFrame(input, sourceChannels: sourceChannels, to: output, left: gl, right: gr, gain: g)
                unsafe input += sourceChannels
                unsafe output += channels
            }
        }
    }

    /// Adds `count` interleaved stereo frames to stereo `output`, eight samples at a time.
    @inline(__always)
    func addStereo(_ input: UnsafePointer<Float>, count: Int, to output: UnsafeMutablePointer<Float>, left: Float, right: Float) {
        let samples = 2 * count
        let gains = SIMD8<Float>(left, right, left, right, left, right, left, right)
        let source = unsafe UnsafeRawPointer(input)
        let target = UnsafeMutableRawPointer(output)
        var index = 0
        while index + 8 <= samples {
            let offset = index * 4
            let sum = unsafe target.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                + gains * source.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            unsafe target.storeBytes(of: sum, toByteOffset: offset, as: SIMD8<Float>.self)
            index += 8
        }
        while index < samples {
            unsafe output[index] += (index & 1 == 0 ? left : right) * input[index]
            index += 1
        }
    }

    /// Adds one frame of `input` to `output` with the channel mapping of the type.
    @inline(__always)
    func addFrame(_ input: UnsafePointer<Float>, sourceChannels: Int, to output: UnsafeMutablePointer<Float>, left: Float, right: Float, gain: Float) {
        if channels == 1 {
            var sum: Float = 0
            for channel in 0..<sourceChannels { unsafe sum += input[channel] }
            unsafe output[0] += gain * (sum / Float(sourceChannels))
        } else if sourceChannels == 1 {
            unsafe output[0] += left * input[0]
            unsafe output[1] += right * input[0]
        } else {
            unsafe output[0] += left * input[0]
            unsafe output[1] += right * input[1]
            for channel in 2..<max(2, min(sourceChannels, channels)) {
                unsafe output[channel] += gain * input[channel]
            }
        }
    }

    /// Mixes a source through its resampling filter; returns whether a non-looping source
    /// ended. A looping source wraps to frame 0 and keeps its phase, and reads the asset's
    /// circularly padded copy, so across the wrap the taps see the source's end followed by
    /// its start (a non-looping source reads silence past its ends). The frames before the source's end go to the kernel
    /// in one run at a constant gain into stereo, else frame by frame (while the gain ramps,
    /// into a mono output, or from more than two channels); both add the same products.
    @inline(__always)
    func mixResampled(
        _ view: AssetView, _ filter: PolyphaseView, _ source: inout VoiceSource, _ gain: inout VoiceGain,
        _ pan: VoicePan, frames range: Range<Int>, into bus: UnsafeMutablePointer<Float>
    ) -> Bool {
        // A looping voice's spawn made the circular copy.
        let samples = unsafe (source.looping ? view.loopSamples : view.samples).unsafelyUnwrapped
        var position = AudioResamplePosition(cursor: source.cursor, phase: source.phase)
        defer {
            source.cursor = position.cursor
            source.phase = position.phase
        }
        var frame = range.lowerBound
        while frame < range.upperBound {
            if position.cursor >= view.frames {
                guard source.looping else { return true }
                position.cursor = 0
            }
            // At least one: the cursor is inside the source.
            var run = min(range.upperBound - frame, filter.framesBefore(view.frames, from: position))
            let output = unsafe bus + frame * channels
            if gain.rampFrames == 0 && channels == 2 && view.channels <= 2 {
                let g = gain.current
                unsafe filter.mix(
                    samples, channels: view.channels, from: &position, count: run, left: g * pan.left, right: g * pan.right,
                    into: output, on: isa)
            } else {
                if gain.rampFrames > 0 { run = min(run, gain.rampFrames) }
                unsafe mixResampledFrames(samples, channels: view.channels, filter, &position, count: run, &gain, pan, into: output)
            }
            frame += run
        }
        return !source.looping && position.cursor >= view.frames
    }

    /// Mixes `count` frames of the padded source of `sourceChannels` channels whose frame 0 is
    /// at `samples`, read from `position` on inside the source, one frame at a time with the
    /// gain of each (ramping or not) and the channel mapping of the type.
    func mixResampledFrames(
        _ samples: UnsafePointer<Float>, channels sourceChannels: Int, _ filter: PolyphaseView,
        _ position: inout AudioResamplePosition, count: Int, _ gain: inout VoiceGain, _ pan: VoicePan,
        into output: UnsafeMutablePointer<Float>
    ) {
        var output = unsafe output
        for _ in 0..<count {
            let g = gain.rampFrames > 0 ? gain.advance() : gain.current
            if sourceChannels <= 2 {
                let frame = unsafe filter.frame(samples, channels: sourceChannels, at: &position, on: isa)
                if channels == 1 {
                    unsafe output[0] += g * (sourceChannels == 2 ? (frame.x + frame.y) / 2 : frame.x)
                } else {
                    unsafe output[0] += g * pan.left * frame.x
                    unsafe output[1] += g * pan.right * frame.y
                }
            } else {
                let input = unsafe samples + (position.cursor + filter.firstTapOffset) * sourceChannels
                unsafe addResampledFrame(
                    input, filter, sourceChannels: sourceChannels, phase: position.phase, to: output, left: g * pan.left,
                    right: g * pan.right, gain: g)
                filter.advance(&position)
            }
            unsafe output += channels
        }
    }

    /// Adds one resampled frame of a source with more than two channels.
    func addResampledFrame(
        _ input: UnsafePointer<Float>, _ filter: PolyphaseView, sourceChannels: Int, phase: Int,
        to output: UnsafeMutablePointer<Float>, left: Float, right: Float, gain: Float
    ) {
        if channels == 1 {
            var sum: Float = 0
            for channel in 0..<sourceChannels {
                sum += unsafe filter.channel(input, channels: sourceChannels, channel: channel, phase: phase)
            }
            unsafe output[0] += gain * (sum / Float(sourceChannels))
            return
        }
        for channel in 0..<min(sourceChannels, channels) {
            let sample = unsafe filter.channel(input, channels: sourceChannels, channel: channel, phase: phase)
            unsafe output[channel] += (channel == 0 ? left : channel == 1 ? right : gain) * sample
        }
    }
}
