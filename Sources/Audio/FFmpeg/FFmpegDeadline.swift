import CFFmpeg

/// The deadline behind an `AVIOInterruptCB`: once it has passed, FFmpeg's I/O and its stream
/// analysis stop with `AVERROR_EXIT`.
///
/// FFmpeg keeps the address of the deadline for the life of the contexts it is installed in, so
/// the owner keeps this object alive until they are closed. Only the thread working on those
/// contexts arms and reads it.
@safe
final class FFmpegDeadline {
    /// The C deadline the callback reads; allocated here, freed in `deinit`.
    private let storage: UnsafeMutablePointer<cffmpeg_deadline>
    /// The timeout of the last ``arm(_:)``, for messages.
    private(set) var timeout: Duration = .zero

    /// A deadline that has already passed until ``arm(_:)``.
    init() {
        // SAFETY: allocated and initialised here, freed in `deinit` only.
        unsafe storage = .allocate(capacity: 1)
        unsafe storage.initialize(to: cffmpeg_deadline(monotonic_ns: 0))
    }

    deinit {
        // SAFETY: initialised in `init`; the contexts that read it are closed before this runs.
        unsafe storage.deallocate()
    }

    /// Moves the deadline to `timeout` from now (at most a day).
    func arm(_ timeout: Duration) {
        self.timeout = timeout
        let parts = timeout.components
        let nanoseconds = max(0, min(parts.seconds, 86_400) * 1_000_000_000 + parts.attoseconds / 1_000_000_000)
        // SAFETY: `storage` is live for the life of `self`.
        unsafe cffmpeg_deadline_arm(storage, nanoseconds)
    }

    /// The callback to install in an `AVFormatContext` or pass to `avio_open2`.
    var callback: AVIOInterruptCB {
        // SAFETY: the callback keeps the address of `storage`, which outlives the contexts.
        unsafe cffmpeg_deadline_callback(storage)
    }
}
