import ECS
import Platform

extension AudioMixer {
    /// Fills `buffer` with the mix of every playing voice of ``world``: ``mix(into:voices:)``
    /// through the mixer's own query, for use outside a schedule.
    /// - Throws: The errors of ``mix(into:voices:)``.
    public func mix(into buffer: inout [Float]) throws(AudioError) {
        try mix(into: &buffer, voices: mixQuery)
    }

    /// Fills `buffer` (whole interleaved frames, at most ``MixFormat/maxFrames``) with the mix
    /// of every playing voice `voices` visits, reading and advancing them through it, updates
    /// ``meters`` and advances ``framesMixed``: the body of ``AudioPlugin``'s `audio.mix`
    /// system, which passes the query it declared. Allocates nothing once the buses fit the
    /// voice count.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a buffer that is not a whole number of
    ///   frames or holds more than ``MixFormat/maxFrames``; ``AudioError/world(_:)``
    ///   (`undeclared_access`) inside a system that did not declare the voice components.
    public func mix(into buffer: inout [Float], voices: VoiceMixQuery) throws(AudioError) {
        let channels = format.channels
        guard buffer.count % channels == 0 else {
            throw AudioError.invalidArgument("a buffer of \(buffer.count) samples is not whole frames of \(channels) channels")
        }
        let frames = buffer.count / channels
        guard frames <= format.maxFrames else {
            throw AudioError.invalidArgument("a buffer of \(frames) frames exceeds the mixer's \(format.maxFrames)")
        }
        let busCount = try layOutBuses(voices)
        buses.reserve(buses: busCount)
        try unsafe assets.views.withUnsafeBufferPointer { (views) throws(AudioError) in
            let kernel = unsafe VoiceMixKernel(
                views: views.baseAddress.unsafelyUnwrapped, channels: channels, bufferStart: framesMixed, frames: frames,
                isa: kernels.kernelISA)
            try mixChunks(kernel, voices)
        }
        // SAFETY: buses `0..<busCount` exist (reserved above) and hold `frames × channels`
        // samples each, written by the chunks; the output holds as many.
        unsafe buffer.withUnsafeMutableBufferPointer { output in
            let samples = frames * channels
            unsafe output.baseAddress.unsafelyUnwrapped.update(repeating: 0, count: samples)
            for bus in 0..<busCount {
                let source = unsafe buses.bus(bus)
                for index in 0..<samples { unsafe output[index] += source[index] }
            }
            unsafe meters.measure(UnsafeBufferPointer(output), frames: frames)
        }
        framesMixed += Int64(frames)
    }

    /// Sets the first bus of each voice table `voices` visits (tables in query order, a bus per
    /// ``voicesPerChunk`` rows) and returns the buses needed.
    func layOutBuses(_ voices: VoiceMixQuery) throws(AudioError) -> Int {
        var total = 0
        let perChunk = voicesPerChunk
        do {
            try unsafe voices.forEachChunk { chunk, _, _, _, _ in
                if chunk.tableIndex >= tableBusOffsets.count {
                    tableBusOffsets.append(contentsOf: repeatElement(0, count: chunk.tableIndex + 1 - tableBusOffsets.count))
                }
                tableBusOffsets[chunk.tableIndex] = total
                total += (chunk.count + perChunk - 1) / perChunk
            }
        } catch let error as ECSError {
            throw AudioError(error)
        } catch {
            preconditionFailure("the loop body throws nothing")
        }
        return total
    }

    /// Mixes every chunk of `voices` into its bus: in place on this thread for one thread (no
    /// job list, so nothing is allocated), else through the query's parallel chunk loop. Both
    /// cut the same chunks and write the same buses.
    func mixChunks(_ kernel: VoiceMixKernel, _ voices: VoiceMixQuery) throws(AudioError) {
        let perChunk = voicesPerChunk
        // SAFETY: the column buffers are live rows of one table while the body runs, and
        // their base addresses are never nil; every chunk of at most `perChunk` rows writes
        // only its own rows and its own bus (`tableBusOffsets` were laid out for these
        // tables, and `buses` reserved for them), and the asset views are only read.
        try unsafe tableBusOffsets.withUnsafeBufferPointer { (offsets) throws(AudioError) in
            if threads == 1 {
                do {
                    try unsafe voices.forEachChunk { chunk, source, gain, pan, playback in
                        var first = 0
                        while first < chunk.count {
                            let count = min(perChunk, chunk.count - first)
                            let bus = unsafe buses.bus(offsets[chunk.tableIndex] + first / perChunk)
                            unsafe kernel.mix(
                                count: count, source: source.baseAddress.unsafelyUnwrapped + first,
                                gain: gain.baseAddress.unsafelyUnwrapped + first, pan: pan.baseAddress.unsafelyUnwrapped + first,
                                playback: playback.baseAddress.unsafelyUnwrapped + first, into: bus)
                            first += count
                        }
                    }
                } catch let error as ECSError {
                    throw AudioError(error)
                } catch {
                    preconditionFailure("the loop body throws nothing")
                }
                return
            }
            let shared = unsafe UncheckedSendable((kernel: kernel, offsets: offsets, buses: buses.samples, samplesPerBus: buses.samplesPerBus))
            try AudioError.world { () throws(ECSError) in try unsafe voices.forEachChunk(threads: threads, chunkSize: perChunk) { chunk, source, gain, pan, playback in
                let context = unsafe shared.value
                let busIndex = unsafe context.offsets[chunk.tableIndex] + chunk.firstRow / perChunk
                unsafe context.kernel.mix(
                    count: chunk.count, source: source.baseAddress.unsafelyUnwrapped, gain: gain.baseAddress.unsafelyUnwrapped,
                    pan: pan.baseAddress.unsafelyUnwrapped, playback: playback.baseAddress.unsafelyUnwrapped,
                    into: context.buses.baseAddress.unsafelyUnwrapped + busIndex * context.samplesPerBus)
            } }
        }
    }
}
