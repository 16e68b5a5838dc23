/// The two command buffers of a world's observers: the one callbacks record into, and the one
/// being applied while the next round is recorded. Made when the first observer is registered.
final class ObserverBuffers {
    /// Where callbacks record changes.
    private(set) var pending = Commands()
    /// The round being applied.
    private(set) var applying = Commands()

    /// Makes the recorded round the one to apply, and an empty buffer the one to record into.
    func swap() {
        Swift.swap(&pending, &applying)
    }
}
