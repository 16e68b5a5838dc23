import Foundation
import Systems

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
