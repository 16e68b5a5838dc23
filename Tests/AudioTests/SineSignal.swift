import CSndFile
import Foundation

/// A known test signal: a sine of given frequency and amplitude on channel 0, and the same sine
/// inverted at half amplitude on every further channel, so that interleaving errors show.
struct SineSignal: Sendable {
    /// Hz; by default exactly DFT bin 43 of 2048 at 48 kHz.
    var frequency: Double = 48_000.0 * 43 / 2048
    /// Peak value of channel 0.
    var amplitude: Double = 0.5
    /// Frames per second.
    var sampleRate: Int = 48_000
    /// Interleaved channels.
    var channels: Int = 2
    /// Length in frames.
    var frames: Int = 24_000

    /// The exact value of `channel` at `frame`.
    func value(frame: Int, channel: Int) -> Float {
        let sine = amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(sampleRate))
        return Float(channel == 0 ? sine : -0.5 * sine)
    }

    /// Every sample, interleaved.
    func interleaved() -> [Float] {
        var samples: [Float] = []
        samples.reserveCapacity(frames * channels)
        for frame in 0..<frames {
            for channel in 0..<channels { samples.append(value(frame: frame, channel: channel)) }
        }
        return samples
    }

    /// Writes the signal with libsndfile (`sf_open` in `SFM_WRITE`) to `path` in `format`.
    func write(to path: String, format: Int32) throws {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw SineWriteError(message: "sf_open(\(path)) for writing failed: \(String(cString: sf_strerror(nil)))")
        }
        var samples = interleaved()
        let written = samples.withUnsafeMutableBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(frames)) }
        let closed = sf_close(file)
        guard written == frames, closed == 0 else {
            throw SineWriteError(message: "wrote \(written) of \(frames) frames to \(path) (close \(closed))")
        }
    }
}

/// Writing a test file failed.
struct SineWriteError: Error, CustomStringConvertible {
    /// What failed.
    let message: String
    /// The message.
    var description: String { message }
}
