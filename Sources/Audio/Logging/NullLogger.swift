/// A logger that discards every message.
public struct NullLogger: LoggerPort {
    /// Creates the logger.
    public init() {}

    /// Discards `message`.
    public func debug(_ message: String) {}
    /// Discards `message`.
    public func info(_ message: String) {}
    /// Discards `message`.
    public func warn(_ message: String) {}
    /// Discards `message`.
    public func error(_ message: String) {}
}
