#if canImport(CALSA)
import CALSA
@_spi(Locking) import ECS
import Foundation

/// libasound's process-wide state: the lock around opening, negotiating and closing PCMs, and
/// the silent error handler.
///
/// ALSA prints its errors to stderr (`ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM
/// nosuch`). The first use installs a handler that prints nothing and keeps, per thread, the
/// first message of the current call, which the typed error then carries: a missing device costs
/// the caller one line of its own, not ALSA's.
enum ALSALibrary {
    /// The global lock; its value says whether the silent handler is installed.
    private static let lock = Locked(false)

    /// Runs `body` under the global lock, after installing the silent handler on first use,
    /// with ALSA's message capture reset for the call.
    static func withGlobalLock<Result: Sendable, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { (installed: inout Bool) throws(Failure) -> Result in
            if !installed {
                ecs_alsa_install_error_handler()
                installed = true
            }
            ecs_alsa_capture_begin()
            return try body()
        }
    }

    /// The error of a failed `snd_pcm_open` of `device` with the negative errno `status`.
    static func openError(_ device: String, status: Int32) -> CoreError {
        let message = "cannot open ALSA device '\(device)': \(describe(status))"
        switch -status {
        case ENOENT, ENODEV, ENXIO, EINVAL: return .notFound(message)
        default: return .ioError(message, underlying: posixError(status))
        }
    }

    /// The ``CoreError/ioError(_:underlying:)`` of a call that failed with `status`, after `what`.
    static func callError(_ what: String, status: Int32) -> CoreError {
        .ioError("\(what): \(describe(status))", underlying: posixError(status))
    }

    /// ALSA's text for the negative errno `status`, and the message its handler kept on this
    /// thread, if any: "No such file or directory (Unknown PCM nosuch)".
    static func describe(_ status: Int32) -> String {
        // SAFETY: both are NUL-terminated strings that ALSA and the shim keep alive, copied at once.
        let text = unsafe String(cString: snd_strerror(status))
        let kept = unsafe String(cString: ecs_alsa_captured_text())
        return kept.isEmpty ? text : "\(text) (\(kept))"
    }

    /// The POSIX error of the negative errno `status`, or `EIO` for an ALSA-specific code.
    static func posixError(_ status: Int32) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: -status) ?? .EIO)
    }
}
#endif
