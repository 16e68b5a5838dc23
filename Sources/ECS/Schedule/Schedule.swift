import Synchronization

/// Runs systems in the order they were added, in parallel where their accesses are disjoint.
///
/// Systems are grouped into batches: a system joins the batch being built when it conflicts
/// with none of its members, otherwise it starts the next batch, so a system always runs after
/// every earlier system it conflicts with. Within a batch systems run on up to `threads`
/// threads with structural changes locked out; each system's ``Commands`` are applied after
/// the batch in system order. Results therefore do not depend on the thread count.
public final class Schedule {
    /// Most threads a batch uses.
    public let threads: Int
    private var systems: [any System] = []
    private var commands: [Commands] = []
    private var batches: [Range<Int>] = []
    /// The running-system record of each system, reused by every run.
    private var runningSlots: [RunningSystemSlot] = []
    /// The error of each system in the batch being run, or nil; reset after each batch, so
    /// runs allocate no per-batch scratch.
    private let failures = Mutex<[(any Error)?]>([])

    /// An empty schedule using up to `threads` threads.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when `threads` is below 1.
    public init(threads: Int = 1) throws(ECSError) {
        guard threads >= 1 else { throw ECSError(.invalidArgument, "thread count must be at least 1 (got \(threads))") }
        self.threads = threads
    }

    /// Appends a system. A system added again starts a new batch, so one instance never runs
    /// on two threads at once.
    public func add(_ system: any System) {
        let index = systems.count
        if let last = batches.last,
           !systems[last].contains(where: { $0 === system || $0.access.conflicts(with: system.access) }) {
            batches[batches.count - 1] = last.lowerBound..<(index + 1)
        } else {
            batches.append(index..<(index + 1))
        }
        systems.append(system)
        commands.append(Commands())
        runningSlots.append(RunningSystemSlot(RunningSystem(name: system.name, access: system.access, world: ObjectIdentifier(self))))
        failures.withLock { $0.append(nil) }
    }

    /// The system names of each batch, in run order.
    public var batchNames: [[String]] {
        batches.map { systems[$0].map(\.name) }
    }

    /// Runs every system once.
    ///
    /// Every non-exclusive system runs with structural changes locked out, alone or not, so a
    /// system behaves the same whatever else is scheduled: it records structural changes in
    /// its ``SystemContext/commands``. An exclusive system runs alone and may change the world
    /// directly. Each system runs as the thread's ``RunningSystem``, so its query loops and resource
    /// accesses are checked against its declared access.
    /// - Throws: The first error (in system order) of a batch, after the batch finished and
    ///   its commands were applied; later batches do not run.
    public func run(_ world: World, deltaTime: Double = 0) throws {
        world.runningSchedules.add(1, ordering: .relaxed)
        defer { world.runningSchedules.subtract(1, ordering: .relaxed) }
        let worldID = ObjectIdentifier(world)
        for slot in runningSlots where slot.system.world != worldID { slot.system.world = worldID }
        for batch in batches {
            if batch.count == 1 && systems[batch.lowerBound].access.isExclusive {
                runSystem(batch.lowerBound, world, deltaTime)
            } else {
                // The batch's systems refresh their queries on several threads at once: no
                // destroy may leave them a row to fill.
                world.fillPendingHole()
                world.beginIteration()
                let shared = WorldShare((schedule: self, world: world))
                ParallelExecutor.run(jobs: batch.count, threads: threads) { job in
                    shared.value.schedule.runSystem(batch.lowerBound + job, shared.value.world, deltaTime)
                }
                world.endIteration()
            }
            var firstError = takeFirstFailure(in: batch)
            for index in batch {
                do { try world.apply(commands[index]) } catch { firstError = firstError ?? error }
            }
            world.diagnostics.count(.systemRuns, by: batch.count)
            if let firstError {
                if let error = firstError as? ECSError { world.diagnostics.record(error) }
                throw firstError
            }
        }
        world.diagnostics.count(.frames)
    }

    /// Runs system `index` as this thread's ``RunningSystem`` and records its error, if any.
    private func runSystem(_ index: Int, _ world: World, _ deltaTime: Double) {
        let system = systems[index]
        let failure: (any Error)? = RunningSystem.withCurrent(runningSlots[index]) {
            do {
                try system.run(SystemContext(world: world, commands: commands[index], deltaTime: deltaTime))
                return nil
            } catch {
                return error
            }
        }
        if let failure { failures.withLock { $0[index] = failure } }
    }

    /// The first recorded error of `batch`'s systems, in system order; clears their slots.
    private func takeFirstFailure(in batch: Range<Int>) -> (any Error)? {
        failures.withLock { slots in
            var first: (any Error)?
            for index in batch {
                if first == nil { first = slots[index] }
                slots[index] = nil
            }
            return first
        }
    }
}
