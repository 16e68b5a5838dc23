/// A cached connection, the number of mounted handles using it and its pending disposal.
struct CacheEntry {
    /// The shared connection.
    let connection: ActorConnection
    /// Mounted, enabled handles using it.
    var references: Int
    /// The disposal timer started when `references` reached zero.
    var disposal: HostTimer?
}
