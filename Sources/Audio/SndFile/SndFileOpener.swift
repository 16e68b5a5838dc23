import CSndFile
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens audio files with libsndfile on a worker thread, with a deadline.
///
/// The caller first checks the path itself (missing, not a regular file, empty), then a new
/// thread runs `sf_open` inside the global lock, checks the header and, when the header's frame
/// count is implausible, counts frames by decoding. If that takes longer than the deadline (some
/// malformed files make libsndfile loop), the caller gets ``AudioError/decodeError(_:)`` and
/// returns; the worker thread is left to finish on its own and then closes what it opened. While
/// such a worker is stuck inside `sf_open` it holds the global lock, so other opens in the
/// process also run into their deadlines instead of hanging, and closing a decoder stream hands
/// the `sf_close` to a thread that waits for the lock (``SndFileLibrary/closeWithoutWaiting(_:)``).
/// If libsndfile never returns, that worker thread and the lock stay taken until the process ends.
enum SndFileOpener {
    /// The default deadline for one open.
    static let defaultTimeout: Duration = .seconds(5)

    /// Opens the regular file at `path` for reading.
    ///
    /// - Throws: ``AudioError/notFound(_:)`` when nothing is at `path`,
    ///   ``AudioError/unsupported(_:)`` for a directory, FIFO or other non-regular file and for a
    ///   format or encoding libsndfile does not read and for a file that starts like MPEG audio
    ///   without its frames (``MPEGStreamProbe``), ``AudioError/decodeError(_:)`` for an empty
    ///   or malformed file, an impossible header or a missed deadline,
    ///   ``AudioError/ioError(_:underlying:)`` when the system refuses to read it.
    static func openStream(path: String, timeout: Duration = defaultTimeout) throws(AudioError) -> SndFileStream {
        let byteCount = try RegularFile.size(at: path)
        if let problem = MPEGStreamProbe.problem(at: path) {
            throw .unsupported("\(path): not a supported audio stream (\(problem))")
        }
        let attempt = SndFileOpenAttempt()
        let worker = Thread {
            attempt.finish(Result { () throws(AudioError) in try openNow(path: path, byteCount: byteCount) })
        }
        worker.name = "sndfile-open"
        worker.start()
        guard let result = attempt.wait(timeout: timeout) else {
            throw .decodeError("opening \(path) did not finish within \(timeout); the file is treated as damaged")
        }
        return try result.get()
    }

    /// Opens and checks `path` on the calling thread.
    private static func openNow(path: String, byteCount: Int64) throws(AudioError) -> SndFileStream {
        var info = SF_INFO()
        let file = try unsafe SndFileLibrary.open(path, mode: Int32(SFM_READ), info: &info).mapError { openError(path, $0) }.get()
        let format: SndFileFormat
        do {
            format = try SndFileFormat(info, path: path)
        } catch {
            unsafe SndFileLibrary.close(file)
            throw error
        }
        return try unsafe SndFileStream(taking: file, format: format, byteCount: byteCount)
    }

    /// The typed error for a failed `sf_open` of the regular file at `path`. libsndfile's
    /// catch-all when no reader takes the bytes (garbage after an MPEG sync word, an ID3 tag
    /// with no audio) reads "File does not exist or is not a regular file": the file was
    /// checked to be one, so that message becomes "not a supported audio stream".
    private static func openError(_ path: String, _ failure: SndFileOpenFailure) -> AudioError {
        if failure.message.contains("does not exist") {
            return .unsupported("\(path): not a supported audio stream (libsndfile found no format it reads in it)")
        }
        return switch Int(failure.code) {
        case SF_ERR_UNRECOGNISED_FORMAT, SF_ERR_UNSUPPORTED_ENCODING:
            .unsupported("\(path): \(failure.message)")
        case SF_ERR_SYSTEM:
            .ioError("\(path): \(failure.message)", underlying: POSIXError(.EIO))
        default:
            .decodeError("\(path): \(failure.message)")
        }
    }
}
