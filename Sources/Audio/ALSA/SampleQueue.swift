#if canImport(CALSA)
/// A bounded first-in first-out queue of interleaved samples in a ring, allocated once: what an
/// ``ALSAOutput`` has accepted through `render` and not yet written.
struct SampleQueue {
    private var storage: [Float]
    private var head = 0
    /// Samples queued.
    private(set) var count = 0

    /// An empty queue of room for `capacity` samples.
    init(capacity: Int) {
        storage = [Float](repeating: 0, count: capacity)
    }

    /// Room left, in samples.
    var free: Int { storage.count - count }

    /// Appends `samples`, which must fit in ``free``.
    mutating func append(_ samples: ArraySlice<Float>) {
        precondition(samples.count <= free, "the queue has no room for \(samples.count) samples")
        var tail = (head + count) % max(1, storage.count)
        for sample in samples {
            storage[tail] = sample
            tail = tail + 1 == storage.count ? 0 : tail + 1
        }
        count += samples.count
    }

    /// Moves the first `samples` samples (at most ``count``) into the start of `buffer`.
    mutating func pop(_ samples: Int, into buffer: inout [Float]) {
        precondition(samples <= count && samples <= buffer.count, "cannot pop \(samples) of \(count) samples into \(buffer.count)")
        for index in 0..<samples {
            buffer[index] = storage[head]
            head = head + 1 == storage.count ? 0 : head + 1
        }
        count -= samples
    }

    /// Drops every queued sample.
    mutating func removeAll() {
        head = 0
        count = 0
    }
}
#endif
