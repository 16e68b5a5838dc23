#if RemoteHost
/// The reconnection delay: `min(0.5 s × attempt, 15 s)`, the attempt counted from 1
/// and reset after a successful connection.
enum ReconnectBackoff {
    /// The longest wait.
    static let ceiling = Duration.seconds(15)

    /// The wait before reconnection `attempt` (1 for the first).
    static func delay(attempt: Int) -> Duration {
        min(.milliseconds(500) * max(attempt, 1), ceiling)
    }
}
#endif
