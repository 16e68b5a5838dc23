import Foundation
import Testing
import Audio

/// Decodes the whole stream behind `handle` in blocks of `blockFrames`, interleaved.
func decodeAll(_ decoder: some DecoderPort, _ handle: DecodeHandle, channels: Int, blockFrames: Int = 1000) throws -> [Float] {
    var block = [Float](repeating: .nan, count: blockFrames * channels)
    var samples: [Float] = []
    while true {
        let frames = try decoder.read(handle, into: &block, maxFrames: blockFrames)
        if frames == 0 { return samples }
        samples.append(contentsOf: block[..<(frames * channels)])
    }
}

/// The index of the largest DFT magnitude among bins 1…n/2 of `samples[start..<start+n]`.
func spectralPeakBin(_ samples: [Float], start: Int, count n: Int) -> Int {
    var best = (bin: 0, power: -1.0)
    for bin in 1...(n / 2) {
        let step = 2 * Double.pi * Double(bin) / Double(n)
        // Goertzel recurrence: the power of one bin in O(n).
        let coefficient = 2 * cos(step)
        var previous = 0.0, beforePrevious = 0.0
        for index in 0..<n {
            let current = Double(samples[start + index]) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        if power > best.power { best = (bin, power) }
    }
    return best.bin
}

/// Channel `channel` of interleaved `samples` with `channels` channels.
func channel(_ channel: Int, of samples: [Float], channels: Int) -> [Float] {
    stride(from: channel, to: samples.count, by: channels).map { samples[$0] }
}

/// The handle rules of every decoder, on two handles of the stereo file at `path`: distinct
/// handles, `invalidArgument` for a negative count, a short buffer or a NaN seek, a zero-frame
/// read, idempotent `close`, `invalidState` for a closed handle, and the other handle unharmed.
func expectHandleRules(_ decoder: some DecoderPort, path: String) throws {
    let first = try decoder.open(url: URL(fileURLWithPath: path))
    let second = try decoder.open(url: URL(fileURLWithPath: path))
    #expect(first != second)
    var small = [Float](repeating: 0, count: 10)
    #expect(throws: AudioError.invalidArgument("a buffer of 10 samples cannot hold 6 frames of 2 channels")) {
        try decoder.read(first, into: &small, maxFrames: 6)
    }
    #expect(throws: AudioError.invalidArgument("maxFrames -1 is negative")) { try decoder.read(first, into: &small, maxFrames: -1) }
    #expect(try decoder.read(first, into: &small, maxFrames: 0) == 0)
    #expect(throws: AudioError.invalidArgument("seek time nan s is not finite")) { try decoder.seek(first, toSeconds: .nan) }
    decoder.close(first)
    decoder.close(first)
    let closed = AudioError.invalidState("the decode handle is closed or was not opened by this decoder")
    #expect(throws: closed) { try decoder.read(first, into: &small, maxFrames: 5) }
    #expect(throws: closed) { try decoder.info(first) }
    #expect(throws: closed) { try decoder.seek(first, toSeconds: 0) }
    #expect(try decoder.read(second, into: &small, maxFrames: 5) == 5, "closing one handle leaves the other open")
    decoder.close(second)
}
