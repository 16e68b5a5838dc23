import Synchronization

/// A single-producer, single-consumer ring of interleaved Float32 frames, without locks: the
/// decode worker writes frames ahead, the mix reads them in place.
///
/// The producer and the consumer each own one counter of frames moved in total; a side reads
/// the other's counter with acquire ordering and publishes its own with release ordering, so
/// frames are written before they are seen as readable and read before their space is seen as
/// free. Unchecked `Sendable`, and sound because the samples between the two counters belong
/// to exactly one side at a time; `SampleRingTests` run a producer and a consumer thread (also
/// under ThreadSanitizer) and check every frame arrives once, in order.
@safe
final class SampleRing: @unchecked Sendable {
    /// Interleaved channels per frame.
    let channels: Int
    /// Frames the ring holds, a power of two.
    let capacity: Int
    /// The samples.
    private let storage: UnsafeMutableBufferPointer<Float>
    /// Frames written in total (the producer's counter).
    private let written = Atomic<Int>(0)
    /// Frames read in total (the consumer's counter).
    private let consumed = Atomic<Int>(0)
    /// Whether the producer wrote its last frame.
    private let ended = Atomic<Bool>(false)

    /// A ring of at least `frames` frames (rounded up to a power of two) of `channels` channels.
    init(channels: Int, frames: Int) {
        self.channels = channels
        var size = 1
        while size < frames { size <<= 1 }
        capacity = size
        unsafe storage = .allocate(capacity: size * channels)
        unsafe storage.initialize(repeating: 0)
    }

    deinit {
        // SAFETY: `storage` is this ring's own allocation, freed only here.
        unsafe storage.deallocate()
    }

    // MARK: Producer

    /// Frames the producer may write now.
    var writableFrames: Int {
        capacity - (written.load(ordering: .relaxed) - consumed.load(ordering: .acquiring))
    }

    /// Copies up to `frames` frames from `source` (at most ``writableFrames``) and returns how
    /// many it copied. Producer only.
    func write(_ source: UnsafeBufferPointer<Float>, frames: Int) -> Int {
        let start = written.load(ordering: .relaxed)
        let count = min(frames, writableFrames, source.count / channels)
        var copied = 0
        while copied < count {
            let slot = (start + copied) & (capacity - 1)
            let run = min(count - copied, capacity - slot)
            // SAFETY: `slot + run` is at most `capacity`, inside `storage`; the source range is
            // inside `source` (`count` is at most its frames); the frames between the two
            // counters are free for the producer.
            unsafe (storage.baseAddress.unsafelyUnwrapped + slot * channels).update(
                from: source.baseAddress.unsafelyUnwrapped + copied * channels, count: run * channels)
            copied += run
        }
        written.store(start + count, ordering: .releasing)
        return count
    }

    /// Whether ``end()`` was called.
    var isEnded: Bool { ended.load(ordering: .relaxed) }

    /// Marks the end of the stream: once the consumer read what was written, it is done.
    func end() {
        ended.store(true, ordering: .releasing)
    }

    // MARK: Consumer

    /// Whether the producer ended and every frame was read.
    var isDrained: Bool {
        ended.load(ordering: .acquiring) && readableFrames == 0
    }

    /// Frames the consumer may read now.
    var readableFrames: Int {
        written.load(ordering: .acquiring) - consumed.load(ordering: .relaxed)
    }

    /// The next readable frames that lie in one piece, at most `frames`: their address and
    /// count (0 when none is readable). Consumer only; valid until ``consume(_:)``.
    func readableRun(upTo frames: Int) -> (UnsafePointer<Float>, Int) {
        let start = consumed.load(ordering: .relaxed)
        let slot = start & (capacity - 1)
        let count = min(frames, readableFrames, capacity - slot)
        // SAFETY: `slot` is below `capacity`, so the address is inside `storage`.
        return unsafe (UnsafePointer(storage.baseAddress.unsafelyUnwrapped + slot * channels), count)
    }

    /// Frees `frames` frames read through ``readableRun(upTo:)``. Consumer only.
    func consume(_ frames: Int) {
        consumed.store(consumed.load(ordering: .relaxed) + frames, ordering: .releasing)
    }
}
