/// A system added to an ``App``, to order it further: `.after`, `.before`, `.inSet`, `.runIf`.
public struct SystemConfiguration {
    /// The schedule the system was added to.
    let schedule: Schedule
    /// Its position there.
    let position: Int

    /// Runs the system after the system or set `label`.
    @discardableResult
    public func after(_ label: String) -> SystemConfiguration {
        schedule.reorder(position) { $0.after.append(label) }
        return self
    }

    /// Runs the system before the system or set `label`.
    @discardableResult
    public func before(_ label: String) -> SystemConfiguration {
        schedule.reorder(position) { $0.before.append(label) }
        return self
    }

    /// Puts the system in the set `set`, which others can be ordered against.
    @discardableResult
    public func inSet(_ set: String) -> SystemConfiguration {
        schedule.reorder(position) { $0.sets.append(set) }
        return self
    }

    /// Runs the system only when `condition` holds; conditions are evaluated when the stage
    /// starts (see ``SystemOrdering/conditions``).
    @discardableResult
    public func runIf(_ condition: @escaping @Sendable (World) throws -> Bool) -> SystemConfiguration {
        schedule.reorder(position) { $0.conditions.append(condition) }
        return self
    }
}
