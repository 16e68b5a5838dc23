/// The system a thread is running for a ``Schedule``: query loops and resource accesses of
/// its world check themselves against its declared ``SystemAccess`` (once per loop or call,
/// never per entity). Other worlds used by the system are not checked.
public struct RunningSystem: Sendable {
    /// The system's name.
    public let name: String
    /// What it declared.
    public let access: SystemAccess
    /// The world the schedule runs it on.
    let world: ObjectIdentifier

    /// The system running on this thread, if any.
    @TaskLocal static var current: RunningSystem?

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
