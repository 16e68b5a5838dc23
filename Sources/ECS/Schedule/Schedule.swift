import Dispatch
import Synchronization

/// Runs systems as a dependency graph: each system starts as soon as the systems it depends on
/// have ended, on up to `threads` threads.
///
/// A system depends on the systems its ``SystemOrdering`` puts before it, and on every system
/// added earlier whose access conflicts with its own and that no explicit order already relates
/// (`ScheduleGraph`). Systems that conflict therefore never overlap and always run in the same
/// order, so results do not depend on the thread count. Non-exclusive systems run with
/// structural changes locked out and record them in their ``Commands``, which are applied in
/// the order the systems were added once every system up to the next exclusive system (or the
/// end of the run) has ended. An exclusive system runs alone and may change the world directly.
public final class Schedule {
    /// Most threads a run uses.
    public let threads: Int
    /// Whether each run measures how long each system ran (``lastDurations()``): two clock
    /// reads per system.
    public var measuresSystems = false
    private var systems: [any System] = []
    private var orderings: [SystemOrdering] = []
    /// Sets declared to exist even with no system in them (``declareSet(_:)``).
    private var declaredSets: Set<String> = []
    private var commands: [Commands] = []
    /// The running-system record of each system, reused by every run.
    private var runningSlots: [RunningSystemSlot] = []
    /// The graph and the scratch of a run, rebuilt when systems or orders change.
    private var plan: SchedulePlan?

    /// An empty schedule using up to `threads` threads.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when `threads` is below 1.
    public init(threads: Int = 1) throws(ECSError) {
        guard threads >= 1 else { throw ECSError(.invalidArgument, "thread count must be at least 1 (got \(threads))") }
        self.threads = threads
    }

    /// The number of systems added.
    public var count: Int { systems.count }

    /// Appends a system with `ordering` and returns its position. A system added again never
    /// runs at the same time as itself.
    @discardableResult
    public func add(_ system: any System, _ ordering: SystemOrdering = SystemOrdering()) -> Int {
        systems.append(system)
        orderings.append(ordering)
        let buffer = Commands()
        commands.append(buffer)
        runningSlots.append(
            RunningSystemSlot(RunningSystem(name: system.name, access: system.access, world: ObjectIdentifier(self)), commands: buffer))
        plan = nil
        return systems.count - 1
    }

    /// The system at `position`.
    public func system(at position: Int) -> any System { systems[position] }

    /// Declares the set `name`, so that systems may be ordered against it while it has no
    /// members: an order against an empty declared set orders against nothing, where an order
    /// against a label that names nothing at all is an error. Plugins declare the sets they
    /// order against (the draw layers of the render stage) without needing each other.
    public func declareSet(_ name: String) {
        guard declaredSets.insert(name).inserted else { return }
        plan = nil
    }

    /// Changes the ordering of the system at `position`.
    public func reorder(_ position: Int, _ change: (inout SystemOrdering) -> Void) {
        change(&orderings[position])
        plan = nil
    }

    /// For each system, in the order added: its name and the names of the systems it waits for.
    /// - Throws: The errors of building the graph (see ``run(_:deltaTime:)``).
    public func dependencies() throws(ECSError) -> [(system: String, after: [String])] {
        let graph = try prepare().graph
        return systems.indices.map { index in
            (systems[index].name, systems.indices.filter { graph.successors[$0].contains(index) }.map { systems[$0].name })
        }
    }

    /// The names of the systems in a topological order: the order a one-thread run uses.
    /// - Throws: The errors of building the graph (see ``run(_:deltaTime:)``).
    public func order() throws(ECSError) -> [String] {
        try prepare().graph.order.map { systems[$0].name }
    }

    /// How long each system ran in the last run, in monotonic nanoseconds (0 for a system that
    /// did not run), in the order added; all 0 unless ``measuresSystems``.
    public func lastDurations() -> [(system: String, nanoseconds: UInt64)] {
        let durations = plan?.durations ?? []
        return systems.indices.map { ($0 < durations.count ? (systems[$0].name, durations[$0]) : (systems[$0].name, 0)) }
    }

    /// The pairs of systems whose accesses conflict and that no explicit order relates; the
    /// schedule runs them in the order added. An empty list means every conflict is ordered
    /// on purpose.
    /// - Throws: The errors of building the graph (see ``run(_:deltaTime:)``).
    public func ambiguities() throws(ECSError) -> [SystemAmbiguity] {
        try prepare().graph.ambiguities.map { SystemAmbiguity(first: systems[$0.0].name, second: systems[$0.1].name) }
    }

    /// Runs every system whose conditions hold, once.
    ///
    /// Every non-exclusive system runs with structural changes locked out, alone or not, so a
    /// system behaves the same whatever else is scheduled: it records structural changes in
    /// its ``SystemContext/commands``. Each system runs as the thread's ``RunningSystem``, so
    /// its query loops and resource accesses are checked against its declared access. A system
    /// that throws stops the systems that depend on it (directly or not) from running; the
    /// others of its segment still run.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for an order naming no system or
    ///   set, ``ECSError/Code-swift.enum/cycle`` for a cycle of orders (both before anything
    ///   runs); otherwise the first error, in the order the systems were added, of the segment
    ///   where one failed, after the segment ended and its commands were applied. Later segments
    ///   do not run.
    public func run(_ world: World, deltaTime: Double = 0) throws {
        let plan = try prepare()
        world.runningSchedules.add(1, ordering: .relaxed)
        defer { world.runningSchedules.subtract(1, ordering: .relaxed) }
        let worldID = ObjectIdentifier(world)
        for slot in runningSlots where slot.system.world != worldID { slot.system.world = worldID }
        plan.start(orderings, world: world)
        for segment in plan.graph.segments {
            if segment.isExclusive {
                let index = segment.order[0]
                if !plan.isSkipped(index) { runSystem(index, world, deltaTime, plan) }
            } else {
                // The segment's systems refresh their queries on several threads at once: no
                // destroy may leave them a row to fill.
                world.fillPendingHole()
                world.beginIteration()
                let shared = UncheckedSendable((schedule: self, world: world, plan: plan))
                plan.runSegment(segment.order, threads: threads) { index in
                    shared.value.schedule.runSystem(index, shared.value.world, deltaTime, shared.value.plan)
                }
                world.endIteration()
            }
            var firstError = plan.firstFailure(in: segment)
            for index in segment.members {
                do { try world.apply(commands[index]) } catch { firstError = firstError ?? error }
            }
            world.diagnostics.count(.systemRuns, by: plan.ranCount(in: segment))
            if let firstError {
                if let error = firstError as? ECSError { world.diagnostics.record(error) }
                throw firstError
            }
        }
        world.diagnostics.count(.frames)
    }

    /// The plan for the current systems and orders, built when they changed.
    private func prepare() throws(ECSError) -> SchedulePlan {
        if let plan { return plan }
        let built = SchedulePlan(graph: try ScheduleGraph(systems: systems, orderings: orderings, declaredSets: declaredSets))
        plan = built
        return built
    }

    /// Runs system `index` as this thread's ``RunningSystem`` and records its error, if any.
    private func runSystem(_ index: Int, _ world: World, _ deltaTime: Double, _ plan: SchedulePlan) {
        let system = systems[index]
        let start = measuresSystems ? MonotonicNanoseconds.now() : 0
        let failure: (any Error)? = RunningSystem.withCurrent(runningSlots[index]) {
            do {
                try system.run(SystemContext(world: world, commands: commands[index], deltaTime: deltaTime))
                return nil
            } catch {
                return error
            }
        }
        plan.finish(index, failure: failure, nanoseconds: measuresSystems ? MonotonicNanoseconds.now() &- start : 0)
    }
}
