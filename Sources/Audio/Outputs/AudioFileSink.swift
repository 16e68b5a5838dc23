import CSndFile
import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output that writes every buffer to a WAV, AIFF, FLAC, Ogg or MP3 file through libsndfile.
///
/// ``start()`` opens a temporary file beside the destination; ``stop()`` closes it and renames
/// it over the destination, so the destination never holds a partial file. Buffers are scaled
/// by the volume; integer encodings clip at full scale. ``flush()`` cannot take back what was
/// written and does nothing. A failure while finishing is kept in ``finishError``. Starting and
/// stopping need libsndfile's global lock, so they wait while another open is stuck in it.
@safe
public final class AudioFileSink: AudioOutputPort {
    /// The sink's mutable state; the file handle is used only under the sink's lock.
    @safe private struct State {
        var format: AudioOutputFormat?
        var file: OpaquePointer?
        var temporaryPath: String?
        var volume: Float = 1
        var scratch: [Float] = []
        var framesWritten = 0
        var finishError: AudioError?
    }

    /// Where the finished file goes.
    public let path: String
    /// The encoding.
    public let fileFormat: AudioFileFormat
    private let state = Locked(State())

    /// Creates a sink that writes `fileFormat` to `path` when stopped.
    public init(path: String, format fileFormat: AudioFileFormat) {
        self.path = path
        self.fileFormat = fileFormat
    }

    deinit {
        state.withLock { state in
            if let file = unsafe state.file { unsafe SndFileLibrary.close(file) }
            if let temporary = state.temporaryPath { unsafe unlink(temporary) }
        }
    }

    /// Frames written to the file being recorded, or to the last one finished.
    public var framesWritten: Int { state.withLock { $0.framesWritten } }

    /// Why the last ``stop()`` could not finish the file, or `nil`.
    public var finishError: AudioError? { state.withLock { $0.finishError } }

    /// Checks the format, and that the encoding supports it.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a bad format, ``AudioError/unsupported(_:)``
    ///   when the encoding cannot hold it (for example FLAC above 655,350 Hz or 8 channels).
    public func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        let format = try AudioOutputFormat(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
        var info = SF_INFO()
        info.samplerate = Int32(clamping: Int(sampleRate.rounded()))
        info.channels = Int32(clamping: channels)
        info.format = fileFormat.sndFileFormat
        guard sampleRate == sampleRate.rounded(), unsafe sf_format_check(&info) == SF_TRUE else {
            throw .unsupported("\(fileFormat.rawValue) cannot hold \(channels) channels at \(sampleRate) Hz")
        }
        state.withLock { $0.format = format }
    }

    /// Opens a new temporary file beside ``path``; a no-op while recording.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` before configure, ``AudioError/ioError(_:underlying:)``
    ///   when the file cannot be created.
    public func start() throws(AudioError) {
        try state.withLock { state throws(AudioError) in
            guard unsafe state.file == nil else { return }
            guard let format = state.format else { throw .invalidState("the file sink is not configured") }
            let url = URL(fileURLWithPath: path)
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
            var info = SF_INFO()
            info.samplerate = Int32(format.sampleRate)
            info.channels = Int32(format.channels)
            info.format = fileFormat.sndFileFormat
            let file = try unsafe SndFileLibrary.open(temporary, mode: Int32(SFM_WRITE), info: &info).mapError {
                AudioError.ioError("cannot write \(path): \($0.message)", underlying: POSIXError(.EIO))
            }.get()
            var clipping = Int32(SF_TRUE)
            // SAFETY: `file` is live; the flag is a local passed by address for the call.
            _ = unsafe sf_command(file, Int32(SFC_SET_CLIPPING), &clipping, 0)
            unsafe state.file = file
            state.temporaryPath = temporary
            state.framesWritten = 0
            state.finishError = nil
        }
    }

    /// Flushes the file to the disk, closes it and renames it over ``path`` (`FileAccess/commit(_:to:)`,
    /// which flushes the directory too, so a crash leaves the old file or the whole new one); a
    /// failure is kept in ``finishError`` and the temporary file removed.
    public func stop() {
        state.withLock { state in
            guard let file = unsafe state.file, let temporary = state.temporaryPath else { return }
            unsafe state.file = nil
            state.temporaryPath = nil
            // SAFETY: `file` is live until the close below.
            unsafe sf_write_sync(file)
            unsafe SndFileLibrary.close(file)
            do throws(FileError) {
                try FileAccess.commit(temporary, to: path)
            } catch {
                state.finishError = .ioError(error.message, underlying: POSIXError(.EIO))
            }
        }
    }

    /// Written data cannot be taken back; does nothing.
    public func flush() {}

    /// Sets the gain for later buffers, clamped to [0, 1] with NaN as 0.
    public func setVolume(_ volume: Float) {
        state.withLock { $0.volume = volume.isNaN ? 0 : min(max(volume, 0), 1) }
    }

    /// Writes `frameCount` frames scaled by the volume and returns `frameCount`.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` when not started, ``AudioError/invalidArgument(_:)``
    ///   for too few samples, ``AudioError/ioError(_:underlying:)`` when the write fails.
    public func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        try state.withLock { state throws(AudioError) -> Int in
            guard let file = unsafe state.file, let format = state.format else { throw .invalidState("the file sink is not started") }
            let count = try format.sampleCount(of: samples, frameCount: frameCount)
            if state.scratch.count < count { state.scratch = [Float](repeating: 0, count: count) }
            let volume = state.volume
            for index in 0..<count { state.scratch[index] = samples[index] * volume }
            // SAFETY: the scratch array holds at least `frameCount × channels` floats, borrowed for the call.
            let written = unsafe state.scratch.withUnsafeBufferPointer { unsafe sf_writef_float(file, $0.baseAddress, sf_count_t(frameCount)) }
            guard written == frameCount else {
                throw .ioError("wrote \(written) of \(frameCount) frames to \(path)", underlying: POSIXError(.EIO))
            }
            state.framesWritten += frameCount
            return frameCount
        }
    }
}
