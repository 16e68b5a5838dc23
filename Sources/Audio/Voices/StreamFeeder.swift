import Platform
import Foundation
import Synchronization

/// The worker that keeps every streaming voice's ring filled: a thread that visits the open
/// streams in turn and decodes into those with room for a block, sleeping a millisecond when
/// none had room. It never runs on the mix thread, and the mix never waits for it: a ring that
/// runs dry plays silence.
final class StreamFeeder: Sendable {
    /// The streams to fill.
    private let streams = Locked<[AudioStream]>([])
    /// Whether the worker should keep running.
    private let running = Atomic<Bool>(false)

    /// Adds `stream` and starts the worker if it is not running.
    func add(_ stream: AudioStream) {
        streams.withLock { $0.append(stream) }
        if running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            let thread = Thread { [self] in work() }
            thread.name = "audio-stream-feeder"
            thread.start()
        }
    }

    /// Stops the worker after its current pass.
    func stop() {
        running.store(false, ordering: .releasing)
    }

    /// The worker's loop.
    private func work() {
        while running.load(ordering: .acquiring) {
            let pass = streams.withLock { streams in
                streams.removeAll { $0.isClosed }
                return streams
            }
            var decoded = false
            for stream in pass where stream.fill() { decoded = true }
            if !decoded { Thread.sleep(forTimeInterval: 0.001) }
        }
    }
}
