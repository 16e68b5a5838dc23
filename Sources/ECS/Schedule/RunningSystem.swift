#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system a thread is running for a ``Schedule``: query loops and resource accesses of
/// its world check themselves against its declared ``SystemAccess`` (once per loop or call,
/// never per entity). Other worlds used by the system are not checked.
public struct RunningSystem: Sendable {
    /// The system's name.
    public let name: String
    /// What it declared.
    public let access: SystemAccess
    /// The world the schedule runs it on.
    var world: ObjectIdentifier

    /// The thread-local slot holding an unretained pointer to the ``RunningSystemSlot`` of the
    /// system running on the thread, or nil. Created once per process.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        // SAFETY: `key` is a valid local to write to; no destructor runs, since the slot holds
        // an unretained pointer owned by a schedule.
        let status = unsafe pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed (\(status)): out of thread-local keys")
        return key
    }()

    /// The system running on this thread, if any.
    static var current: RunningSystem? { currentSlot?.system }

    /// The slot of the system running on this thread, if any.
    private static var currentSlot: RunningSystemSlot? {
        // SAFETY: the key only ever holds nil or a pointer set by `withCurrent(_:_:)`, whose
        // slot its schedule keeps alive until the pointer is replaced by the previous value.
        guard let pointer = unsafe pthread_getspecific(threadKey) else { return nil }
        return unsafe Unmanaged<RunningSystemSlot>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The command buffer of the system running on this thread on `world`, if any.
    static func currentCommands(in world: World) -> Commands? {
        guard world.isRunningSchedule, let slot = currentSlot, slot.system.world == ObjectIdentifier(world) else { return nil }
        return slot.commands
    }

    /// Runs `body` with `slot`'s system as this thread's ``current`` system, then restores the
    /// previous one. Allocates nothing, unlike a task-local value pushed outside a task.
    static func withCurrent<Result>(_ slot: RunningSystemSlot, _ body: () -> Result) -> Result {
        // SAFETY: the pointer is stored unretained; `slot` is alive for this whole call (the
        // caller holds it) and the previous value is put back before returning, so readers on
        // this thread never see a pointer to a released slot.
        let previous = unsafe pthread_getspecific(threadKey)
        unsafe pthread_setspecific(threadKey, Unmanaged.passUnretained(slot).toOpaque())
        defer { unsafe pthread_setspecific(threadKey, previous) }
        return withExtendedLifetime(slot) { body() }
    }

    /// The system running on this thread on `world`, if any.
    static func current(in world: World) -> RunningSystem? {
        guard world.isRunningSchedule, let system = current,
              system.world == ObjectIdentifier(world) else { return nil }
        return system
    }

    /// Checks that the system declared reading (`writing: false`) or writing `type`. An
    /// exclusive system may touch anything.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess`` naming the system and the type.
    public func check(_ type: Any.Type, writing: Bool) throws(ECSError) {
        if access.isExclusive { return }
        let id = ObjectIdentifier(type)
        if access.writes.contains(id) || (!writing && access.reads.contains(id)) { return }
        let declared = access.reads.contains(id) ? "declares only reading it" : "does not declare it"
        throw ECSError(
            .undeclaredAccess,
            "system '\(name)' \(writing ? "writes" : "reads") \(type) but \(declared) in its SystemAccess",
            metadata: ["system": name, "type": "\(type)"]
        )
    }
}
