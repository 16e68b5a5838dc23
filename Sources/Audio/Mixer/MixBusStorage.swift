/// The scratch buses of a mixer: one region of `samplesPerBus` samples per voice chunk. Grown
/// (never shrunk) when the voice count needs more buses, so steady-state mixing allocates
/// nothing.
@safe
final class MixBusStorage {
    /// Samples per bus: the format's `maxFrames × channels`.
    let samplesPerBus: Int
    /// Buses the storage holds.
    private(set) var capacity = 0
    /// The samples of every bus, bus after bus.
    private(set) var samples: UnsafeMutableBufferPointer<Float> = unsafe .init(start: nil, count: 0)

    /// Empty storage for buses of `samplesPerBus` samples.
    init(samplesPerBus: Int) {
        self.samplesPerBus = samplesPerBus
    }

    deinit {
        // SAFETY: `samples` is this storage's own allocation (or empty) and freed only here.
        unsafe samples.deallocate()
    }

    /// Makes room for `buses` buses; the contents are not kept (every chunk clears its bus).
    func reserve(buses: Int) {
        guard buses > capacity else { return }
        let grown = max(buses, capacity * 2)
        // SAFETY: the old allocation is this storage's own and nothing holds it while the
        // mixer is not mixing; the new one is initialised before any read.
        unsafe samples.deallocate()
        unsafe samples = .allocate(capacity: grown * samplesPerBus)
        unsafe samples.initialize(repeating: 0)
        capacity = grown
    }

    /// The first sample of bus `index` (below ``capacity``).
    func bus(_ index: Int) -> UnsafeMutablePointer<Float> {
        // SAFETY: callers pass an index below `capacity`, so the offset is inside `samples`.
        unsafe samples.baseAddress.unsafelyUnwrapped + index * samplesPerBus
    }
}
