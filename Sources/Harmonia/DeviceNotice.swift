import Platform
import Audio

/// Why the sound device did not open, for the screen's message line: the device output falls
/// back to silence and reports the cause once, from the playback thread, where a line on
/// standard error would land in the middle of the screen.
final class DeviceNotice: Sendable {
    private let text = Locked<String?>(nil)

    /// Keeps `error`'s reason (the first one).
    @Sendable func record(_ error: AudioError) {
        text.withLock { text in
            if text == nil { text = "no sound device (\(error.message)); playing silently" }
        }
    }

    /// The reason, once the device failed to open.
    var message: String? { text.withLock { $0 } }
}
