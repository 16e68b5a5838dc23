/// A derived value recomputed only when the version it was built from changes.
///
/// Key it by a version that changes with every mutation of the inputs, such as
/// ``Query/versionStamp`` or a system's own counter:
/// ```swift
/// var cache = VersionedCache<[Float]>()
/// let heights = try cache.value(for: query.versionStamp) { computeHeights() }
/// ```
public struct VersionedCache<Value> {
    @usableFromInline var version: UInt64?
    @usableFromInline var cached: Value?
    @usableFromInline let diagnostics: WorldDiagnostics?

    /// An empty cache; hits and misses are counted in `diagnostics` when given.
    public init(diagnostics: WorldDiagnostics? = nil) {
        self.diagnostics = diagnostics
    }

    /// The cached value if it was built for `version`; otherwise `compute()`, stored for it.
    @inlinable
    public mutating func value(for version: UInt64, _ compute: () throws -> Value) rethrows -> Value {
        if let cached, self.version == version {
            diagnostics?.count(.cacheHits)
            return cached
        }
        diagnostics?.count(.cacheMisses)
        // Drop the stale value first, so that a producer refilling a buffer it shares with the
        // cache finds it uniquely referenced and writes in place instead of copying it.
        cached = nil
        let fresh = try compute()
        self.version = version
        cached = fresh
        return fresh
    }

    /// Whether a value built for `version` is cached.
    @inlinable
    public func isValid(for version: UInt64) -> Bool {
        cached != nil && self.version == version
    }

    /// Forgets the cached value.
    @inlinable
    public mutating func invalidate() {
        version = nil
        cached = nil
    }
}
