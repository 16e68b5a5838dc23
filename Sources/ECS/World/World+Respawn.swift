import Synchronization

extension World {
    /// Replaces each entity of `entities` with a new one spawned with the components `make(k)`
    /// gives for the `k`-th, and writes the new entity in its place in the array: the particle
    /// system's respawn of its dead, in one call that can use several threads.
    ///
    /// ```swift
    /// var dead: [Entity] = …  // the particles whose life ran out this frame
    /// try world.respawn(&dead, threads: 2) { k in (Position(x: 0, y: 0), Lifetime(seconds: 5)) }
    /// ```
    ///
    /// The world afterwards is exactly what this loop leaves, with the same ids, rows,
    /// versions and counters:
    /// ```swift
    /// for k in entities.indices {
    ///     try world.destroy(entities[k])
    ///     entities[k] = try world.spawn(make(k))
    /// }
    /// ```
    /// In that loop each new entity takes the row its predecessor left when both live in the
    /// same table of plain-bits components. When every listed entity does, and the world has no
    /// sparse-set component and no observer, the pairs are independent: they run in blocks of
    /// ``respawnBlockSize`` on up to `threads` threads, each writing only its own slots and rows,
    /// so the result is the same for any thread count. Otherwise the loop above runs on the
    /// calling thread.
    ///
    /// `make` may run on several threads at once, while rows are being rewritten: it must
    /// compute the values from `k` and what it captured, not read the world. Structural changes
    /// inside it are rejected.
    ///
    /// Either every entity is replaced or, when the list names an entity that is not alive or
    /// names one twice, none is and the world is unchanged.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive,
    ///   ``ECSError/Code-swift.enum/invalidArgument`` for a thread count below 1, an entity
    ///   listed twice or a repeated component type, and the other errors of ``spawn(_:)`` (a
    ///   capacity error of the loop leaves the pairs before it done, as the loop would).
    ///
    /// Inlinable, so that the block loop is specialised for the components: the values then go
    /// from `make` to their rows without generic code.
    @inlinable
    public func respawn<each C>(
        _ entities: inout [Entity], threads: Int = 1, _ make: @Sendable (Int) -> (repeat each C)
    ) throws(ECSError) {
        guard threads >= 1 else { throw ECSError(.invalidArgument, "thread count must be at least 1 (got \(threads))") }
        try checkStructuralChange()
        let bundle = try self.bundle(repeat (each C).self)
        guard !entities.isEmpty else { return }
        // With observers each pair is a destroy and a spawn, so that both are observed.
        let inPlace = try unsafe checkRespawnList(entities, bundle: bundle, threads: threads) && !isObserved
        guard inPlace else {
            for k in entities.indices {
                let values = withCallbackGuard { make(k) }
                try destroy(entities[k])
                entities[k] = try spawn(repeat each values)
            }
            return
        }
        let plan = try unsafe planRespawn(entities, bundle: bundle)
        let blocks = (entities.count + Self.respawnBlockSize - 1) / Self.respawnBlockSize
        // SAFETY: the plan's blocks write disjoint slots and rows (see `RespawnPlan`); each row
        // is initialised once, by moving a whole tuple out of the block's temporary. The
        // callback guard keeps `make` from changing the structure meanwhile.
        withCallbackGuard {
            unsafe entities.withUnsafeMutableBufferPointer { list in
                let shared = unsafe UncheckedSendable((list: list, plan: plan))
                ParallelExecutor.run(jobs: blocks, threads: threads) { block in
                    let (list, plan) = unsafe shared.value
                    let start = block &* Self.respawnBlockSize
                    unsafe withUnsafeTemporaryAllocation(of: (repeat each C).self, capacity: 1) { values in
                        let tuple = unsafe values.baseAddress.unsafelyUnwrapped
                        for k in start..<Swift.min(start &+ Self.respawnBlockSize, list.count) {
                            let (new, row) = unsafe plan.replace(list[k], number: k)
                            unsafe tuple.initialize(to: make(k))
                            unsafe plan.bundle.initializeRow(row, movingFrom: UnsafeMutableRawPointer(tuple))
                            unsafe list[k] = new
                        }
                    }
                }
            }
        }
        unsafe finishRespawn(count: entities.count, in: plan.table)
    }

    /// Listed entities per block of a parallel ``respawn(_:threads:_:)``.
    public static let respawnBlockSize = 1024

    /// Checks that every entity of `entities` is alive and listed once; returns whether each
    /// can take its own row in place (see ``respawn(_:threads:_:)``): all live in the bundle's
    /// table, whose components are plain bits and untracked by `added` filters (a spawn stamps
    /// their added ticks), and the world has no sparse-set component (so neither has the bundle).
    /// The liveness checks, one cache miss each in a large world, run on up to `threads`
    /// threads; the duplicate check marks each index in a bitmap on the calling thread.
    @unsafe @usableFromInline
    func checkRespawnList(_ entities: [Entity], bundle: SpawnBundle, threads: Int) throws(ECSError) -> Bool {
        let firstStale = Atomic<Int>(Int.max)
        let elsewhere = Atomic<Bool>(false)
        let shared = unsafe UncheckedSendable((slots: storage.pointee.slots, table: tableStorage(bundle.table)))
        let blocks = (entities.count + Self.respawnBlockSize - 1) / Self.respawnBlockSize
        unsafe entities.withUnsafeBufferPointer { list in
            let list = unsafe UncheckedSendable(list)
            ParallelExecutor.run(jobs: blocks, threads: threads) { block in
                let start = block * Self.respawnBlockSize
                for k in unsafe start..<Swift.min(start + Self.respawnBlockSize, list.value.count) {
                    guard let location = unsafe shared.value.slots.location(of: list.value[k]) else {
                        firstStale.min(k, ordering: .relaxed)
                        continue
                    }
                    if unsafe location.table != shared.value.table { elsewhere.store(true, ordering: .relaxed) }
                }
            }
        }
        let stale = firstStale.load(ordering: .relaxed)
        if stale != Int.max { throw ECSError.stale(entities[stale]) }
        if let repeated = unsafe storage.pointee.respawnMarks.firstRepeated(in: entities, slotCount: slots.count) {
            throw ECSError(.invalidArgument, "respawn lists entity \(repeated) more than once")
        }
        let table = unsafe tableStorage(bundle.table)
        return unsafe !elsewhere.load(ordering: .relaxed) && !table.pointee.ownsReferences
            && storage.pointee.sparseSets.coverage == 0 && table.pointee.addedTicks == nil
    }

    /// Takes the ids of an in-place respawn of the checked list `entities` as the loop's spawns
    /// would take them (the free list from its top, then new slots) and queues the retired ids
    /// in list order; returns the plan the blocks follow.
    @unsafe @usableFromInline
    func planRespawn(_ entities: [Entity], bundle: SpawnBundle) throws(ECSError) -> RespawnPlan {
        let reused = Swift.min(entities.count, freeIDs.count)
        guard entities.count - reused <= Int(UInt32.max) - slots.count else {
            throw ECSError(.capacity, "entity index space exhausted (\(UInt32.max) slots)")
        }
        let firstFresh = slots.append(entities.count - reused)
        for entity in entities where entity.generation &+ 1 != UInt32.max {
            pendingFree.push(Entity(index: entity.index, generation: entity.generation &+ 1))
        }
        let reusedTop = freeIDs.count
        freeIDs.count -= reused
        return unsafe RespawnPlan(
            slots: storage.pointee.slots.base, freeIDs: storage.pointee.freeIDs.base, reusedTop: reusedTop,
            reused: reused, firstFresh: firstFresh, table: tableStorage(bundle.table), bundle: bundle)
    }

    /// Stamps the table and counts the work of an in-place respawn of `count` entities: the
    /// loop's destroys and spawns each take one version, and the table keeps the last.
    @unsafe @usableFromInline
    func finishRespawn(count: Int, in table: UnsafeMutablePointer<TableStorage>) {
        let version = clock.load(ordering: .relaxed) &+ 2 &* UInt64(count)
        clock.store(version, ordering: .relaxed)
        unsafe table.pointee.structuralVersion = version
        diagnostics.countExclusive(.destroyed, by: count)
        diagnostics.countExclusive(.spawned, by: count)
    }
}
