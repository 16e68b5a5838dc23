import Synchronization

/// The calls made on the test doubles, in order, shared between a decoder and an output.
final class AudioCallLog: Sendable {
    private let entries = Mutex<[String]>([])

    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
    func clear() { entries.withLock { $0.removeAll() } }
}
