import Foundation

extension CoreFactory {
    /// The sound-device output: an ``ALSAOutput`` to `device` that falls back to a
    /// ``NullSink`` when the device does not open at configure (a machine with no sound card,
    /// an unknown name), calling `notice` once with the error. Where ALSA is not built in, the
    /// ``NullSink`` at once.
    public static func deviceOutput(
        device: String = "default", notice: @escaping @Sendable (AudioError) -> Void = CoreFactory.printNotice
    ) -> any AudioOutputPort {
        #if canImport(CALSA)
        FallbackOutput(primary: ALSAOutput(device: device), fallback: NullSink(), notice: notice)
        #else
        NullSink()
        #endif
    }

    /// Writes one line to standard error: `audio: no sound device (…); playing silently`.
    @Sendable public static func printNotice(_ error: AudioError) {
        FileHandle.standardError.write(Data("audio: no sound device (\(error.message)); playing silently\n".utf8))
    }
}
