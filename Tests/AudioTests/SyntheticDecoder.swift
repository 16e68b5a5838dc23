import Foundation
import Platform
import Audio

/// A decoder double in the shape of HarmoniaCore's test mock (by default 10 s at 44.1 kHz,
/// 2 channels, 16-bit, at most 1024 frames per read) that synthesises `sampleValue` and can be
/// told to fail.
final class SyntheticDecoder: DecoderPort {
    /// The synthetic stream and the failures to inject.
    struct Settings: Sendable {
        /// Seconds.
        var duration = 10.0
        /// Hz.
        var sampleRate = 44_100.0
        /// Interleaved channels.
        var channels = 2
        /// Reported bits per sample.
        var bitDepth = 16
        /// The most frames one read returns.
        var framesPerRead = 1024
        /// Thrown by every open when set.
        var openError: AudioError?
        /// File names whose open fails with `notFound`, as a file deleted after it was listed.
        var missingNames: Set<String> = []
        /// Thrown by every read when set.
        var readError: AudioError?
    }

    /// One open stream's read position.
    private struct Stream {
        /// The next frame to read.
        var frame = 0
    }

    /// Where opens, seeks and closes are logged.
    let log: AudioCallLog
    private let settings: Locked<Settings>
    private let streams = Locked<[DecodeHandle: Stream]>([:])

    /// A decoder with `settings`, logging to `log`.
    init(_ settings: Settings = Settings(), log: AudioCallLog = AudioCallLog()) {
        self.settings = Locked(settings)
        self.log = log
    }

    /// The value of `channel` at `frame`, in [−1, 1].
    static func sampleValue(frame: Int, channel: Int) -> Float {
        Float(sin(Double(frame) * 0.01)) * (channel == 0 ? 0.5 : -0.25)
    }

    /// Changes the settings, for example to inject a failure.
    func update(_ change: (inout Settings) -> Void) { settings.withLock { change(&$0) } }
    /// Streams opened and not closed.
    var openStreams: Int { streams.withLock { $0.count } }
    /// Frames in the stream.
    private var totalFrames: Int { settings.withLock { Int(($0.duration * $0.sampleRate).rounded()) } }

    /// Logs, then fails with the configured error or opens a stream at frame 0.
    func open(url: URL) throws(AudioError) -> DecodeHandle {
        log.record("open \(url.lastPathComponent)")
        if let error = settings.withLock({ $0.openError }) { throw error }
        if settings.withLock({ $0.missingNames.contains(url.lastPathComponent) }) { throw .notFound("no file at \(url.path)") }
        let handle = DecodeHandle()
        streams.withLock { $0[handle] = Stream() }
        return handle
    }

    /// Synthesises up to `framesPerRead` frames.
    func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        let current = settings.withLock { $0 }
        if let error = current.readError { throw error }
        let total = totalFrames
        return try streams.withLock { streams throws(AudioError) -> Int in
            guard var stream = streams[handle] else { throw .invalidState("closed") }
            let count = min(maxFrames, current.framesPerRead, total - stream.frame)
            for frame in 0..<count {
                for channel in 0..<current.channels {
                    buffer[frame * current.channels + channel] = Self.sampleValue(frame: stream.frame + frame, channel: channel)
                }
            }
            stream.frame += count
            streams[handle] = stream
            return count
        }
    }

    /// Logs and moves to the nearest frame, clamped.
    func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) {
        log.record("seek \(seconds)")
        let rate = settings.withLock { $0.sampleRate }
        let total = totalFrames
        try streams.withLock { streams throws(AudioError) in
            guard streams[handle] != nil else { throw .invalidState("closed") }
            streams[handle]?.frame = min(max(Int((seconds * rate).rounded()), 0), total)
        }
    }

    /// The configured stream information.
    func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo {
        settings.withLock { StreamInfo(duration: $0.duration, sampleRate: $0.sampleRate, channels: $0.channels, bitDepth: $0.bitDepth) }
    }

    /// Logs the first close of a stream.
    func close(_ handle: DecodeHandle) {
        if streams.withLock({ $0.removeValue(forKey: handle) }) != nil { log.record("close") }
    }
}
