#if canImport(CALSA)
import CALSA
import Platform
import Foundation
import Glibc

/// libasound's process-wide state: the lock around opening, negotiating and closing PCMs, and
/// the silent error handler.
///
/// ALSA prints its errors to stderr (`ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM
/// nosuch`). The first use installs a handler that prints nothing and routes each message here;
/// the first message of a call made under the lock is kept, and the typed error of that call
/// carries it: a missing device costs the caller one line of its own, not ALSA's.
enum ALSALibrary {
    /// The first message ALSA reported during the call under the global lock, and the thread
    /// making that call.
    struct Capture {
        /// The thread whose messages are kept; nil between calls.
        var thread: pthread_t?
        /// The first message kept.
        var message: String?
    }

    /// The global lock; its value says whether the silent handler is installed.
    private static let lock = Locked(false)
    /// The message capture, behind a lock of its own (ALSA calls the handler while the global
    /// lock is held).
    private static let capture = Locked(Capture())

    /// Runs `body` under the global lock, after installing the silent handler on first use,
    /// keeping the first message ALSA reports on this thread meanwhile.
    static func withGlobalLock<Result: Sendable, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { (installed: inout Bool) throws(Failure) -> Result in
            if !installed {
                ecs_alsa_install_error_handler()
                installed = true
            }
            capture.withLock { $0 = Capture(thread: pthread_self(), message: nil) }
            defer { capture.withLock { $0 = Capture() } }
            return try body()
        }
    }

    /// Keeps `message` when it is the first ALSA reported to the thread calling under the lock.
    static func keep(_ message: String) {
        let thread = pthread_self()
        capture.withLock { capture in
            guard let capturing = capture.thread, pthread_equal(capturing, thread) != 0, capture.message == nil else { return }
            capture.message = message
        }
    }
    /// The error of a failed `snd_pcm_open` of `device` with the negative errno `status`.
    static func openError(_ device: String, status: Int32) -> AudioError {
        let message = "cannot open ALSA device '\(device)': \(describe(status))"
        switch -status {
        case ENOENT, ENODEV, ENXIO, EINVAL: return .notFound(message)
        default: return .ioError(message, underlying: posixError(status))
        }
    }

    /// The ``AudioError/ioError(_:underlying:)`` of a call that failed with `status`, after `what`.
    static func callError(_ what: String, status: Int32) -> AudioError {
        .ioError("\(what): \(describe(status))", underlying: posixError(status))
    }

    /// ALSA's text for the negative errno `status`, and the message its handler reported during
    /// this thread's call under the lock, if any: "No such file or directory (Unknown PCM nosuch)".
    static func describe(_ status: Int32) -> String {
        // SAFETY: ALSA's text is a NUL-terminated static string, copied at once.
        let text = unsafe String(cString: snd_strerror(status))
        let thread = pthread_self()
        let kept = capture.withLock { capture -> String? in
            guard let capturing = capture.thread, pthread_equal(capturing, thread) != 0 else { return nil }
            return capture.message
        }
        return kept.map { "\(text) (\($0))" } ?? text
    }

    /// The POSIX error of the negative errno `status`, or `EIO` for an ALSA-specific code.
    static func posixError(_ status: Int32) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: -status) ?? .EIO)
    }
}

/// The silent handler's route into ``ALSALibrary``: called by the C handler of the `CALSA` shim
/// with each message ALSA reports.
@_cdecl("ecs_alsa_route_message")
func routeALSAMessage(_ message: UnsafePointer<CChar>) {
    // SAFETY: the shim passes a NUL-terminated message on its stack, copied at once.
    ALSALibrary.keep(unsafe String(cString: message))
}
#endif
