/// Receives diagnostic messages from the audio core.
public protocol LoggerPort: Sendable {
    /// A detail useful when tracing playback.
    func debug(_ message: String)
    /// A notable event, such as a track being loaded.
    func info(_ message: String)
    /// Something went wrong and was recovered from.
    func warn(_ message: String)
    /// An operation failed.
    func error(_ message: String)
}
