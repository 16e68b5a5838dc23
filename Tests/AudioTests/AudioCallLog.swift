import Platform

/// The calls made on the test doubles, in order, shared between a decoder and an output.
final class AudioCallLog: Sendable {
    private let entries = Locked<[String]>([])

    /// Appends `entry`.
    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    /// Every entry so far, oldest first.
    var all: [String] { entries.withLock { $0 } }
    /// Forgets every entry.
    func clear() { entries.withLock { $0.removeAll() } }
}
