import Synchronization

extension World {
    /// Registers the hook of `event` on component `C`: the one callback a component type has
    /// for that event (EnTT's `on_construct`, `on_update` and `on_destroy` signals, bevy's
    /// component hooks), run before the observers of the same event. A plugin that owns a
    /// component registers its hooks with it.
    ///
    /// ```swift
    /// try world.setHook(.remove, for: Health.self) { trigger in
    ///     trigger.commands.spawn(Corpse(of: trigger.entity))
    /// }
    /// ```
    /// When callbacks fire, and what they may do, is described in ``observe(_:_:_:)``.
    /// - Returns: The hook's handle, for ``removeObserver(_:)``.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when `C` already has a hook for
    ///   `event`; ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` while a loop,
    ///   callback or parallel system batch runs.
    @inlinable @discardableResult
    public func setHook<C>(_ event: ComponentEvent, for type: C.Type, _ body: @escaping (Trigger<C>) -> Void) throws(ECSError) -> ObserverID {
        try checkObserverChange("a hook on \(C.self)")
        let id = try componentID(for: C.self)
        let makeHook = { ComponentObserverEntry(id: $0, isHook: true, event: event, callback: body) }
        guard let handle = observers.add(event, id, isHook: true, makeHook) else {
            throw ECSError(.invalidArgument, "\(C.self) already has a hook for \(event.rawValue); remove it first or add an observer")
        }
        didAddObserver()
        return handle
    }

    /// Registers an observer of `event` on component `C` (flecs' `OnAdd`, `OnSet` and
    /// `OnRemove` observers, bevy's observers). A component may have any number; they run in
    /// registration order, after the component's hook.
    ///
    /// ```swift
    /// let watch = try world.observe(.add, Health.self) { trigger in
    ///     print("\(trigger.entity) starts with \(trigger.value.points) points")
    /// }
    /// ```
    ///
    /// **When callbacks fire.** At the change itself: after an entity gains or replaces the
    /// component, before it loses it (by remove or destroy). A structural change made by a
    /// system is recorded in its ``SystemContext/commands`` and made at the schedule's sync
    /// point, in the order the systems were added, so its callbacks fire there; a `set` made
    /// while a system runs is recorded the same way. Results therefore do not depend on the
    /// thread count. Outside a system, callbacks fire at once. `set` inside a callback fires
    /// its own callbacks in the next round, not in the middle of the running one.
    ///
    /// **What callbacks may do.** Read the world. Structural changes go to the trigger's
    /// ``Trigger/commands``, which the world applies as soon as the firing change is done, in
    /// rounds, before that change returns; a failed command does not stop the rest, and the
    /// first error is thrown by the change that started the chain. A chain past
    /// ``observerLimits`` throws ``ECSError/Code-swift.enum/observerLimit``.
    ///
    /// With no hook or observer registered, spawn, insert, remove and destroy take the same
    /// path as a world that never had one.
    /// - Returns: The observer's handle, for ``removeObserver(_:)``.
    /// - Throws: ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` while a loop,
    ///   callback or parallel system batch runs.
    @inlinable @discardableResult
    public func observe<C>(_ event: ComponentEvent, _ type: C.Type, _ body: @escaping (Trigger<C>) -> Void) throws(ECSError) -> ObserverID {
        try checkObserverChange("an observer of \(C.self)")
        let id = try componentID(for: C.self)
        // Cannot be nil: only hooks are refused.
        let handle = observers.add(event, id, isHook: false) { ComponentObserverEntry(id: $0, isHook: false, event: event, callback: body) }!
        didAddObserver()
        return handle
    }

    /// Registers an observer of entity destruction, which runs just before each destroy (of
    /// any entity, by ``destroy(_:)``, `retain` or a respawn), before the remove callbacks of
    /// the entity's components.
    /// - Returns: The observer's handle, for ``removeObserver(_:)``.
    /// - Throws: ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` while a loop,
    ///   callback or parallel system batch runs.
    @discardableResult
    public func observeDestroy(_ body: @escaping (DestroyTrigger) -> Void) throws(ECSError) -> ObserverID {
        try checkObserverChange("a destroy observer")
        let handle = observers.addDestroyObserver { world, entity, _, commands in
            body(DestroyTrigger(entity: entity, world: world, commands: commands))
        }
        didAddObserver()
        return handle
    }

    /// Removes a hook or observer.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a handle this world does not
    ///   hold (never handed out, or removed already);
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` while a loop, callback or
    ///   parallel system batch runs.
    public func removeObserver(_ id: ObserverID) throws(ECSError) {
        try checkObserverChange("removing \(id)")
        guard observers.remove(id) else {
            throw ECSError(.invalidArgument, "\(id) is not registered in this world (never added, or removed already)")
        }
        if observers.count == 0 { iterations.subtract(Self.observedBit, ordering: .relaxed) }
    }

    /// Number of registered hooks and observers.
    public var observerCount: Int { observers.count }

    /// The bounds on a chain of observer commands (``ObserverLimits/standard`` by default).
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a bound below 1.
    public func setObserverLimits(_ limits: ObserverLimits) throws(ECSError) {
        guard limits.rounds >= 1, limits.commands >= 1 else {
            throw ECSError(.invalidArgument, "observer limits must be at least 1 (got \(limits.rounds) rounds, \(limits.commands) commands)")
        }
        observers.limits = limits
    }

    /// The bounds on a chain of observer commands.
    public var observerLimits: ObserverLimits { observers.limits }

    /// Whether a hook or observer is registered: every structural change then takes its
    /// observed path.
    @inlinable
    var isObserved: Bool { iterations.load(ordering: .relaxed) & Self.observedBit != 0 }

    /// Throws unless hooks and observers may change now: not while a loop, callback or
    /// parallel system batch runs (an exclusive system, or a schedule's sync point, may).
    @usableFromInline
    func checkObserverChange(_ what: String) throws(ECSError) {
        let busy = iterations.load(ordering: .relaxed) & ~Self.flagBits
        guard busy == 0 else {
            throw ECSError(.structuralChangeDuringIteration, "\(what) cannot be registered or removed while a loop, callback or parallel system batch runs")
        }
    }

    /// Sets the observed bit when the first callback was just added.
    @usableFromInline
    func didAddObserver() {
        if observers.count == 1 { iterations.add(Self.observedBit, ordering: .relaxed) }
    }

    /// `body` as a type-erased callback reading the value as a `C`, for the changes that know
    /// the component only by its id. Inlinable, so that the callback is specialised for `C`
    /// where the observer is registered.
    @inlinable
    static func erase<C>(_ event: ComponentEvent, _ body: @escaping (Trigger<C>) -> Void) -> ObserverEntry.Body {
        { world, entity, value, commands in
            // SAFETY: for a component event the world passes the address of the stored `C`
            // value of `entity` (or of the value a recorded `set` holds), valid while the
            // callback runs; never nil.
            let value = unsafe value.address.unsafelyUnwrapped.assumingMemoryBound(to: C.self).pointee
            body(Trigger(event: event, entity: entity, value: value, world: world, commands: commands))
        }
    }
}

extension World {
    /// The hooks and observers, and the commands they recorded.
    @usableFromInline
    var observers: ObserverRegistry {
        // SAFETY: `storage` is valid for the world's lifetime; only the thread holding the world
        // exclusively changes the registry (see ``ObserverRegistry``).
        _read { yield unsafe storage.pointee.observers }
        _modify { yield unsafe &storage.pointee.observers }
    }
}
