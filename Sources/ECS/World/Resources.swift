/// Typed singletons of a world, one value per type: time, random generators, configuration.
///
/// Each type has its own slot. Adding or removing a type changes the set of slots and is a
/// structural change (rejected while loops or parallel systems run); reading or replacing the
/// value of an existing slot touches only that slot, so systems declaring different resource
/// types run in parallel without sharing anything. Inside a scheduled system every access is
/// checked against its ``SystemAccess``: `get` needs the type in its reads or writes, the
/// others in its writes.
public final class Resources {
    private var slots: [ObjectIdentifier: AnyObject] = [:]
    /// The owning world, whose iteration state guards changes to the set of slots.
    weak var world: World?

    /// An empty set, attached to its world by the world.
    init() {}

    /// Number of resource types held.
    public var count: Int { slots.count }

    /// The resource of type `R`.
    /// - Throws: ``ECSError/Code-swift.enum/missingResource`` when none was inserted,
    ///   ``ECSError/Code-swift.enum/undeclaredAccess`` inside a system that does not declare `R`.
    public func get<R>(_ type: R.Type) throws(ECSError) -> R {
        try runningSystem?.check(R.self, writing: false)
        return try slot(R.self).value
    }

    /// Whether a resource of type `R` is held.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess`` inside a system that does not
    ///   declare `R`.
    public func contains<R>(_ type: R.Type) throws(ECSError) -> Bool {
        try runningSystem?.check(R.self, writing: false)
        return slots[ObjectIdentifier(R.self)] != nil
    }

    /// Stores `value`, replacing any resource of the same type.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess`` inside a system that does not
    ///   declare writing `R`; ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` when
    ///   `R` is new and loops or parallel systems run.
    public func insert<R>(_ value: R) throws(ECSError) {
        try runningSystem?.check(R.self, writing: true)
        if let existing = slots[ObjectIdentifier(R.self)] {
            // SAFETY: the slot under the key of `R` is only ever a `ResourceSlot<R>` (see ``slot(_:)``).
            unsafe unsafeDowncast(existing, to: ResourceSlot<R>.self).value = value
            return
        }
        try checkSlotChange(R.self)
        slots[ObjectIdentifier(R.self)] = ResourceSlot(value)
    }

    /// Mutates the resource of type `R` and returns what `body` returns. The value is copied
    /// out for `body` and stored back after it, so `body` may use the resources freely.
    /// - Throws: The errors of ``get(_:)`` (writing `R` must be declared), and what `body` throws.
    public func modify<R, T>(_ type: R.Type, _ body: (inout R) throws -> T) throws -> T {
        try runningSystem?.check(R.self, writing: true)
        let slot = try slot(R.self)
        var value = slot.value
        let result = try body(&value)
        slot.value = value
        return result
    }

    /// Removes and returns the resource of type `R` (nil when none was held).
    /// - Throws: The errors of ``insert(_:)``.
    @discardableResult
    public func remove<R>(_ type: R.Type) throws(ECSError) -> R? {
        try runningSystem?.check(R.self, writing: true)
        guard let existing = slots[ObjectIdentifier(R.self)] else { return nil }
        try checkSlotChange(R.self)
        slots[ObjectIdentifier(R.self)] = nil
        // SAFETY: the slot under the key of `R` is only ever a `ResourceSlot<R>` (see ``slot(_:)``).
        return unsafe unsafeDowncast(existing, to: ResourceSlot<R>.self).value
    }

    /// Drops every resource, for the owner of the world when it goes away (``App``).
    func removeAll() {
        slots.removeAll()
    }

    /// The system running on this thread on the owning world, if any.
    private var runningSystem: RunningSystem? {
        world.flatMap(RunningSystem.current(in:))
    }

    /// The slot of `R`, for a system parameter that reads or writes it in place, checked
    /// against the running system's declared access.
    /// - Throws: ``ECSError/Code-swift.enum/missingResource``,
    ///   ``ECSError/Code-swift.enum/undeclaredAccess``.
    func slot<R>(_ type: R.Type, writing: Bool) throws(ECSError) -> ResourceSlot<R> {
        try runningSystem?.check(R.self, writing: writing)
        return try slot(R.self)
    }

    /// The slot of `R`, which ``insert(_:)`` created as a `ResourceSlot<R>` under the key of `R`.
    private func slot<R>(_ type: R.Type) throws(ECSError) -> ResourceSlot<R> {
        guard let slot = slots[ObjectIdentifier(R.self)] else {
            throw ECSError(.missingResource, "no \(R.self) resource in this world")
        }
        // SAFETY: only ``insert(_:)`` adds slots, and it stores a `ResourceSlot<R>` under the key of
        // `R`, so the downcast always holds (debug builds check it).
        return unsafe unsafeDowncast(slot, to: ResourceSlot<R>.self)
    }

    /// Rejects adding or removing the slot of `R` while loops or parallel systems run.
    private func checkSlotChange<R>(_ type: R.Type) throws(ECSError) {
        guard let world, world.isIterating else { return }
        throw ECSError(
            .structuralChangeDuringIteration,
            "adding or removing the \(R.self) resource while systems or loops run; do it before the schedule runs or from an exclusive system"
        )
    }
}

/// The storage of one resource value; a world's ``Resources`` hold one per type.
final class ResourceSlot<R> {
    /// The value.
    var value: R

    /// A slot holding `value`.
    init(_ value: R) { self.value = value }
}
