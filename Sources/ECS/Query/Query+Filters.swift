import Synchronization

extension Query {
    /// Only tables that also hold `C`.
    /// - Throws: The errors of ``World/componentID(for:)``.
    @discardableResult
    public func with<C>(_ type: C.Type) throws(ECSError) -> Self {
        let id = try world.componentID(for: C.self)
        if unsafe world.sparseSet(id) != nil { _ = sparse.requirement(id) } else { requiredIDs.append(id) }
        return reset()
    }

    /// Only tables that do not hold `C`.
    /// - Throws: The errors of ``World/componentID(for:)``.
    @discardableResult
    public func without<C>(_ type: C.Type) throws(ECSError) -> Self {
        let id = try world.componentID(for: C.self)
        if unsafe world.sparseSet(id) != nil { sparse.excluded.append(id) } else { excludedIDs.append(id) }
        return reset()
    }

    /// Only tables whose `C` column was written, or whose rows changed, after `version` (a value
    /// of ``World/version`` read earlier). Tables are skipped in bulk. For a sparse-set `C` the
    /// filter is per entity: only entities whose `C` value was added or written after
    /// `version`. The filter reads `C`'s versions, so a system using it must declare reading `C`.
    /// Calling it again for the same `C` replaces the version and keeps the matched tables.
    /// - Throws: The errors of ``World/componentID(for:)``.
    @discardableResult
    public func changed<C>(_ type: C.Type, since version: UInt64) throws(ECSError) -> Self {
        let id = try world.componentID(for: C.self)
        if unsafe world.sparseSet(id) != nil {
            let slot = sparse.requirement(id)
            if let existing = sparse.changed.firstIndex(where: { $0.slot == slot }) {
                sparse.changed[existing].since = version
                return self
            }
            accesses.append((C.self, false))
            sparse.changed.append((slot, version))
            return reset()
        }
        if let existing = changedFilters.firstIndex(where: { $0.id == id }) {
            changedFilters[existing].since = version
            return self
        }
        accesses.append((C.self, false))
        changedFilters.append((id, version))
        return reset()
    }

    /// Only entities whose `C` component was added after `version` (a value of
    /// ``World/version`` read earlier): spawned with it, inserted, or inserted again after a
    /// removal, as bevy's `Added<C>`. Replacing a value, or moving to another table because
    /// another component was added or removed, does not count.
    ///
    /// ```swift
    /// let arrivals = try world.query(Read<Position>.self)
    /// var lastFrame = world.version
    /// // each frame:
    /// try arrivals.added(Position.self, since: lastFrame).forEach { entity, position in … }
    /// lastFrame = world.version
    /// ```
    /// The filter is per entity: loops hand out only the added rows (a chunk loop, each run of
    /// consecutive added rows as a chunk), and tables with no row added after `version` are
    /// skipped in bulk. Calling it again for the same `C` replaces the version and keeps the
    /// matched tables, so a per-frame update allocates nothing.
    ///
    /// The first added filter on `C` in a world starts recording when `C` values are added;
    /// until then nothing is recorded, so the values present then count as added at that
    /// moment (a query made before the entities it watches sees exact sets). Components no
    /// added filter names cost nothing. A sparse-set `C` records additions in its set. The
    /// filter reads `C`'s versions, so a system using it must declare reading `C`.
    /// - Throws: ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` when it would
    ///   start recording while a loop or parallel system runs; the errors of
    ///   ``World/componentID(for:)``.
    @discardableResult
    public func added<C>(_ type: C.Type, since version: UInt64) throws(ECSError) -> Self {
        let id = try world.componentID(for: C.self)
        if unsafe world.sparseSet(id) != nil {
            let slot = sparse.requirement(id)
            if let existing = sparse.added.firstIndex(where: { $0.slot == slot }) {
                sparse.added[existing].since = version
                return self
            }
            try trackAdditions(of: C.self, id)
            accesses.append((C.self, false))
            sparse.added.append((slot, version))
            return reset()
        }
        if let existing = addedFilters.firstIndex(where: { $0.id == id }) {
            addedFilters[existing].since = version
            return self
        }
        try trackAdditions(of: C.self, id)
        accesses.append((C.self, false))
        addedFilters.append((id, version))
        return reset()
    }

    /// Only entities that pass at least one of the filters (bevy's `Or<(…)>`, flecs' `||`
    /// terms), for example entities with a `Player` or an `Enemy`:
    ///
    /// ```swift
    /// try world.query(Read<Position>.self).or(.with(Player.self), .with(Enemy.self))
    /// ```
    /// `with` and `without` alternatives are decided per table when it is matched, changed-since
    /// ones per table on each loop, added-since ones per entity. Several groups all apply.
    /// Calling it again with the same filters in the same order (versions aside) replaces that
    /// group's versions and keeps the matched tables, so a per-frame update of two filters
    /// allocates nothing. The alternatives take table components.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for an alternative naming a
    ///   sparse-set component; the errors of ``added(_:since:)`` and ``World/componentID(for:)``.
    @discardableResult
    public func or(_ first: QueryFilter, _ second: QueryFilter, _ more: QueryFilter...) throws(ECSError) -> Self {
        try addGroup(count: 2 + more.count) { $0 == 0 ? first : $0 == 1 ? second : more[$0 - 2] }
    }

    /// Only tables holding at least one of `types` (bevy's `Or<(With<A>, With<B>)>`):
    /// `query.withAny(Player.self, Enemy.self)`.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for fewer than two types; the
    ///   errors of ``or(_:_:_:)``.
    @discardableResult
    public func withAny<each C>(_ types: repeat (each C).Type) throws(ECSError) -> Self {
        var filters: [QueryFilter] = []
        for type in repeat each types { filters.append(.with(type)) }
        guard filters.count >= 2 else {
            throw ECSError(.invalidArgument, "withAny needs at least two component types (got \(filters.count)); use with(_:) for one")
        }
        return try addGroup(count: filters.count) { filters[$0] }
    }

    /// Adds the `or` group of the `count` filters `filter(0..<count)`, or replaces the versions
    /// of a group of the same filters (in place, allocating nothing).
    private func addGroup(count: Int, _ filter: (Int) -> QueryFilter) throws(ECSError) -> Self {
        for group in orGroups.indices where orGroups[group].alternatives.count == count {
            var same = true
            for k in 0..<count {
                let alternative = try resolve(filter(k))
                let existing = orGroups[group].alternatives[k]
                if alternative.id != existing.id || alternative.kind.shape != existing.kind.shape {
                    same = false
                    break
                }
            }
            guard same else { continue }
            for k in 0..<count { orGroups[group].alternatives[k].kind = filter(k).kind }
            return self
        }
        var alternatives: [OrGroup.Alternative] = []
        for k in 0..<count {
            let alternative = try resolve(filter(k))
            alternatives.append(alternative)
            switch alternative.kind {
            case .with, .without: break
            case .changed: accesses.append((filter(k).component, false))
            case .added:
                try trackAdditions(of: filter(k).component, alternative.id)
                accesses.append((filter(k).component, false))
            }
        }
        orGroups.append(OrGroup(alternatives: alternatives))
        return reset()
    }

    /// The group alternative of `filter`, its component resolved (registered on first use).
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a sparse-set component.
    private func resolve(_ filter: QueryFilter) throws(ECSError) -> OrGroup.Alternative {
        func id<C>(_: C.Type) throws(ECSError) -> ComponentID { try world.componentID(for: C.self) }
        let id = try id(filter.component)
        if unsafe world.sparseSet(id) != nil {
            throw ECSError(
                .invalidArgument,
                "an or filter names \(filter.component), a sparse-set component; or filters take table components")
        }
        return OrGroup.Alternative(kind: filter.kind, id: id)
    }

    /// Starts recording the additions of component `id` (of type `type`) if nothing records
    /// them yet; values present now count as added at a fresh version.
    /// - Throws: ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` while a loop or a
    ///   parallel system runs and the component is not recorded yet.
    private func trackAdditions(of type: Any.Type, _ id: ComponentID) throws(ECSError) {
        guard !world.componentTypes[id.rawValue].tracksAdditions else { return }
        guard !world.isIterating else {
            throw ECSError(
                .structuralChangeDuringIteration,
                "the first added filter on \(type) starts recording its additions, which needs the world alone; make the query before loops and parallel systems run")
        }
        world.fillPendingHole()
        // SAFETY: `storage` is valid for the world's lifetime; no loop or batch runs (checked above).
        unsafe world.storage.pointee.trackAdditions(of: id, version: world.nextVersion())
        world.iterations.bitwiseOr(World.additionsTrackedBit, ordering: .relaxed)
    }
}
