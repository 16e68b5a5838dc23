import Foundation

/// A sine as a 1-bit DSD stream, made by a second-order sigma-delta modulator, written as a DSF
/// or DSDIFF file: no encoder for either is installed, and both formats are simple.
struct DSDSignal: Sendable {
    /// The DSD rate in bits per second per channel: DSD64.
    var dsdRate = 2_822_400
    /// Channels; channel 1 carries the sine inverted at half amplitude.
    var channels = 2
    /// The rate FFmpeg decodes to: an eighth of the DSD rate.
    var pcmRate: Int { dsdRate / 8 }
    /// Hz; exactly DFT bin 12 of 4096 at the PCM rate.
    var frequency: Double { Double(pcmRate) * 12 / 4096 }
    /// Peak of channel 0 as a fraction of full modulation.
    var amplitude = 0.5
    /// Bytes per channel: 8 DSD bits each, one PCM frame each once decoded.
    var bytesPerChannel = 32_768

    /// The modulated bits, one byte array per channel, least significant bit first in time
    /// when `leastSignificantFirst`.
    func bits(leastSignificantFirst: Bool) -> [[UInt8]] {
        (0..<channels).map { channel in
            let scale = channel == 0 ? amplitude : -0.5 * amplitude
            var first = 0.0, second = 0.0, output = 0.0
            var bytes = [UInt8](repeating: 0, count: bytesPerChannel)
            for index in 0..<(bytesPerChannel * 8) {
                let input = scale * sin(2 * Double.pi * frequency * Double(index) / Double(dsdRate))
                first += input - output
                second += first - output
                output = second >= 0 ? 1 : -1
                if output > 0 {
                    let bit = leastSignificantFirst ? index % 8 : 7 - index % 8
                    bytes[index / 8] |= UInt8(1 << bit)
                }
            }
            return bytes
        }
    }

    /// A DSF file (Sony's DSD Stream File): little-endian chunks `DSD `, `fmt ` and `data`,
    /// 4,096-byte blocks per channel, least significant bit first.
    func dsf() -> [UInt8] {
        let blockSize = 4096
        let streams = bits(leastSignificantFirst: true)
        let blocks = (bytesPerChannel + blockSize - 1) / blockSize
        var data: [UInt8] = []
        for block in 0..<blocks {
            for channel in streams {
                let slice = channel[(block * blockSize)..<min(channel.count, (block + 1) * blockSize)]
                data += slice + [UInt8](repeating: 0, count: blockSize - slice.count)
            }
        }
        let total = 28 + 52 + 12 + data.count
        var file: [UInt8] = Array("DSD ".utf8) + Self.little(28, 8) + Self.little(total, 8) + Self.little(0, 8)
        file += Array("fmt ".utf8) + Self.little(52, 8) + Self.little(1, 4) + Self.little(0, 4)
        file += Self.little(channels == 1 ? 1 : 2, 4) + Self.little(channels, 4) + Self.little(dsdRate, 4) + Self.little(1, 4)
        file += Self.little(bytesPerChannel * 8, 8) + Self.little(blockSize, 4) + Self.little(0, 4)
        file += Array("data".utf8) + Self.little(12 + data.count, 8) + data
        return file
    }

    /// A DSDIFF file (Philips' DSD Interchange File Format, `.dff`): big-endian chunks `FRM8`
    /// holding `FVER`, `PROP`/`SND ` (rate, channels, no compression) and `DSD `, bytes
    /// interleaved by channel, most significant bit first.
    func dff() -> [UInt8] {
        let streams = bits(leastSignificantFirst: false)
        var data: [UInt8] = []
        data.reserveCapacity(bytesPerChannel * channels)
        for index in 0..<bytesPerChannel {
            for channel in streams { data.append(channel[index]) }
        }
        let names = ["SLFT", "SRGT"].prefix(channels).flatMap { Array($0.utf8) }
        let compression = Array("DSD ".utf8) + [14] + Array("not compressed".utf8) + [0]
        let properties = Array("SND ".utf8)
            + Self.chunk("FS  ", Self.big(dsdRate, 4))
            + Self.chunk("CHNL", Self.big(channels, 2) + names)
            + Self.chunk("CMPR", compression)
        let body = Array("DSD ".utf8) + Self.chunk("FVER", Self.big(0x0105_0000, 4)) + Self.chunk("PROP", properties) + Self.chunk("DSD ", data)
        return Self.chunk("FRM8", body)
    }

    /// A DSDIFF chunk: its identifier, its 8-byte big-endian size, its body (odd sizes padded).
    private static func chunk(_ identifier: String, _ body: [UInt8]) -> [UInt8] {
        Array(identifier.utf8) + big(body.count, 8) + body + (body.count % 2 == 1 ? [0] : [])
    }

    /// `value` in `width` little-endian bytes.
    private static func little(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// `value` in `width` big-endian bytes.
    private static func big(_ value: Int, _ width: Int) -> [UInt8] {
        little(value, width).reversed()
    }
}
