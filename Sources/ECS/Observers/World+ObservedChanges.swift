import Synchronization

extension World {
    // MARK: Firing

    /// Runs the callbacks of `event` on component `id` of `entity`, whose value is at `value`,
    /// as a callback holding pointers into the tables: a structural change inside them is
    /// rejected, and a `set` records its event for the next round. Callbacks fire only while
    /// the calling thread holds the world exclusively, so the state changes by plain loads and
    /// stores. For changes that know the component only by its id; a change specialised for
    /// its component calls ``fire(_:_:_:_:at:)``.
    @usableFromInline
    func fire(_ event: ComponentEvent, _ id: ComponentID, _ entity: Entity, _ value: ObservedValue) {
        // SAFETY: `storage` is valid for the world's lifetime.
        run(unsafe storage.pointee.observers.list(event, id), entity, value)
    }

    /// ``fire(_:_:_:_:)`` of component `C` (of `type`), whose value is at `value`: each
    /// callback is called typed, with no type-erased step between. Inlinable and in line, so
    /// that an observed insert or removal, specialised for `C`, reads the registry in place and
    /// calls the callbacks itself.
    @unsafe @inlinable @inline(__always)
    func fire<C>(_ type: C.Type, _ event: ComponentEvent, _ id: ComponentID, _ entity: Entity, at value: UnsafeRawPointer) {
        // SAFETY: `storage` is valid for the world's lifetime; component `id`'s lists hold
        // entries of its type `C` only, and `value` addresses a `C` that callbacks cannot move.
        unsafe forEachCallback(storage.pointee.observers.list(event, id)) { entry, commands in
            let typed = unsafe unsafeDowncast(entry, to: ComponentObserverEntry<C>.self)
            let value = unsafe value.assumingMemoryBound(to: C.self).pointee
            typed.callback(Trigger(event: event, entity: entity, value: value, world: self, commands: commands))
        }
    }

    /// Runs `callbacks` on `entity`, whose value is at `value`, as ``fire(_:_:_:_:)`` describes.
    func run(_ callbacks: ObserverList, _ entity: Entity, _ value: ObservedValue) {
        forEachCallback(callbacks) { entry, commands in entry.body(self, entity, value, commands) }
    }

    /// Calls `call` with each entry of `callbacks` and the commands they record into, under
    /// the callback guard. No reference is counted: registration is rejected while callbacks
    /// run, so the registry's entries and command buffers stay alive and in place until they
    /// return. A non-empty list implies the command buffers exist: they are made with the
    /// first callback.
    @inlinable @inline(__always)
    func forEachCallback(_ callbacks: ObserverList, _ call: (ObserverEntry, Commands) -> Void) {
        guard callbacks.count > 0 else { return }
        // SAFETY: `storage` is valid for the world's lifetime; the registry holds a reference
        // to every entry and buffer (see above).
        let commands = unsafe storage.pointee.observers.pendingBuffer.unsafelyUnwrapped
        enterCallbacks()
        unsafe commands._withUnsafeGuaranteedRef { commands in
            for unsafe entry in unsafe callbacks.entries {
                unsafe entry._withUnsafeGuaranteedRef { call($0, commands) }
            }
        }
        leaveCallbacks()
    }

    /// Marks callbacks as running: structural changes are rejected as re-entrant, and `set`
    /// records its event.
    @inlinable @inline(__always)
    func enterCallbacks() {
        iterations.store(iterations.load(ordering: .relaxed) &+ Self.observerUnit, ordering: .relaxed)
    }

    /// Marks the callbacks ``enterCallbacks()`` began as done.
    @inlinable @inline(__always)
    func leaveCallbacks() {
        iterations.store(iterations.load(ordering: .relaxed) &- Self.observerUnit, ordering: .relaxed)
    }

    /// Whether hook or observer callbacks are running.
    var areCallbacksRunning: Bool { iterations.load(ordering: .relaxed) & Self.observerBits != 0 }

    /// Applies the commands callbacks recorded, round after round, until none is left; nested
    /// calls (from a change a round makes) return at once. In line, so that a change whose
    /// callbacks recorded nothing makes no call.
    /// - Throws: The first error of a recorded command, after the chain settled;
    ///   ``ECSError/Code-swift.enum/observerLimit`` when it does not settle within
    ///   ``observerLimits`` (the commands still recorded are dropped).
    @inlinable @inline(__always)
    func settleObservers() throws(ECSError) {
        // SAFETY: `storage` is valid for the world's lifetime.
        if unsafe storage.pointee.observers.hasPendingCommands { try settleRecordedCommands() }
    }

    /// The rounds of ``settleObservers()`` once commands were recorded.
    @usableFromInline
    func settleRecordedCommands() throws(ECSError) {
        guard !areCallbacksRunning, !observers.isSettling else { return }
        observers.isSettling = true
        defer { observers.isSettling = false }
        let limits = observers.limits
        var rounds = 0
        var applied = 0
        var firstError: ECSError?
        while observers.pending.count > 0 {
            rounds += 1
            applied += observers.pending.count
            guard rounds <= limits.rounds, applied <= limits.commands else {
                let dropped = observers.pending.count
                observers.pending.removeAll()
                throw ECSError(
                    .observerLimit,
                    "observer commands did not settle within \(limits.rounds) rounds and \(limits.commands) commands; \(dropped) recorded commands were dropped",
                    metadata: ["rounds": "\(rounds)", "commands": "\(applied)"]
                )
            }
            observers.swapBuffers()
            // Both buffers exist once one does.
            let round = observers.applying
            do { try round.apply(to: self) } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }

    /// The address of component `id` of `entity`, which lives at `location`; nil when the
    /// entity has none.
    private func valueAddress(_ id: ComponentID, of entity: Entity, at location: EntityLocation) -> ObservedValue? {
        // SAFETY: a live entity's table storage and the world's sparse sets are valid while the
        // world lives; the column's row and the set's dense position hold the entity's value.
        if let column = unsafe location.table.pointee.columnIndex(of: id) {
            return unsafe ObservedValue(location.table.pointee.columns[column].element(at: location.row))
        }
        guard let set = unsafe sparseSet(id), let dense = unsafe set.pointee.denseIndex(of: entity) else { return nil }
        return unsafe ObservedValue(set.pointee.value(at: dense))
    }

    // MARK: Observed changes

    /// Fires the add callbacks of each component of the entities just spawned (entity by
    /// entity, components in argument order); then settles.
    @usableFromInline
    func observeSpawned<each C>(_ entities: [Entity], _ types: repeat (each C).Type) throws(ECSError) {
        var ids: [ComponentID] = []
        repeat ids.append(try componentID(for: (each C).self))
        let observed = ids.filter { observers.has(.add, $0) }
        if !observed.isEmpty {
            for entity in entities {
                let location = try self.location(of: entity)
                for id in observed {
                    if let value = valueAddress(id, of: entity, at: location) { fire(.add, id, entity, value) }
                }
            }
        }
        try settleObservers()
    }

    /// Fires the remove callbacks of component `id` (nil when unregistered) on `entity`, if it
    /// has the component; the caller removes it and settles.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive.
    @usableFromInline
    func observeRemoval(of id: ComponentID?, from entity: Entity) throws(ECSError) {
        let location = try self.location(of: entity)
        guard let id, observers.has(.remove, id), let value = valueAddress(id, of: entity, at: location) else { return }
        fire(.remove, id, entity, value)
    }

    /// Fires the destroy observers and the remove callbacks of each of `entity`'s components,
    /// then destroys it and settles. The structural check is done.
    func observeDestroy(of entity: Entity) throws(ECSError) {
        let location = try self.location(of: entity)
        // SAFETY: `storage` is valid for the world's lifetime.
        run(unsafe storage.pointee.observers.destroyObservers, entity, unsafe ObservedValue(nil))
        for id in observers.removeObserved {
            if let value = valueAddress(id, of: entity, at: location) { fire(.remove, id, entity, value) }
        }
        try destroyAllowed(entity, flags: lastingFlags)
        try settleObservers()
    }

    /// Fires the set callbacks of `C` on `entity` after a `set`, or records the event: in the
    /// running system's commands while a system runs, for the next round inside a callback.
    @usableFromInline
    func observeSet<C>(_ value: C, of entity: Entity) throws(ECSError) {
        guard let id = componentID(ObjectIdentifier(C.self)), observers.has(.set, id) else { return }
        if areCallbacksRunning {
            observers.pending.recordSet(value, of: entity)
        } else if let commands = RunningSystem.currentCommands(in: self) {
            commands.recordSet(value, of: entity)
        } else {
            unsafe withUnsafePointer(to: value) { unsafe fire(C.self, .set, id, entity, at: $0) }
            try settleObservers()
        }
    }

    /// Fires the set callbacks of a recorded `set` of `value` on `entity`, if the entity is
    /// still alive and still has a `C`; then settles.
    func fireRecordedSet<C>(_ value: C, of entity: Entity) throws(ECSError) {
        guard has(C.self, entity), let id = componentID(ObjectIdentifier(C.self)) else { return }
        unsafe withUnsafePointer(to: value) { unsafe fire(C.self, .set, id, entity, at: $0) }
        try settleObservers()
    }

    /// `retain` in a world with observers: the predicate runs over every table holding `C`
    /// (component `id`), then each failing entity still alive is destroyed, observed.
    func retainObserved<C>(_ type: C.Type, _ id: ComponentID, where isIncluded: (C) throws -> Bool) throws -> Int {
        var doomed: [Entity] = []
        try withCallbackGuard { () throws -> Void in
            for owner in tables {
                // SAFETY: the storage is valid while `owner` (held by `tables`) lives; its live
                // rows of column `column` hold `C` values, which the guard keeps in place.
                let table = unsafe owner.storage
                guard let column = unsafe table.pointee.columnIndex(of: id) else { continue }
                for row in unsafe 0..<table.pointee.aliveCount {
                    let value = unsafe table.pointee.columns[column].element(at: row).assumingMemoryBound(to: C.self).pointee
                    if try !isIncluded(value) { doomed.append(unsafe table.pointee.entity(at: row)) }
                }
            }
        }
        return try destroyEach(doomed)
    }

    /// Destroys each entity of `doomed` still alive (an observer's cascade, such as a parent's
    /// subtree, may have destroyed some first); returns how many this call destroyed.
    func destroyEach(_ doomed: [Entity]) throws(ECSError) -> Int {
        var destroyed = 0
        for entity in doomed where isAlive(entity) {
            try destroy(entity)
            destroyed += 1
        }
        return destroyed
    }
}
